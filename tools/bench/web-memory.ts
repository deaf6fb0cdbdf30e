import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadAverage, waitFor } from '../lib/bench-rounds.ts';
import { startLocalS3 } from '../lib/local-s3.ts';
import { type LocalServer, startLocalServer } from '../lib/local-server.ts';
import { throwawayPostgres } from '../lib/throwaway-postgres.ts';

/**
 * A ROLE=web server's memory at idle and after each publish, with a worker (ROLE=worker)
 * doing the builds, on a throwaway PostgreSQL database beside DATABASE_URL's and a local S3
 * server, as docs/operations/scaling.md deploys them. Needs the built site (`npm run build`).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:web-memory -- --publishes 3
 *
 * Memory is the process's resident set (VmRSS), which is what a container's limit counts.
 */
const { values } = parseArgs({
  options: {
    publishes: { type: 'string', default: '3' },
    port: { type: 'string', default: '4391' },
    'build-timeout': { type: 'string', default: '600' },
  },
});
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL server: web and worker apart need one to share.');
const BUILD_TIMEOUT_MS = Number(values['build-timeout']) * 1000;
const ADMIN = { email: 'admin@shannon-insurance.ie', password: 'measuring password' };

/** A process's resident memory in MB, from /proc. */
function residentMb(server: LocalServer): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

const s3 = await startLocalS3();
const postgres = await throwawayPostgres(process.env.DATABASE_URL, 'webmem');
const env = (role: string, port: number) => ({
  ...s3.env,
  ROLE: role,
  PORT: String(port),
  DATABASE_URL: postgres.url,
  TWO_FACTOR_ENABLED: 'false',
  ADMIN_EMAIL: ADMIN.email,
  // The web server's log says when it swaps a new build in.
  LOG_LEVEL: 'info',
});
const web = await startLocalServer(env('web', Number(values.port)), { keepStdout: true });
const worker = await startLocalServer(env('worker', Number(values.port) + 1));

try {
  const login = await fetch(`${web.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web.base },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status}`);

  // Idle: after the pages and the API have each been asked for, so what loads on first use is in.
  for (let i = 0; i < 50; i++) {
    await (await fetch(`${web.base}/`)).text();
    await (await fetch(`${web.base}/api/v1/cms/publish`, { headers: { cookie } })).text();
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const idle = residentMb(web);
  console.log(`web server idle: ${idle} MB (worker ${residentMb(worker)} MB)`);

  const change = (mb: number) => `${mb - idle >= 0 ? '+' : ''}${mb - idle} MB`;
  const served = () => web.stdout().split('site build served').length - 1;
  const after: number[] = [];
  for (let run = 1; run <= Number(values.publishes); run++) {
    const before = served();
    const res = await fetch(`${web.base}/api/v1/cms/publish`, { method: 'POST', headers: { cookie, origin: web.base } });
    if (!res.ok) throw new Error(`publish failed: ${res.status}`);
    await waitFor('the web server to serve the new build', async () => (served() > before ? true : undefined), { timeoutMs: BUILD_TIMEOUT_MS, everyMs: 250 });
    // The swap's garbage (the old build's buffers) is collected on the server's own schedule: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    console.log(
      `publish ${run}: web server ${after.at(-1)} MB (${(after.at(-1) ?? 0) - idle >= 0 ? '+' : ''}${(after.at(-1) ?? 0) - idle} MB), worker ${residentMb(worker)} MB`,
    );
  }
  const most = Math.max(...after);
  console.log(`web server: idle ${idle} MB, after publishes at most ${most} MB (${change(most)}); ${loadAverage()}`);
} finally {
  await Promise.all([web.stop(), worker.stop()]);
  await postgres.drop();
  await s3.close();
}
