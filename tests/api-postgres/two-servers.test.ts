import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '#tools/lib/local-server.ts';
import { solve } from '#tools/lib/solve-human-check.ts';
import { oathtoolCode } from '../support/agent.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/**
 * Two real app servers (`node src/server/main.ts`) on one PostgreSQL database and one shared
 * DATA_DIR, as docs/operations/scaling.md sets them up: a session made on one is good on
 * the other, the rate limits and human checks are one budget, each mail leaves once, and a
 * post published on one is served as its own pre-rendered page by both after the rebuild.
 */

const ADMIN = 'admin@shannon-insurance.ie';
const PASSWORD = 'measuring password';
/** Small, so the shared budget is quick to spend. */
const FORM_LIMIT = 3;
/** Callbacks made for the mail check (one mail each, to the sales address). */
const CALLBACKS = 12;
/** A rebuild is one whole Astro build: several times its idle 20 s on a busy two-core machine. */
const PUBLISHED_WITHIN_MS = 150_000;

type Received = { messageId: string };

function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ messageId: /^Message-ID: (.*)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '' });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve({
        url: `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A port nothing listens on now (the servers' own choice of 0 would not tell us which). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A client of one server: JSON in and out, the visitor's address, and a cookie if given. */
const call = async (server: LocalServer, method: string, path: string, options: { body?: unknown; cookie?: string; from?: string } = {}) =>
  fetch(`${server.base}${path}`, {
    method,
    headers: {
      origin: server.base,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.from ? { 'x-forwarded-for': options.from } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });

/** A solved human check from `server`'s challenge (solved here as the browser would). */
const humanCheck = async (server: LocalServer) =>
  solve(((await (await call(server, 'GET', '/api/v1/challenge')).json()) as { challenge: Challenge }).challenge);

const callback = (i: number, check: string) => ({
  name: `Two servers ${i}`,
  email: `visitor${i}@example.ie`,
  phone: '0871234567',
  subject: 'Van insurance',
  message: 'Please call me back.',
  humanCheck: check,
});

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let databaseUrl: string;
let root: string;
let a: LocalServer;
let b: LocalServer;
let cookie = '';
let publishedAt = 0;
const post = { title: 'Two servers, one blog', body: 'Written on one server and served by both after the rebuild.' };
let slug = '';
let accepted = 0;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('runs on PostgreSQL only');
  [smtp, databaseUrl, root] = await Promise.all([startSmtp(), createThrowawayDatabase(serverUrl), mkdtemp(join(tmpdir(), 'two-servers-'))]);
  // A started site (built folders come from the rebuild); the shared data folder holds the
  // builds, the uploads and the app secret both servers sign and encrypt with.
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', 'index.html'), '<!doctype html><title>Before the rebuild</title>');
  const env = async () => ({
    PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(root, 'data'),
    DIST_DIR: join(root, 'dist'),
    SMTP_URL: smtp.url,
    FORM_RATE_LIMIT: String(FORM_LIMIT),
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: ADMIN,
    ADMIN_PASSWORD: PASSWORD,
    TWO_FACTOR_ENABLED: 'true',
    NODE_ENV: 'development',
  });
  // Started at the same moment: migrations, the first administrator, the seeded posts and the app secret are each made once.
  [a, b] = await Promise.all([startLocalServer(await env()), startLocalServer(await env())]);
}, 150_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  if (databaseUrl && process.env.DATABASE_URL) await dropDatabase(process.env.DATABASE_URL, databaseUrl);
  if (root) await rm(root, { recursive: true, force: true });
});

describe('two app servers on one PostgreSQL database', () => {
  it('a session made on one (password and two-factor) is valid on the other, and ends on both', async () => {
    const login = await call(a, 'POST', '/api/v1/auth/login', { body: { email: ADMIN, password: PASSWORD } });
    expect(login.status).toBe(200);
    cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    // Half signed in (password only) on A is half signed in on B too.
    expect((await call(b, 'GET', '/api/v1/contacts', { cookie })).status).toBe(401);
    const setup = (await (await call(a, 'POST', '/api/v1/auth/2fa/generateSecret', { body: {}, cookie })).json()) as {
      user: { twoFactor: { secret: string } };
    };
    // The secret is sealed with the shared app secret: B can check the code A's setup gave.
    const verified = await call(b, 'POST', '/api/v1/auth/2fa/verify', { body: { token: oathtoolCode(setup.user.twoFactor.secret) }, cookie });
    expect(verified.status).toBe(200);
    // Signing in completes with a new session id (set by B), good on A as on B.
    cookie = verified.headers.get('set-cookie')?.split(';')[0] ?? '';
    for (const server of [a, b]) expect((await call(server, 'GET', '/api/v1/contacts', { cookie })).status).toBe(200);

    // Published on A now, so the rebuild runs while the other checks do.
    const created = await call(a, 'POST', '/api/v1/posts/create', { body: { ...post, status: 'published' }, cookie });
    expect(created.status).toBe(201);
    publishedAt = performance.now();
    slug = ((await created.json()) as { post: { slug: string } }).post.slug;

    const other = await call(b, 'POST', '/api/v1/auth/login', { body: { email: ADMIN, password: PASSWORD } });
    let otherCookie = other.headers.get('set-cookie')?.split(';')[0] ?? '';
    const otherVerified = await call(a, 'POST', '/api/v1/auth/2fa/verify', {
      body: { token: oathtoolCode(setup.user.twoFactor.secret, 1) },
      cookie: otherCookie,
    });
    expect(otherVerified.status).toBe(200);
    otherCookie = otherVerified.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect((await call(b, 'POST', '/api/v1/auth/logout', { cookie: otherCookie })).status).toBe(200);
    expect((await call(a, 'GET', '/api/v1/auth/loggedin', { cookie: otherCookie })).status).toBe(401);
  });

  it('share the public forms’ rate limit and the human checks: a challenge from one is good on the other, and spent on both', async () => {
    const from = '203.0.113.9';
    const statuses: number[] = [];
    const checks: string[] = [];
    for (const [i, server] of [a, a, b].entries()) {
      // Each challenge comes from the other server than the one the form is sent to.
      checks.push(await humanCheck(server === a ? b : a));
      statuses.push((await call(server, 'POST', '/api/v1/contacts/create', { body: callback(100 + i, checks[i]!), from })).status);
    }
    expect(statuses).toEqual([201, 201, 201]);
    accepted += 3;
    const refused = await call(b, 'POST', '/api/v1/contacts/create', { body: callback(103, await humanCheck(b)), from });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // A check spent on A is spent for B.
    const replay = await call(b, 'POST', '/api/v1/contacts/create', { body: callback(104, checks[0]!), from: '203.0.113.10' });
    expect(replay.status).toBe(400);
  });

  it('send each queued mail once although both servers run the mail job', async () => {
    const checks = await Promise.all(Array.from({ length: CALLBACKS }, (_, i) => humanCheck(i % 2 ? a : b)));
    const answers = await Promise.all(
      checks.map((check, i) => call(i % 2 ? b : a, 'POST', '/api/v1/contacts/create', { body: callback(200 + i, check), from: `198.51.100.${i + 1}` })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(CALLBACKS).fill(201));
    accepted += CALLBACKS;

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const queued = (await client.query<{ message_id: string }>('select message_id from outbox')).rows.map((row) => row.message_id).sort();
    // Each accepted callback queued two mails: the sales team's copy and the visitor's acknowledgement.
    expect(queued).toHaveLength(2 * accepted);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ waiting: number }>("select count(*)::int as waiting from outbox where status <> 'sent'");
      if (rows[0]?.waiting === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await client.end();
    // Both jobs poll every 2 s: wait past a poll of each, so a second copy would have arrived.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(queued);
  });

  it(
    'serve a post published on one server as its own pre-rendered page from both, after the rebuild',
    async () => {
      const pages = async () =>
        Promise.all(
          [a, b].map(async (server) => {
            const res = await fetch(`${server.base}/blog/${slug}`, { redirect: 'manual' });
            return res.status === 200 ? await res.text() : '';
          }),
        );
      let served = await pages();
      while (!served.every((html) => html.includes(post.body)) && performance.now() - publishedAt < PUBLISHED_WITHIN_MS) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        served = await pages();
      }
      for (const html of served) {
        expect(html).toContain(post.title);
        expect(html).toContain(post.body);
      }
      console.log(`post published → its page served by both servers in ${((performance.now() - publishedAt) / 1000).toFixed(1)} s`);
    },
    PUBLISHED_WITHIN_MS + 10_000,
  );
});
