import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase } from '#src/server/db/client.ts';
import { contacts, outbox } from '#src/server/db/schema.ts';
import { resolveSecretKey } from '#src/server/auth/crypto.ts';
import { solvedChecks } from '../lib/solve-human-check.ts';
import { startSmtpSink } from '../lib/smtp-sink.ts';
import { startLocalServer } from '../lib/local-server.ts';
import { throwawayPostgres } from '../lib/throwaway-postgres.ts';
import { percentile, runLoad } from '../lib/load-generator.ts';

/**
 * `npm run bench:callbacks`: the callback form under load, on loopback only, with a fixed
 * request count. Starts a loopback SMTP server and the real server (embedded PGlite, or a
 * throwaway database beside DATABASE_URL's), prepares solved human checks, fires the
 * callbacks, then waits (bounded) until every mail has reached the
 * SMTP server. Reports throughput, latency, 5xx answers, requests acknowledged (201) whose
 * record is missing, and how long the mail took. Nothing is asserted, only reported.
 * Build the site first (`npm run build`). Settings: BENCH_REQUESTS, BENCH_CONCURRENCY,
 * BENCH_PORT, BENCH_SMTP_PORT.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const PORT = process.env.BENCH_PORT ?? '3180';
const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? 2525);
/** The longest the bench waits for the mail after the last request. */
const MAIL_WAIT_MS = 10 * 60 * 1000;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const appSecret = randomBytes(32).toString('base64');
const smtp = await startSmtpSink(SMTP_PORT);
const postgres = process.env.DATABASE_URL ? await throwawayPostgres(process.env.DATABASE_URL) : null;
const server = await startLocalServer({
  PORT,
  // Many visitors behind a proxy: each request gives its own address, as the per-address limit expects.
  TRUST_PROXY: 'true',
  SMTP_URL: smtp.url,
  APP_SECRET: appSecret,
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
});
const { base } = server;
let keptData = false;

try {
  log(`server up in ${Math.round(server.startupMs)} ms (database: ${postgres ? 'PostgreSQL' : 'PGlite'}); preparing ${REQUESTS} human checks…`);
  const solved = await solvedChecks(resolveSecretKey(appSecret, server.dataDir), REQUESTS);
  log(`firing ${REQUESTS} callbacks at concurrency ${CONCURRENCY}…`);

  const acknowledged: string[] = [];
  const started = performance.now();
  const load = await runLoad({
    base,
    concurrency: CONCURRENCY,
    maxRequests: REQUESTS,
    maxMs: 30 * 60_000,
    async send(i) {
      const res = await fetch(`${base}/api/v1/contacts/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
          'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({
          name: `Bench ${i}`,
          email: `bench${i}@example.ie`,
          phone: '0871234567',
          subject: 'Van insurance for convicted drivers',
          message: 'Benchmark request',
          humanCheck: solved[i],
        }),
      });
      const body = (await res.json().catch(() => null)) as { contact?: { _id: string } } | null;
      if (res.status === 201 && body?.contact?._id) acknowledged.push(body.contact._id);
      // The body is read here for the id; the load generator gets the status alone.
      return new Response(null, { status: res.status });
    },
  });
  const { latencies, seconds: loadSeconds } = load;
  log(`load done in ${loadSeconds.toFixed(1)} s; waiting for ${2 * acknowledged.length} mails…`);

  // Each acknowledged callback queues exactly two mails: the sales team's copy and the visitor's acknowledgement.
  const expectedMails = 2 * acknowledged.length;
  const mailDeadline = performance.now() + MAIL_WAIT_MS;
  let lastReport = performance.now();
  while (smtp.messageIds.size < expectedMails && performance.now() < mailDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (performance.now() - lastReport > 15_000) {
      log(`  ${smtp.messageIds.size} of ${expectedMails} mails delivered`);
      lastReport = performance.now();
    }
  }
  const mailDone = smtp.messageIds.size >= expectedMails;
  const mailSeconds = ((mailDone ? smtp.lastAt() : performance.now()) - started) / 1000;

  // The database's word on every acknowledged request, read after the server stopped (PGlite is one process's).
  await server.stop({ keepData: true });
  keptData = true;
  const database = await openDatabase({ databaseUrl: postgres?.url, dataDir: server.dataDir });
  let found = 0;
  for (let i = 0; i < acknowledged.length; i += 1000) {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(inArray(contacts.id, acknowledged.slice(i, i + 1000)));
    found += row?.n ?? 0;
  }
  const mailRows = await database.db.select({ status: outbox.status, n: sql<number>`count(*)::int` }).from(outbox).groupBy(outbox.status);
  await database.close();

  const fiveXx = Object.entries(load.outcomes)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(`\nCallbacks: ${REQUESTS} at concurrency ${CONCURRENCY}, database ${postgres ? 'PostgreSQL' : 'PGlite'}, mail over loopback SMTP\n`);
  console.log('| measure | value |');
  console.log('|---|---:|');
  console.log(`| throughput | ${Math.round(REQUESTS / loadSeconds)} req/s (${loadSeconds.toFixed(1)} s) |`);
  console.log(`| p50 / p99 latency | ${percentile(latencies, 0.5).toFixed(0)} / ${percentile(latencies, 0.99).toFixed(0)} ms |`);
  console.log(
    `| answers | ${Object.entries(load.outcomes)
      .map(([status, n]) => `${status === 'dropped' ? 'no answer' : status}: ${n}`)
      .join(', ')} |`,
  );
  console.log(`| 5xx answers | ${fiveXx} |`);
  console.log(`| acknowledged (201) but not in the database | ${acknowledged.length - found} |`);
  console.log(`| mails delivered (distinct Message-IDs / copies received) | ${smtp.messageIds.size} / ${smtp.copies()} of ${expectedMails} |`);
  console.log(`| outbox rows by status | ${mailRows.map((row) => `${row.status}: ${row.n}`).join(', ')} |`);
  console.log(
    `| every mail delivered, from the first request | ${mailDone ? `${mailSeconds.toFixed(1)} s` : `not within ${MAIL_WAIT_MS / 60000} min of the load`} |`,
  );
} finally {
  await server.stop({ keepData: keptData });
  if (keptData) rmSync(server.dataDir, { recursive: true, force: true });
  await smtp.close();
  await postgres?.drop();
}
