import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { asAdministrator, terminateBackends } from '#tools/lib/pg-faults.ts';
import { solveHumanCheck } from '#src/lib/human-check-client.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/**
 * The real server on a PostgreSQL database that stops taking connections the way maintenance
 * and failover do: the database refusing new connections (ALLOW_CONNECTIONS false) after its
 * connections are ended, and a server that only reads (a standby promoted late). Each answers a
 * visitor's callback with 503 and Retry-After, never 500; health says down while it lasts and
 * up again within seconds of the database's return, in the same process.
 */
const serverUrl = process.env.DATABASE_URL!;
let url: string;
let name: string;
let server: LocalServer;
const checks: string[] = [];

/** Runs one statement on the PostgreSQL server as its administrator (outside the app's database). */
const asServerAdministrator = (statement: string) => asAdministrator(serverUrl, statement);

const callback = (base: string, index: number) =>
  fetch(`${base}/api/v1/contacts/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index}` },
    body: JSON.stringify({
      name: 'Aoife Byrne',
      email: `aoife${index}@example.ie`,
      phone: '0871234567',
      subject: 'Van insurance',
      message: 'Please ring me back',
      humanCheck: checks.pop(),
    }),
  });

/** Health's status once it has settled on `status`, or the last one seen within `withinMs`. */
async function healthBecomes(base: string, status: number, withinMs: number): Promise<number> {
  const until = Date.now() + withinMs;
  let seen = 0;
  while (Date.now() < until) {
    seen = (await fetch(`${base}/api/v1/health`)).status;
    if (seen === status) return seen;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return seen;
}

beforeAll(async () => {
  url = await createThrowawayDatabase(serverUrl);
  name = new URL(url).pathname.slice(1);
  server = await startLocalServer({ DATABASE_URL: url, TRUST_PROXY: 'true', DIST_DIR: '/nonexistent', PORT: '3163' });
  const challenge = async () => ((await (await fetch(`${server.base}/api/v1/challenge`)).json()) as { challenge: Challenge }).challenge;
  for (let i = 0; i < 12; i++) checks.push((await solveHumanCheck(challenge)).payload);
});
afterAll(async () => {
  await server?.stop();
  await asServerAdministrator(`alter database "${name}" with allow_connections true`).catch(() => undefined);
  await dropDatabase(serverUrl, url);
});

describe('a PostgreSQL database that stops taking connections', () => {
  it('answers 503 with Retry-After while it refuses them, and health follows it down and back up', { timeout: 60_000 }, async () => {
    const { base } = server;
    expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);

    await asServerAdministrator(`alter database "${name}" with allow_connections false`);
    await terminateBackends(url);
    const refused = await callback(base, 1);
    expect(refused.status, await refused.clone().text()).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).ok).toBe(false);
    expect(await healthBecomes(base, 503, 5_000)).toBe(503);

    await asServerAdministrator(`alter database "${name}" with allow_connections true`);
    expect(await healthBecomes(base, 200, 10_000)).toBe(200);
    expect((await callback(base, 2)).status).toBe(201);
    expect(server.exitCode(), server.stderr()).toBeNull();
  });

  it('answers 503, not 500, while the server only reads (failover under way), and stores again after', { timeout: 60_000 }, async () => {
    const { base } = server;
    await asServerAdministrator(`alter database "${name}" set default_transaction_read_only = on`);
    await terminateBackends(url);
    const refused = await callback(base, 3);
    expect(refused.status, await refused.clone().text()).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);

    await asServerAdministrator(`alter database "${name}" reset default_transaction_read_only`);
    await terminateBackends(url);
    let stored = 0;
    for (let i = 0; i < 8 && stored !== 201; i++) {
      stored = (await callback(base, 4 + i)).status;
      if (stored !== 201) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(stored).toBe(201);
  });
});

describe('a PostgreSQL server with no connection to spare', () => {
  // Superusers are exempt from connection limits: the server here signs in as a role of its own.
  const role = `app_${process.pid}`;
  let own: LocalServer;
  let ownUrl: string;
  beforeAll(async () => {
    await asServerAdministrator(`create role "${role}" login password 'refusing-test'`);
    const created = new URL(await createThrowawayDatabase(serverUrl));
    await asServerAdministrator(`alter database "${created.pathname.slice(1)}" owner to "${role}"`);
    created.username = role;
    created.password = 'refusing-test';
    ownUrl = created.href;
    own = await startLocalServer({ DATABASE_URL: ownUrl, TRUST_PROXY: 'true', DIST_DIR: '/nonexistent', PORT: '3164' });
    const challenge = async () => ((await (await fetch(`${own.base}/api/v1/challenge`)).json()) as { challenge: Challenge }).challenge;
    for (let i = 0; i < 2; i++) checks.push((await solveHumanCheck(challenge)).payload);
  });
  afterAll(async () => {
    await own?.stop();
    const admin = new URL(ownUrl);
    admin.username = new URL(serverUrl).username;
    admin.password = new URL(serverUrl).password;
    await dropDatabase(serverUrl, admin.href);
    await asServerAdministrator(`drop role if exists "${role}"`);
  });

  it('answers 503 with Retry-After (too many connections), and stores again once one is free', { timeout: 60_000 }, async () => {
    await asServerAdministrator(`alter role "${role}" connection limit 0`);
    await asServerAdministrator(`select pg_terminate_backend(pid) from pg_stat_activity where usename = '${role}'`);
    try {
      const refused = await callback(own.base, 30);
      expect(refused.status, await refused.clone().text()).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await asServerAdministrator(`alter role "${role}" connection limit -1`);
    }
    expect((await callback(own.base, 31)).status).toBe(201);
  });
});
