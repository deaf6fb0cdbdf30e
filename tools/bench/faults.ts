import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startLocalServer } from '../lib/local-server.ts';
import { percentile, runLoad } from '../lib/load-generator.ts';
import { callbackRequest, startLoopbackSiteverify } from '../lib/loopback-siteverify.ts';
import { terminateBackends } from '../lib/pg-faults.ts';

/**
 * `npm run bench:faults [-- --seconds 30 --concurrency 50 --root <other checkout>]`: the real server on PostgreSQL
 * under load (callbacks and blog reads) while its database connections are ended every
 * few seconds (pg_terminate_backend) and, when Debian's initdb and pg_ctl are installed, the
 * PostgreSQL server itself is restarted once, mid-run. That server is a throwaway cluster
 * in a temporary folder on its own port: the machine's own PostgreSQL is never restarted
 * (without initdb the run uses a throwaway database on DATABASE_URL, terminations only).
 * Reports every outcome: the server must answer each request with 200/201 or 503 and keep
 * running, and readiness must report the outage and the recovery. Loopback only.
 */
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '50' },
    port: { type: 'string', default: '3164' },
    'cluster-port': { type: 'string', default: '5499' },
    root: { type: 'string' },
  },
});
const seconds = Number(args.seconds);

type Cluster = { url: string; restart(): void; stop(): void };

/** initdb and pg_ctl refuse to run as root; run them as the postgres user then. */
function asPostgres(command: string, commandArgs: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...commandArgs]] : [command, commandArgs];
}

function startCluster(port: string): Cluster | null {
  if (spawnSync('pg_ctl', ['--version']).status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  if (userInfo().uid === 0)
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (command: string, commandArgs: string[]) => {
    const [file, fileArgs] = asPostgres(command, commandArgs);
    execFileSync(file, fileArgs, { stdio: 'ignore' });
  };
  run('initdb', ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  const pgCtl = (action: string[]) =>
    run('pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, ...action]);
  pgCtl(['start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl(['restart', '-m', 'fast']),
    stop: () => {
      pgCtl(['stop', '-m', 'immediate']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const cluster = startCluster(args['cluster-port']);
const databaseUrl = cluster?.url ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench:faults needs pg_ctl and initdb (Debian package postgresql) or DATABASE_URL');
const siteverify = await startLoopbackSiteverify();
const server = await startLocalServer(
  { PORT: args.port, TRUST_PROXY: 'true', DATABASE_URL: databaseUrl, DIST_DIR: '/nonexistent', ...siteverify.env },
  { root: args.root },
);
const { base } = server;
const events: string[] = [];
const t0 = performance.now();
const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

try {
  let running = true;
  let ended = 0;
  let restartedAt: number | null = null;
  const faults = (async () => {
    for (let round = 1; running; round++) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      if (!running) break;
      if (cluster && round === Math.round(seconds / 6)) {
        events.push(`${at()}: PostgreSQL restart begins`);
        cluster.restart();
        restartedAt = performance.now();
        events.push(`${at()}: PostgreSQL restart done`);
      } else {
        const count = await terminateBackends(databaseUrl).catch(() => 0);
        ended += count;
        events.push(`${at()}: ${count} backends terminated`);
      }
    }
  })();
  // Readiness as a load balancer sees it: every change is logged.
  let firstReadyAfterRestart: number | null = null;
  const readiness = (async () => {
    let last = '';
    while (running) {
      const res = await fetch(`${base}/api/v1/health/ready`).catch(() => null);
      const body = res ? ((await res.json()) as { database?: string }) : null;
      const state = body?.database ?? 'no answer';
      if (state !== last) events.push(`${at()}: readiness says database ${state}`);
      if (restartedAt !== null && firstReadyAfterRestart === null && state === 'up') firstReadyAfterRestart = performance.now() - restartedAt;
      last = state;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const load = await runLoad({
    base,
    concurrency: Number(args.concurrency),
    maxRequests: 1_000_000,
    maxMs: seconds * 1000,
    send: (i) => (i % 2 === 0 ? callbackRequest(base, i) : fetch(`${base}/api/v1/posts`)),
  });
  running = false;
  await Promise.all([faults, readiness]);

  console.log(`\n${cluster ? 'Throwaway PostgreSQL cluster' : 'PostgreSQL at DATABASE_URL'}, ${seconds} s at concurrency ${args.concurrency}\n`);
  for (const event of events) console.log(`  ${event}`);
  console.log(`\nRequests: ${load.requests} (${Math.round(load.requests / load.seconds)}/s), p99 ${percentile(load.latencies, 0.99).toFixed(0)} ms`);
  console.log(`Outcomes: ${JSON.stringify(load.outcomes)}`);
  console.log(
    `Backends terminated: ${ended}; readiness back ${firstReadyAfterRestart === null ? 'n/a' : `${Math.round(firstReadyAfterRestart)} ms`} after the restart finished`,
  );
  console.log(`Server: ${server.exitCode() === null ? 'still running' : `exited with code ${server.exitCode()}`}`);
  if (load.dropped.length > 0) console.log(`Dropped, e.g.: ${load.dropped.join('; ')}`);
  const unexpected = Object.keys(load.outcomes).filter((status) => !['200', '201', '503'].includes(status));
  if (unexpected.length > 0 || server.exitCode() !== null) process.exitCode = 1;
} finally {
  await server.stop();
  siteverify.close();
  cluster?.stop();
}
