import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { canPin, cpuMsOf, hasCommand, LOAD_CORE, onCore, pinToLoadCore, pinToServerCore } from '../lib/cores.ts';
import { BenchGaveUp, loadAverage, waitFor, withSpread } from '../lib/bench-rounds.ts';
import { startLocalServer } from '../lib/local-server.ts';
import { resolveSecretKey } from '#src/server/auth/crypto.ts';
import { solvedChecks } from '../lib/solve-human-check.ts';
import { startSmtpSink } from '../lib/smtp-sink.ts';
import { throwawayPostgres } from '../lib/throwaway-postgres.ts';

/**
 * `npm run bench`: starts the real server on a fresh embedded database (or, with
 * DATABASE_URL set, a throwaway PostgreSQL database beside it) and measures, on loopback
 * only, start-up time and throughput of a page, the health check and the contact endpoint.
 * On PostgreSQL it then runs pgbench with the same statement a contact create sends
 * (tools/bench/contact.sql), prepared as the app prepares it, with as many clients for as
 * long as the app's run, in rounds that alternate the two after a warm-up round, and reports
 * the app's share of what the database alone does (medians, with their spread). The server's mail goes over SMTP to a sink in this process, as
 * production's goes to its relay (the file transport's one file per mail costs far more on a
 * slow disk than a pooled SMTP connection). Every loop has a fixed request count; nothing is
 * asserted, only reported. Build the site first (`npm run build`). The server and pgbench
 * both connect as DATABASE_URL says: over TCP, or over the Unix socket with `?host=<folder>`.
 *
 *   npm run bench -- --contacts 2000 --only contacts [--wrk-seconds 10] [--rounds 3]
 *   DATABASE_URL='postgres://postgres@localhost/postgres?host=/var/run/postgresql' npm run bench -- --only contacts
 */
const { values } = parseArgs({
  options: {
    contacts: { type: 'string', default: '100' },
    only: { type: 'string' },
    concurrency: { type: 'string', default: '10' },
    'wrk-seconds': { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
/** Contact posts to time; each carries a human check solved beforehand, as a browser would. */
const CONTACTS = Number(values.contacts);
const CLIENTS = Number(values.concurrency);
/** Alternated rounds of the app under wrk and pgbench (with DATABASE_URL). */
const ROUNDS = Number(values.rounds);

const postgres = process.env.DATABASE_URL ? await throwawayPostgres(process.env.DATABASE_URL, 'bench') : null;
// Many visitors behind a proxy: each request gives its own address, as the per-address limit expects;
// the budget is raised so that every one of them is measured, not refused.
// The server's secret is the bench's too, so it makes the human checks the server would (below).
const APP_SECRET = randomBytes(32).toString('base64');
// The mail goes over SMTP, as in production, to a sink in this process.
const smtp = await startSmtpSink();
const server = await startLocalServer({
  TRUST_PROXY: 'true',
  FORM_RATE_LIMIT: '100000',
  APP_SECRET,
  SMTP_URL: smtp.url,
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
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

/** CPU time (user and system) the server process has used so far, in ms. */
const serverCpuMs = () => cpuMsOf(server.pid);

pinToServerCore(server.pid);
// This process (the fetch client and the SMTP sink) works beside wrk and pgbench, off the server's core.
pinToLoadCore(process.pid);
const hasWrk = hasCommand('wrk');

/**
 * The contact create driven by wrk (a C client, cheaper than fetch here) for `seconds`, one
 * solved human check a request: requests a second and failures. Null without wrk.
 */
async function wrkContacts(bodies: string[], seconds: number): Promise<{ rate: number; failures: number; requests: number } | null> {
  if (!hasWrk) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-contacts-'));
  try {
    writeFileSync(join(dir, 'bodies.jsonl'), `${bodies.join('\n')}\n`);
    const [command, pre] = onCore(LOAD_CORE, 'wrk');
    const { stdout } = await promisify(execFile)(
      command,
      [...pre, '-t1', `-c${CLIENTS}`, `-d${seconds}s`, '-s', join(import.meta.dirname, 'contact.lua'), `${base}/`],
      { env: { ...process.env, BENCH_BODIES: join(dir, 'bodies.jsonl') } },
    );
    const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
    // wrk's rate is over the whole duration: a run that used up its bodies early would understate it.
    if (requests + CLIENTS >= bodies.length)
      throw new Error(`wrk used up its ${bodies.length} bodies (4 times the fetch client's rate): the server ran faster than that`);
    return {
      requests,
      rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]),
      failures: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits (up to a minute) until the outbox has no mail left to send. */
async function outboxDrained(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await waitFor(
      'the outbox to send its mail',
      async () => {
        const { rows } = await client.query<{ queued: number }>(`select count(*)::int as queued from outbox where status = 'queued'`);
        return rows[0]?.queued === 0 ? true : undefined;
      },
      { timeoutMs: 60_000 },
    );
  } finally {
    await client.end();
  }
}

/**
 * Whether a connection string names a Unix socket's folder (`?host=/var/run/postgresql`), as
 * libpq and node-postgres both read it. On loopback TCP the sender pays for both ends of the
 * kernel's network path, so the app's CPU per create, though not pgbench's rate, depends on it.
 */
const overUnixSocket = (url: string) => new URL(url).searchParams.get('host')?.startsWith('/') ?? false;

/** pgbench with the contact create's statement for `seconds`, on the database the server used: transactions per second. */
async function pgbench(url: string, seconds: number): Promise<number> {
  const script = join(import.meta.dirname, 'contact.sql');
  const [command, pre] = onCore(LOAD_CORE, 'pgbench');
  // Prepared, as the app's named statement is (store_callback_request), and for as long as the
  // app's run: a run of a fraction of a second that parsed each statement overstated the app.
  const { stdout } = await promisify(execFile)(
    command,
    [...pre, '-n', '-M', 'prepared', '-c', String(CLIENTS), '-j', '1', '-T', String(seconds), '-f', script, url],
    { timeout: (seconds + 60) * 1000 },
  );
  const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench gave no figure:\n${stdout}`);
  return Number(tps);
}

let cpuPerContact = 0;
try {
  const startup = server.startupMs;
  // Human checks as the server makes them (signed with its secret), each with its answer
  // chosen, so solving one is a single digest: solving the server's own took 25 ms each, which
  // held the wrk run to the two seconds a few thousand lasted. The server verifies them as it
  // verifies a browser's.
  const secretKey = resolveSecretKey(APP_SECRET, '');
  const solved = await solvedChecks(secretKey, CONTACTS);
  const contactBody = (i: number, humanCheck: string) =>
    JSON.stringify({
      name: `Bench ${i}`,
      email: `bench${i}@example.ie`,
      phone: '0871234567',
      subject: 'Van insurance for convicted drivers',
      message: 'Benchmark request',
      humanCheck,
    });
  const everything = values.only !== 'contacts';
  const results = [
    ...(everything ? [await run('GET / (brotli)', 3000, 20, () => fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } }))] : []),
    ...(everything ? [await run('GET /api/v1/health', 3000, 20, () => fetch(`${base}/api/v1/health`))] : []),
    await (async () => {
      const cpuBefore = serverCpuMs();
      const result = await run('POST /api/v1/contacts/create', CONTACTS, CLIENTS, (i) =>
        fetch(`${base}/api/v1/contacts/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
          body: contactBody(i, solved[i]!),
        }),
      );
      // The server's own CPU per create: on a busy shared machine a steadier figure than throughput.
      cpuPerContact = (serverCpuMs() - cpuBefore) / CONTACTS;
      return result;
    })(),
  ];
  console.log(
    `\nStart-up to first healthy answer: ${Math.round(startup)} ms (database: ${postgres ? `PostgreSQL over ${overUnixSocket(postgres.url) ? 'its Unix socket' : 'TCP'}` : 'PGlite, new'})\n`,
  );
  console.log('| endpoint | requests | req/s | p50 ms | p95 ms | failures |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.requests} | ${Math.round(r.requests / r.seconds)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.failures} |`);
  }
  if (postgres) {
    const contact = results.at(-1)!;
    const appRate = contact.requests / contact.seconds;
    const pinning = canPin ? 'load on core 0, server on core 1' : 'not pinned';
    console.log(
      `\nContact create (${CLIENTS} clients each, ${pinning}), fetch client: app ${Math.round(appRate)} req/s, server CPU ${cpuPerContact.toFixed(2)} ms each.`,
    );
    if (!hasWrk) console.log('(install wrk for the rounds with a C client beside pgbench)');
    // Rounds alternate the app under wrk and pgbench, so that a slow spell of a shared machine
    // falls on both sides of some round rather than on one side of the only one; the medians are the figures.
    const wrkSeconds = Number(values['wrk-seconds']);
    const rounds: { tps: number; rate: number; cpu: number; mailCpu: number; fairRate: number }[] = [];
    let bodiesMade = CONTACTS;
    /** The fastest rate seen so far, the warm-up round's included. */
    let fastest = appRate;
    // Round 0 warms both sides up (the server's statement cache, the database's buffers) and is not counted.
    for (let round = 0; hasWrk && round <= ROUNDS; round++) {
      // Every round starts with the mail of the ones before it sent.
      await outboxDrained(postgres.url);
      // wrk runs for a fixed time, long enough that the outbox job's batches fall within it as
      // they do in steady use, with bodies enough for up to 4 times the fetch client's rate (a check is spent once).
      // (at least 500 a second: the fetch client's rate is a cold server's, which wrk's warm one outruns).
      const checks = await solvedChecks(secretKey, Math.ceil(Math.max(500, 4 * fastest) * wrkSeconds));
      const bodies = checks.map((check, i) => contactBody(bodiesMade + i, check));
      bodiesMade += bodies.length;
      const mailedBefore = smtp.messageIds.size;
      const cpuBefore = serverCpuMs();
      const viaWrk = (await wrkContacts(bodies, wrkSeconds))!;
      const cpuAtWrkEnd = serverCpuMs();
      const mailedInRun = smtp.messageIds.size - mailedBefore;
      // Each create queues a mail that the outbox job sends, partly after the run: its CPU is
      // part of a create's cost, so the fair rate counts it as if it had been spent within the run.
      await outboxDrained(postgres.url);
      const mailCpuMs = serverCpuMs() - cpuAtWrkEnd;
      const tps = await pgbench(postgres.url, wrkSeconds);
      const result = {
        tps,
        rate: viaWrk.rate,
        cpu: (cpuAtWrkEnd - cpuBefore) / viaWrk.requests,
        mailCpu: mailCpuMs / viaWrk.requests,
        fairRate: viaWrk.requests / (wrkSeconds + mailCpuMs / 1000),
      };
      fastest = Math.max(fastest, result.rate);
      if (round === 0) continue;
      rounds.push(result);
      if (round === 1) {
        console.log(
          '\n| round | pgbench tps | app req/s (wrk) | ratio | server CPU ms each | mails sent within the run | with the rest of the mail: CPU ms each, req/s, ratio | failed |',
        );
        console.log('|---:|---:|---:|---:|---:|---:|---|---:|');
      }
      console.log(
        `| ${round} | ${Math.round(tps)} | ${Math.round(result.rate)} | ${(result.rate / tps).toFixed(2)} | ${result.cpu.toFixed(2)} | ${mailedInRun} of ${viaWrk.requests} | ` +
          `${(result.cpu + result.mailCpu).toFixed(2)}, ${Math.round(result.fairRate)}, ${(result.fairRate / tps).toFixed(2)} | ${viaWrk.failures} |`,
      );
    }
    if (rounds.length > 0) {
      const of = (pick: (r: (typeof rounds)[number]) => number, digits: number) => withSpread(rounds.map(pick), digits);
      console.log(
        `\nMedians (min–max) of ${rounds.length} round${rounds.length === 1 ? '' : 's'} of ${wrkSeconds} s each side after a warm-up round: ` +
          `app ${of((r) => r.rate, 0)} req/s, pgbench ${of((r) => r.tps, 0)} tps, app / pgbench ${of((r) => r.rate / r.tps, 2)}` +
          ` (server CPU ${of((r) => r.cpu, 2)} ms a create);` +
          ` with every mail's CPU counted, ${of((r) => r.fairRate / r.tps, 2)} (${of((r) => r.cpu + r.mailCpu, 2)} ms a create). ${loadAverage()}.`,
      );
    }
  }
} catch (error) {
  // A wait that ran out says what it waited for; anything else is a fault worth its stack.
  if (!(error instanceof BenchGaveUp)) throw error;
  console.error(`bench: ${error.message}`);
  process.exitCode = 3;
} finally {
  await server.stop();
  await smtp.close();
  await postgres?.drop();
}
