import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { openDatabase, type Database } from '#src/server/db/client.ts';
import { createLogger } from '#src/server/log.ts';
import { solvedCheck } from '../support/human-check.ts';

/** A loopback port nobody listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let database: Database;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`, dataDir: '', onConnectionError: () => {} });
  app = createApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: database.db,
    log: createLogger('silent'),
    site: null,
    secretKey: randomBytes(32),
  });
});
afterAll(() => database.close());

describe('with the PostgreSQL server unreachable', () => {
  it('a callback request answers 503 with Retry-After and the envelope, not 500', async () => {
    const humanCheck = await solvedCheck(async (path) => (await app.request(path)).json());
    const res = await app.request('/api/v1/contacts/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Aoife Byrne',
        email: 'aoife@example.ie',
        phone: '0871234567',
        subject: 'Van insurance for convicted drivers',
        message: 'Please call.',
        humanCheck,
      }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ ok: false, message: 'The service is briefly unavailable. Please try again in a few seconds.', errors: [] });
  });

  it('the process is live but not ready', async () => {
    expect((await app.request('/api/v1/health/live')).status).toBe(200);
    const ready = await app.request('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ database: 'down' });
  });
});
