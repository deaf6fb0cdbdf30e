import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { openDatabase } from '#src/server/db/client.ts';
import { createLogger } from '#src/server/log.ts';
import { loadStaticSite } from '#src/server/static-site.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(dist, 'admin.html'), '<!doctype html><title>Back-office</title>');
  await writeFile(join(dist, '.build-stamp.json'), '{}');
  t = await makeTestApp({ site: await loadStaticSite(dist) });
});
afterAll(async () => {
  await rm(dist, { recursive: true });
  await t.test.drop();
});

/** Resolves to the response, or to 'pending' if none came within `ms`. */
const within = (ms: number, response: Promise<Response>) =>
  Promise.race([response, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

describe('health endpoints', () => {
  it('report live, ready and the database when all is well', async () => {
    const live = await t.call('GET', '/api/v1/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ ok: true, message: 'OK', errors: [] });
    const ready = await t.call('GET', '/api/v1/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true, message: 'Ready', errors: [], database: 'up', migrations: 'applied', site: 'loaded' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answer at once while every database connection is busy; the requests that need the database wait', async () => {
    await t.call('GET', '/api/v1/health'); // the probe's first answer, shared from now on
    // Ten open transactions: all of PostgreSQL's pool, and PGlite's one connection.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: 10 }, () =>
      t.test.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const queued = t.call('GET', '/api/v1/posts');
      for (const path of ['/api/v1/health', '/api/v1/health/live', '/api/v1/health/ready']) {
        const res = await within(500, t.call('GET', path));
        expect(res === 'pending' ? `${path} pending` : res.status).toBe(200);
      }
      expect(await within(300, queued)).toBe('pending');
      release();
      expect((await queued).status).toBe(200);
    } finally {
      release();
      await Promise.all(held);
    }
  });

  it('are not ready, with the reason, when the built site is missing', async () => {
    const apiOnly = createApp({ config: t.config, db: t.test.database.db, log: createLogger('silent'), site: null, secretKey: randomBytes(32) });
    const res = await apiOnly.request('/api/v1/health/ready');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({
      ok: false,
      message: 'The built site is not loaded.',
      errors: [],
      database: 'up',
      migrations: 'applied',
      site: 'missing',
    });
  });

  it('are not ready while migrations are pending', { timeout: 60_000 }, async () => {
    const serverUrl = process.env.DATABASE_URL;
    const url = serverUrl ? await createThrowawayDatabase(serverUrl) : undefined;
    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      // The migrations table exists but lacks the latest migration, as in a database an older release left.
      await database.migrate();
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
      const app = createApp({
        config: loadConfig({ LOG_LEVEL: 'silent' }),
        db: database.db,
        log: createLogger('silent'),
        site: await loadStaticSite(dist),
        secretKey: randomBytes(32),
      });
      const res = await app.request('/api/v1/health/ready');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, message: 'The database migrations are not all applied.', database: 'up', migrations: 'pending' });
    } finally {
      await database.close();
      if (serverUrl && url) await dropDatabase(serverUrl, url);
    }
  });

  it('keep the process live but not ready when the database is gone', { timeout: 60_000 }, async () => {
    const broken = await makeTestApp({ site: await loadStaticSite(dist) });
    await broken.test.drop();
    expect((await broken.call('GET', '/api/v1/health/live')).status).toBe(200);
    const ready = await broken.call('GET', '/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ ok: false, message: 'The database is not answering.', database: 'down', migrations: 'unknown' });
  });
});
