import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_ADMIN } from './admin-account.ts';
import { loadAverage } from '../lib/bench-rounds.ts';
import { canPin, hasCommand, LOAD_CORE, onCore, pinToServerCore } from '../lib/cores.ts';
import { startLocalServer, type LocalServer } from '../lib/local-server.ts';

/**
 * Times the staff lists against the real server: each list's first page, a deep page (by page
 * number and by cursor), a status filter and a search, p50 and p95 as the client sees them:
 * by wrk over one connection (a C client whose own cost hardly shows; fetch from this script,
 * 200 sequential requests a line, added 2-5 ms and its pauses to every figure) or, without wrk
 * or with `--fetch-client`, by fetch. Meant for the database `npm run seed:scale` filled:
 *
 *   DATABASE_URL=postgres://…/h_scale npm run bench:lists                 start this checkout's server on it
 *   DATABASE_URL=… npm run bench:lists -- --root /tmp/older-checkout       the same for another checkout (before/after)
 *   BENCH_EMAIL=… BENCH_PASSWORD=… npm run bench:lists -- --url http://127.0.0.1:3000   a running server (two-factor off)
 *   … -- --requests 20 --only quotes,renewals        fewer requests, only the lines whose names hold one of the parts
 *
 * Each line is warmed up (20 requests, not counted) before it is timed, so no line times a
 * cold server or cold buffers. Beside the client's figures goes the database's own time per
 * request, from pg_stat_statements when the database has it loaded
 * (`shared_preload_libraries = 'pg_stat_statements'`, then `create extension pg_stat_statements`):
 * the gap between the two is the app's own cost. It includes the server's background jobs'
 * few statements over the line's seconds.
 *
 * A started server has two-factor off and signs in as the first administrator it creates on
 * an empty users table ('measuring password'); it uses DATABASE_URL as it is (the seeded data
 * is the point), so run it on a throwaway database only.
 */
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    root: { type: 'string' },
    requests: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '3' },
    'fetch-client': { type: 'boolean', default: false },
    port: { type: 'string', default: '4544' },
    only: { type: 'string' },
  },
});
const requests = Number(values.requests);
if (!Number.isInteger(requests) || requests < 1) throw new Error('--requests takes a whole number');

const { email: EMAIL, password: PASSWORD } = BENCH_ADMIN;

let server: LocalServer | null = null;
let base = values.url;
if (!base) {
  if (!process.env.DATABASE_URL) {
    console.error('bench:lists needs DATABASE_URL (the database seed:scale filled) or --url of a running server.');
    process.exit(2);
  }
  server = await startLocalServer(
    { PORT: values.port, TWO_FACTOR_ENABLED: 'false', ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, DATABASE_URL: process.env.DATABASE_URL },
    values.root ? { root: values.root } : {},
  );
  base = server.base;
}

type Answer = Record<string, unknown> & { next_cursor?: string | null };

/** wrk (Debian's package) is the client unless it is missing or `--fetch-client` asks for this script's own fetch. */
const useWrk = !values['fetch-client'] && hasCommand('wrk');
pinToServerCore(server?.pid);

try {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);

  const get = async (path: string): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = (await res.json()) as Answer;
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
  /** The cursor that leads to `page` of a list, from the page before it (null when the server has no cursors). */
  const cursorTo = async (path: string, page: number): Promise<string | null> => {
    const join = path.includes('?') ? '&' : '?';
    return (await get(`${path}${join}page=${page - 1}`)).next_cursor ?? null;
  };
  const totalOf = async (path: string) => {
    const answer = await get(path);
    return { items: Number(answer.total_items), estimate: answer.total_is_estimate === true };
  };

  // Names and searches that the seeded data holds (see seed-scale.ts): a surname (one row in 120),
  // a full name (one in 7,200), a reference's number (one row) and a reference's start (many).
  const lists: { name: string; path: string; deepPage?: number }[] = [
    { name: 'contacts', path: '/api/v1/contacts/', deepPage: 50_000 },
    { name: 'contacts q=Regan', path: '/api/v1/contacts/?q=Regan', deepPage: 100 },
    { name: 'contacts q=Siobhan Regan', path: '/api/v1/contacts/?q=Siobhan%20Regan', deepPage: 5 },
    { name: 'quotes', path: '/api/v1/quotes', deepPage: 50_000 },
    { name: 'quotes status=quoted', path: '/api/v1/quotes?status=quoted', deepPage: 10_000 },
    { name: 'quotes kind=van', path: '/api/v1/quotes?kind=van', deepPage: 10_000 },
    { name: 'quotes q=Geraghty', path: '/api/v1/quotes?q=Geraghty', deepPage: 100 },
    { name: 'quotes status=new q=Geraghty', path: '/api/v1/quotes?status=new&q=Geraghty' },
    { name: 'quotes q=Aoife Geraghty', path: '/api/v1/quotes?q=Aoife%20Geraghty', deepPage: 5 },
    // The number of one reference (VQ-2025-S0512345, the 512,345th request seeded), as staff type it from a letter.
    { name: 'quotes q=0512345', path: '/api/v1/quotes?q=0512345' },
    // A reference's prefix and year: last year's requests (a quarter of them, none among the newest), and the oldest run of their numbers.
    { name: 'quotes q=VQ-2025-S00', path: '/api/v1/quotes?q=VQ-2025-S00', deepPage: 100 },
    { name: 'quotes q=VQ-2025', path: '/api/v1/quotes?q=VQ-2025', deepPage: 100 },
    { name: 'quotes status=won q=VQ-2025-S00', path: '/api/v1/quotes?status=won&q=VQ-2025-S00' },
    { name: 'renewals', path: '/api/v1/renewals', deepPage: 10_000 },
    { name: 'renewals status=won', path: '/api/v1/renewals?status=won' },
    { name: 'renewals q=Sexton', path: '/api/v1/renewals?q=Sexton' },
    { name: 'users', path: '/api/v1/users/' },
    { name: 'users search=bench', path: '/api/v1/users/?search=bench' },
    { name: 'posts (staff)', path: '/api/v1/posts/' },
    { name: 'posts status=published', path: '/api/v1/posts/?status=published' },
    { name: 'audit log', path: '/api/v1/audit/' },
    { name: 'audit log action=sign', path: '/api/v1/audit/?action=sign' },
    { name: 'mail', path: '/api/v1/mail/', deepPage: 50_000 },
    { name: 'mail status=failed', path: '/api/v1/mail/?status=failed', deepPage: 1_000 },
    { name: 'mail q=Geraghty', path: '/api/v1/mail/?q=Geraghty', deepPage: 100 },
    { name: 'mail q=Aoife Geraghty', path: '/api/v1/mail/?q=Aoife%20Geraghty', deepPage: 5 },
    // A recipient's address (a third of the mails go to the sales team), and one visitor's.
    { name: 'mail q=sales@shannon', path: '/api/v1/mail/?q=sales@shannon', deepPage: 10_000 },
    { name: 'mail q=aoife.geraghty1', path: '/api/v1/mail/?q=aoife.geraghty1' },
  ];
  // Lists that name what the seeded data holds beside the rows: a member of staff who owns a
  // fifth of the owned rows (seed-scale.ts), and a day a hundred days back.
  const [owner] = ((await get('/api/v1/users/?search=bench-staff-1')).users as { _id: string }[] | undefined) ?? [];
  if (owner) {
    lists.push(
      { name: 'contacts owner=staff', path: `/api/v1/contacts/?owner=${owner._id}`, deepPage: 10_000 },
      { name: 'quotes owner=staff', path: `/api/v1/quotes?owner=${owner._id}`, deepPage: 10_000 },
      { name: 'quotes owner=staff status=quoted', path: `/api/v1/quotes?owner=${owner._id}&status=quoted`, deepPage: 1_000 },
      { name: 'renewals owner=none', path: '/api/v1/renewals?owner=none', deepPage: 1_000 },
      { name: 'contacts owner=none status=new', path: '/api/v1/contacts/?owner=none&status=new', deepPage: 1_000 },
    );
  }
  const dayBack = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
  lists.push(
    { name: 'renewals sort=renewal-soonest', path: '/api/v1/renewals?sort=renewal-soonest', deepPage: 10_000 },
    { name: 'renewals sort=renewal-latest', path: '/api/v1/renewals?sort=renewal-latest', deepPage: 10_000 },
    { name: 'renewals status=won sort=renewal-soonest', path: '/api/v1/renewals?status=won&sort=renewal-soonest', deepPage: 1_000 },
    { name: 'audit log from=to=100 days back', path: `/api/v1/audit/?from=${dayBack}&to=${dayBack}`, deepPage: 50 },
    { name: 'audit log to=100 days back', path: `/api/v1/audit/?to=${dayBack}`, deepPage: 10_000 },
  );

  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  /** One connection, one request at a time, for `--seconds`, by wrk on the load core: a client that costs next to nothing. */
  const timeWithWrk = (path: string) => {
    const [command, pre] = onCore(LOAD_CORE, 'wrk');
    const out = execFileSync(command, [
      ...pre,
      '-t1',
      '-c1',
      `-d${values.seconds}s`,
      '-H',
      `cookie: ${cookie}`,
      '-s',
      join(import.meta.dirname, 'latency.lua'),
      `${base}${path}`,
    ]).toString();
    const [, p50, p95, count, errors] = /latency p50=([\d.]+) p95=([\d.]+) requests=(\d+) errors=(\d+)/.exec(out) ?? [];
    if (p50 === undefined || p95 === undefined) throw new Error(`wrk gave no figures for ${path}:\n${out}`);
    if (Number(errors) > 0) throw new Error(`GET ${path}: ${errors} answers were errors`);
    return { p50: Number(p50), p95: Number(p95), requests: Number(count) };
  };
  const time = async (path: string): Promise<{ p50: number; p95: number; requests: number }> => {
    if (useWrk) return timeWithWrk(path);
    const took: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await get(path);
      took.push(performance.now() - started);
    }
    took.sort((a, b) => a - b);
    return { p50: percentile(took, 50), p95: percentile(took, 95), requests };
  };

  const database = await statementTimes(process.env.DATABASE_URL);
  const rows: string[][] = [];
  const report = async (name: string, path: string) => {
    if (values.only && !values.only.split(',').some((part) => name.includes(part))) return;
    for (let i = 0; i < 20; i++) await get(path);
    await database?.reset();
    const { p50, p95, requests: sent } = await time(path);
    const dbMs = database ? (await database.totalMs()) / sent : null;
    const total = await totalOf(path);
    const row = [
      name,
      `${total.estimate ? '≈' : ''}${total.items.toLocaleString('en-IE')}`,
      p50.toFixed(1),
      p95.toFixed(1),
      dbMs === null ? '–' : dbMs.toFixed(2),
      dbMs === null ? '–' : (p50 - dbMs).toFixed(1),
      p95 < 20 ? 'yes' : 'no',
    ];
    rows.push(row);
    console.log(row.join('\t'));
  };

  console.log(
    useWrk
      ? `wrk, one connection, ${values.seconds} s per line${canPin ? ' (wrk on core 0, a server started here on core 1)' : ''}, page_size 10, against ${base}`
      : `${requests} sequential requests per line (fetch), page_size 10, against ${base}`,
  );
  console.log(loadAverage());
  if (!database) console.log('(the database has no pg_stat_statements: its own time is not shown)');
  console.log(['list', 'total', 'p50 ms', 'p95 ms', 'db ms', 'p50 − db', 'p95 < 20'].join('\t'));
  for (const list of lists) {
    const join = list.path.includes('?') ? '&' : '?';
    await report(`${list.name}: first page`, `${list.path}${join}page=0`);
    if (list.deepPage !== undefined) {
      await report(`${list.name}: page ${list.deepPage.toLocaleString('en-IE')}`, `${list.path}${join}page=${list.deepPage}`);
      const cursor = await cursorTo(list.path, list.deepPage);
      if (cursor)
        await report(`${list.name}: page ${list.deepPage.toLocaleString('en-IE')} by cursor`, `${list.path}${join}page=${list.deepPage}&cursor=${cursor}`);
    }
  }

  console.log(`\n| list | total | p50 ms | p95 ms | database ms a request (mean) | p50 − database | p95 < 20 ms |\n|---|---:|---:|---:|---:|---:|---|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(`\n${loadAverage()}`);
  await database?.close();
} finally {
  await server?.stop();
}

/**
 * The database's own execution time, from pg_stat_statements, or null when it is not loaded:
 * reset before a line, summed after it (this bench's own statements left out).
 */
async function statementTimes(url: string | undefined) {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_stat_statements_reset()');
  } catch {
    await client.end();
    return null;
  }
  return {
    reset: async () => {
      await client.query('select pg_stat_statements_reset()');
    },
    totalMs: async () => {
      const { rows } = await client.query<{ ms: number | null }>(
        `select sum(total_exec_time)::float8 as ms from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'`,
      );
      return rows[0]?.ms ?? 0;
    },
    close: () => client.end(),
  };
}
