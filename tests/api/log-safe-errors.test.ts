import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { contacts } from '#src/server/db/schema.ts';
import { safeError, safeErrorMessage, safeLogFields, stackFrames } from '#src/server/log-safe-error.ts';
import { createLogger } from '#src/server/log.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';
import { solvedCheck } from '../support/human-check.ts';

/** A visitor's callback request: none of it may reach the log. */
const visitor = {
  name: 'Siobhan Quigley-Nakamura',
  email: 'siobhan.quigley@example.ie',
  phone: '+353 86 765 4321',
  subject: 'Van insurance for convicted drivers',
  message: 'Three penalty points from 2023; call me after 6pm.',
};
const personal = [visitor.name, visitor.email, visitor.phone, visitor.message, 'siobhan', '765 4321'];

let test: TestDatabase;
let app: ReturnType<typeof createApp>;
/** What the app's log wrote, line by line. */
const written: string[] = [];
beforeAll(async () => {
  test = await freshDatabase();
  app = createApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error' }),
    db: test.database.db,
    log: createLogger('error', {
      destination: new Writable({
        write(chunk, _encoding, done) {
          written.push(String(chunk));
          done();
        },
      }),
    }),
    site: null,
    secretKey: randomBytes(32),
  });
  // The table the callback is written to is gone: the insert fails at the database (42P01).
  await test.database.db.execute(sql`alter table contacts rename to contacts_away`);
});
afterAll(() => test.drop());

/** A real DrizzleQueryError, from a statement the database refuses, with the visitor's data as its parameters. */
async function failedQuery(run: () => Promise<unknown>): Promise<DrizzleQueryError> {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DrizzleQueryError);
  return error as DrizzleQueryError;
}

describe('an error made safe for the log', () => {
  it('keeps the class, SQLSTATE and statement name of a failed insert, never its parameters', async () => {
    const error = await failedQuery(() => test.database.db.insert(contacts).values(visitor));
    // The error itself carries them (that is what used to be logged).
    expect(error.message).toContain(visitor.email);
    const safe = safeError(error);
    expect(safe).toEqual({
      name: 'DrizzleQueryError',
      code: '42P01',
      statement: 'insert into "contacts"',
      message: 'Failed query: relation "contacts" does not exist',
    });
    expect(safeErrorMessage(error)).toBe('Failed query: relation "contacts" does not exist (42P01)');
    const stack = stackFrames(error) ?? '';
    expect(stack).toMatch(/^\s+at /);
    for (const text of [JSON.stringify(safe), safeErrorMessage(error), stack]) {
      for (const value of personal) expect(text).not.toContain(value);
      expect(text).not.toMatch(/params:/);
    }
  });

  it('keeps the SQLSTATE of a database that is going away, from the driver error under Drizzle', () => {
    const cause = Object.assign(new Error('the database system is starting up'), { code: '57P03' });
    const error = new DrizzleQueryError('insert into "contacts" ("name", "email") values ($1, $2)', [visitor.name, visitor.email], cause);
    expect(safeError(error)).toEqual({
      name: 'DrizzleQueryError',
      code: '57P03',
      statement: 'insert into "contacts"',
      message: 'Failed query: the database system is starting up',
    });
  });

  it('redacts the value a database quotes in a data error (class 22)', async () => {
    const error = await failedQuery(() => test.database.db.execute(sql`select ${visitor.email}::uuid as id`));
    const safe = safeError(error);
    expect(safe.code).toBe('22P02');
    expect(safe.message).toBe('Failed query: invalid input syntax for type uuid: "…"');
    expect(JSON.stringify(safe)).not.toContain('siobhan');
  });

  it('cleans a message or stack that reached the log as a string', async () => {
    const error = await failedQuery(() => test.database.db.select().from(contacts).where(eq(contacts.email, visitor.email)));
    const fields = safeLogFields({ reqId: 'r1', error: error.message, stack: error.stack, cause: error });
    expect(fields.reqId).toBe('r1');
    expect(fields.error).toBe('Failed query');
    expect(fields.cause).toMatchObject({ code: '42P01', statement: 'select from "contacts"' });
    expect(JSON.stringify(fields)).not.toContain('siobhan');
  });
});

describe('a callback request the database refuses', () => {
  it('logs the SQLSTATE and the statement, not the visitor’s name, email, phone or message', async () => {
    const humanCheck = await solvedCheck(async (path) => (await app.request(path)).json());
    written.length = 0;
    const res = await app.request('/api/v1/contacts/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...visitor, humanCheck }),
    });
    expect(res.status).toBe(500);
    const log = written.join('');
    const line = written.map((text) => JSON.parse(text)).find((entry) => entry.msg === 'unhandled error');
    expect(line).toMatchObject({
      level: 'error',
      error: { name: 'DrizzleQueryError', code: '42P01', message: 'Failed query: relation "contacts" does not exist' },
    });
    // The store statement is one WITH query (rate limit, human check, record): it is named by what it writes.
    expect(line.error.statement).toMatch(/^with .*insert into "contacts"/);
    expect(line.stack).toMatch(/^\s+at /);
    for (const value of personal) expect(log).not.toContain(value);
    expect(log).not.toMatch(/params:/);
  });
});
