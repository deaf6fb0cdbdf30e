import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contacts, leads, outbox } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';

/**
 * Public forms are idempotent: the browser sends one Idempotency-Key per submission and
 * keeps it across resends, and the human check is spent in the transaction that stores the
 * record. The concurrency cases matter on PostgreSQL (DATABASE_URL); PGlite runs one
 * statement at a time.
 */
const callback = {
  name: 'Aoife Byrne',
  email: 'aoife@example.ie',
  phone: '+353 87 123 4567',
  subject: 'Van insurance for convicted drivers',
  message: 'Please call after 5pm.',
};

let t: TestApp;
let address = 0;
/** Each request from its own address, so the per-address form limit stays out of the way. */
const post = (path: string, body: unknown, key?: string) =>
  t.call('POST', path, body, { 'x-forwarded-for': `198.51.100.${++address % 250}`, ...(key ? { 'idempotency-key': key } : {}) });
const solve = () => solvedCheck(async (path) => (await t.call('GET', path)).json());
const contactCount = () => t.test.database.db.$count(contacts);

/** Makes every insert into `table` fail until `heal()`: a crash inside the record's transaction. */
async function breakInserts(table: 'outbox' | 'leads') {
  const { db } = t.test.database;
  await db.execute(sql.raw(`create table if not exists test_faults (name text primary key)`));
  await db.execute(
    sql.raw(`create or replace function fail_when_told() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from test_faults where name = tg_table_name) then raise exception 'injected fault'; end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw(`drop trigger if exists fault_${table} on ${table}`));
  await db.execute(sql.raw(`create trigger fault_${table} before insert on ${table} for each row execute function fail_when_told()`));
  await db.execute(sql`insert into test_faults values (${table}) on conflict do nothing`);
  return { heal: () => db.execute(sql`delete from test_faults where name = ${table}`) };
}

beforeAll(async () => {
  t = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.test.drop());

describe('a callback request sent more than once', () => {
  it('is stored once: the same key answers the first result (201, same id), even with a new human check', async () => {
    const key = randomUUID();
    const body = { ...callback, humanCheck: await solve() };
    const first = await post('/api/v1/contacts/create', body, key);
    expect(first.status).toBe(201);
    const { contact } = await first.json();
    const before = await contactCount();

    const again = await post('/api/v1/contacts/create', body, key);
    expect(again.status).toBe(201);
    expect((await again.json()).contact).toEqual(contact);
    // A browser that solved a new check and resent is the same submission too.
    const resolved = await post('/api/v1/contacts/create', { ...callback, humanCheck: await solve() }, key);
    expect(resolved.status).toBe(201);
    expect((await resolved.json()).contact._id).toBe(contact._id);
    expect(await contactCount()).toBe(before);
    // One sales copy and one acknowledgement to the visitor, not two of each.
    expect(await t.test.database.db.$count(outbox, eq(outbox.ref, `contact:${contact._id}`))).toBe(2);
  });

  it('refuses the same key with different details (409), storing nothing', async () => {
    const key = randomUUID();
    expect((await post('/api/v1/contacts/create', { ...callback, humanCheck: await solve() }, key)).status).toBe(201);
    const before = await contactCount();
    const changed = await post('/api/v1/contacts/create', { ...callback, message: 'Another question', humanCheck: await solve() }, key);
    expect(changed.status).toBe(409);
    expect(await changed.json()).toEqual({
      ok: false,
      message: 'This submission was already sent with different details. Please reload the page and send it again.',
      errors: [{ field: 'Idempotency-Key', message: 'This submission was already sent with different details. Please reload the page and send it again.' }],
    });
    expect(await contactCount()).toBe(before);
  });

  it('refuses a key that is not a UUID', async () => {
    const res = await post('/api/v1/contacts/create', { ...callback, humanCheck: 'unchecked' }, 'abc');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The Idempotency-Key header must be a UUID.');
  });

  it('can be sent again with the same solved human check after its transaction failed, with or without a key', async () => {
    const fault = await breakInserts('outbox');
    const withKey = { ...callback, humanCheck: await solve() };
    const withoutKey = { ...callback, message: 'No key', humanCheck: await solve() };
    const key = randomUUID();
    const before = await contactCount();
    expect((await post('/api/v1/contacts/create', withKey, key)).status).toBe(500);
    expect((await post('/api/v1/contacts/create', withoutKey)).status).toBe(500);
    expect(await contactCount()).toBe(before);

    await fault.heal();
    expect((await post('/api/v1/contacts/create', withKey, key)).status).toBe(201);
    expect((await post('/api/v1/contacts/create', withoutKey)).status).toBe(201);
    expect(await contactCount()).toBe(before + 2);
    // Once stored, the check is spent: without the key, sending it again is refused.
    expect((await post('/api/v1/contacts/create', withoutKey)).status).toBe(400);
  });

  it('is stored once when identical requests arrive at the same moment', async () => {
    const key = randomUUID();
    const body = { ...callback, message: 'Sent twelve times at once', humanCheck: await solve() };
    const before = await contactCount();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('/api/v1/contacts/create', body, key)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (res) => (await res.json()).contact._id)));
    expect(ids.size).toBe(1);
    expect(await contactCount()).toBe(before + 1);
  });

  it('is stored once when resends with fresh human checks arrive at the same moment', async () => {
    const key = randomUUID();
    const checks = await Promise.all(Array.from({ length: 4 }, () => solve()));
    const before = await contactCount();
    const answers = await Promise.all(checks.map((humanCheck) => post('/api/v1/contacts/create', { ...callback, message: 'Fresh checks', humanCheck }, key)));
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(await Promise.all(answers.map(async (res) => (await res.json()).contact._id))).size).toBe(1);
    expect(await contactCount()).toBe(before + 1);
  });

  it('accepts one human check once, however many different requests carry it at the same moment', async () => {
    const humanCheck = await solve();
    const before = await contactCount();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post('/api/v1/contacts/create', { ...callback, message: `Request ${i}`, humanCheck }, randomUUID())),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(11).fill(400)]);
    expect(await contactCount()).toBe(before + 1);
  });
});

describe('a quote request sent more than once', () => {
  it('is stored once with one reference, also when resent at the same moment, and survives a failed transaction', async () => {
    const path = '/api/v1/quotes/van/create';
    const key = randomUUID();
    const body = { ...validAnswers.van, humanCheck: await solve() };
    const fault = await breakInserts('leads');
    expect((await post(path, body, key)).status).toBe(500);
    await fault.heal();

    const before = await t.test.database.db.$count(leads);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(path, body, key)));
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(201));
    const references = new Set(await Promise.all(answers.map(async (res) => (await res.json()).lead.reference)));
    expect(references.size).toBe(1);
    expect(await t.test.database.db.$count(leads)).toBe(before + 1);

    const changed = await post(path, { ...body, firstName: 'Someone' }, key);
    expect(changed.status).toBe(409);
    // The same key on another kind of request is another submission.
    const renewal = await post('/api/v1/renewals/create', { ...validAnswers.renewal, humanCheck: await solve() }, key);
    expect(renewal.status).toBe(201);
    expect((await renewal.json()).lead.reference).toMatch(/^RN-/);
  });
});

describe('a provider token (reCAPTCHA, Turnstile)', () => {
  let server: Server;
  let verifyUrl = '';
  const asked: string[] = [];
  beforeAll(async () => {
    // Like the real providers: each good token is confirmed once only.
    const used = new Set<string>();
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const token = new URLSearchParams(body).get('response') ?? '';
        asked.push(token);
        const success = token.startsWith('good-') && !used.has(token);
        used.add(token);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const bound = server.address();
    verifyUrl = `http://127.0.0.1:${typeof bound === 'object' && bound ? bound.port : 0}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is asked about once, and its confirmation serves the resend after a failed transaction, but only once', async () => {
    const provider = await makeTestApp({
      env: { HUMAN_CHECK: 'turnstile', HUMAN_CHECK_SITE_KEY: 'site', HUMAN_CHECK_SECRET: 'secret', HUMAN_CHECK_VERIFY_URL: verifyUrl, TRUST_PROXY: 'true' },
    });
    const { db } = provider.test.database;
    const send = (body: unknown) => provider.call('POST', '/api/v1/contacts/create', body, { 'x-forwarded-for': '203.0.113.9' });
    await db.execute(sql.raw(`create or replace function fail_always() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`));
    await db.execute(sql.raw(`create trigger fault_outbox before insert on outbox for each row execute function fail_always()`));
    expect((await send({ ...callback, humanCheck: 'good-1' })).status).toBe(500);
    await db.execute(sql.raw(`drop trigger fault_outbox on outbox`));
    expect((await send({ ...callback, humanCheck: 'good-1' })).status).toBe(201);
    expect((await send({ ...callback, humanCheck: 'good-1' })).status).toBe(400);
    expect(asked.filter((token) => token === 'good-1')).toHaveLength(1);
    await provider.test.drop();
    // It opens a second database of its own.
  }, 60_000);
});
