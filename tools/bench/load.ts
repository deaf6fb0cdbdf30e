import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalServer } from '../lib/local-server.ts';
import { percentile, runLoad, type LoadResult } from '../lib/load-generator.ts';
import { callbackRequest, startLoopbackSiteverify } from '../lib/loopback-siteverify.ts';

/**
 * `npm run bench:load [-- --concurrency 100 --callbacks 1000 --root <checkout>]`: the real
 * server on a fresh embedded database (or DATABASE_URL), callback requests at the given
 * concurrency, and meanwhile a monitor asking the health endpoints as a load balancer
 * would. Prints throughput and latency percentiles. Loopback only; bounded in count and time.
 * The human check is Turnstile's, answered on loopback (see loopback-siteverify.ts). `--root` runs another checkout (e.g. an older
 * commit) so before and after can be compared with the same load.
 */
const { values: args } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '100' },
    callbacks: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '120' },
    root: { type: 'string' },
    port: { type: 'string', default: '3163' },
  },
});
const concurrency = Number(args.concurrency);
const callbacks = Number(args.callbacks);

const siteverify = await startLoopbackSiteverify();
// A two-page site, so readiness can say yes without a full build.
const dist = mkdtempSync(join(tmpdir(), 'bench-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Bench</title>');
writeFileSync(join(dist, 'admin.html'), '<!doctype html><title>Bench</title>');
const server = await startLocalServer(
  {
    PORT: args.port,
    DIST_DIR: dist,
    TRUST_PROXY: 'true',
    ...siteverify.env,
  },
  { root: args.root },
);
const { base } = server;

const callback = (i: number) => callbackRequest(base, i);

/** One request per path every 100 ms while the load runs, as a load balancer's checks would. */
async function monitor(path: string, running: () => boolean): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  while (running()) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${path}`);
      await res.arrayBuffer();
      if (!res.ok) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

const row = (name: string, count: number, seconds: number | null, latencies: number[], failures: number) =>
  `| ${name} | ${count} | ${seconds ? Math.round(count / seconds) : '–'} | ${percentile(latencies, 0.5).toFixed(0)} | ${percentile(latencies, 0.95).toFixed(0)} | ${percentile(latencies, 0.99).toFixed(0)} | ${percentile(latencies, 1).toFixed(0)} | ${failures} |`;

try {
  // Unloaded, one at a time: the service time of a callback.
  const alone = await runLoad({ base, concurrency: 1, maxRequests: 50, maxMs: 30_000, send: (i) => callback(1_000_000 + i) });
  let loading = true;
  const paths = ['/api/v1/health', '/api/v1/health/ready', '/api/v1/health/live'];
  const monitors = paths.map((path) => monitor(path, () => loading));
  const load: LoadResult = await runLoad({ base, concurrency, maxRequests: callbacks, maxMs: Number(args.seconds) * 1000, send: callback });
  loading = false;
  const checks = await Promise.all(monitors);
  const failed = (result: LoadResult) => result.requests - (result.outcomes['201'] ?? 0);

  console.log(
    `\nDatabase: ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite (PGLITE_FSYNC=${process.env.PGLITE_FSYNC ?? 'true'})`}; code: ${args.root ?? 'this checkout'}\n`,
  );
  console.log('| load | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | not 201/200 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  console.log(row('callbacks, one at a time', alone.requests, alone.seconds, alone.latencies, failed(alone)));
  console.log(row(`callbacks at concurrency ${concurrency}`, load.requests, load.seconds, load.latencies, failed(load)));
  for (const [i, path] of paths.entries()) {
    console.log(row(`GET ${path} during that load`, checks[i]!.latencies.length, null, checks[i]!.latencies, checks[i]!.failures));
  }
  console.log(`\nOutcomes at concurrency ${concurrency}: ${JSON.stringify(load.outcomes)}; server exit code: ${server.exitCode() ?? 'still running'}`);
} finally {
  await server.stop();
  siteverify.close();
  rmSync(dist, { recursive: true, force: true });
}
