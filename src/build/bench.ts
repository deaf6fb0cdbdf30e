import type { Challenge } from 'altcha-lib';
import { startLocalServer } from './local-server.ts';
import { solveHumanCheck } from '../lib/human-check-client.ts';

/**
 * `npm run bench`: starts the real server on a fresh embedded database and measures, on
 * loopback only, start-up time and throughput of a page, the health check and the contact
 * endpoint. Every loop has a fixed request count; nothing is asserted, only reported.
 * Build the site first (`npm run build`).
 */
// Many visitors behind a proxy: each request gives its own address, as the per-address limit expects.
const server = await startLocalServer({ TRUST_PROXY: 'true' });
const { base } = server;

type Result = { name: string; requests: number; seconds: number; p50: number; p95: number; failures: number };

async function run(name: string, requests: number, concurrency: number, make: (i: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        const t0 = performance.now();
        const res = await make(i);
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, requests, seconds, p50: pick(0.5), p95: pick(0.95), failures };
}

/** Contact posts to time; each carries a human check solved beforehand, as a browser would. */
const CONTACTS = 100;

try {
  const startup = server.startupMs;
  const fetchChallenge = async () => ((await (await fetch(`${base}/api/v1/challenge`)).json()) as { challenge: Challenge }).challenge;
  const solved: string[] = [];
  for (let i = 0; i < CONTACTS; i++) solved.push((await solveHumanCheck(fetchChallenge)).payload);
  const results = [
    await run('GET / (brotli)', 3000, 20, () => fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } })),
    await run('GET /api/v1/health', 3000, 20, () => fetch(`${base}/api/v1/health`)),
    await run('POST /api/v1/contacts/create', CONTACTS, 10, (i) =>
      fetch(`${base}/api/v1/contacts/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
        body: JSON.stringify({
          name: `Bench ${i}`,
          email: `bench${i}@example.ie`,
          phone: '0871234567',
          subject: 'Van insurance for convicted drivers',
          message: 'Benchmark request',
          humanCheck: solved[i],
        }),
      }),
    ),
  ];
  console.log(`\nStart-up to first healthy answer: ${Math.round(startup)} ms (database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite, new'})\n`);
  console.log('| endpoint | requests | req/s | p50 ms | p95 ms | failures |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.requests} | ${Math.round(r.requests / r.seconds)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.failures} |`);
  }
} finally {
  await server.stop();
}
