import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { loadConfig } from '#src/server/config.ts';
import { createLogger } from '#src/server/log.ts';
import { loadStaticSite } from '#src/server/static-site.ts';
import { createDrain, DRAINING_MESSAGE } from '#src/server/ops/drain.ts';
import { shutDown } from '#src/server/ops/shutdown.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

let dist: string;
let test: TestDatabase;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(dist, 'admin.html'), '<!doctype html><title>Back-office</title>');
  await writeFile(join(dist, '.build-stamp.json'), '{}');
  test = await freshDatabase();
});
afterAll(async () => {
  await rm(dist, { recursive: true });
  await test.drop();
});

const log = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until the server has a request in hand (on a busy machine a fetch can take longer than any fixed wait to arrive). */
async function untilInHand(drain: { readonly inFlight: number }) {
  while (drain.inFlight === 0) await sleep(10);
}

describe('readiness while draining', () => {
  it('turns 503 at once when the drain begins, while liveness and other requests still answer (asking to close the connection)', async () => {
    const drain = createDrain();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = createApp({ config, db: test.database.db, log, site: await loadStaticSite(dist), secretKey: randomBytes(32), drain });
    expect((await app.request('/api/v1/health/ready')).status).toBe(200);

    drain.begin();
    const ready = await app.request('/api/v1/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(await ready.json()).toMatchObject({ ok: false, message: DRAINING_MESSAGE, draining: true });
    const live = await app.request('/api/v1/health/live');
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
  });
});

/** A real HTTP server with the drain in front of a route that takes `ms` to answer. */
async function slowServer(events: string[] = []): Promise<{ base: string; server: Server; drain: ReturnType<typeof createDrain> }> {
  const drain = createDrain();
  const app = new Hono();
  app.use(drain.middleware);
  app.get('/slow/:ms', async (c) => {
    await sleep(Number(c.req.param('ms')));
    events.push('request finished');
    return c.text('done');
  });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, drain };
}

describe('shutting down', () => {
  it('refuses new connections, lets the request in hand finish, stops the jobs, then closes resources', async () => {
    const events: string[] = [];
    const { base, server, drain } = await slowServer(events);
    const inHand = fetch(`${base}/slow/400`);
    await untilInHand(drain);
    const result = shutDown({
      server,
      drain,
      timeoutMs: 5000,
      stopJobs: async () => {
        await sleep(50);
        events.push('jobs stopped');
      },
      closeResources: async () => {
        events.push('resources closed');
      },
      log,
    });
    await expect(fetch(`${base}/slow/0`)).rejects.toThrow();
    const { forced, ms } = await result;
    const answer = await inHand;
    expect([answer.status, await answer.text()]).toEqual([200, 'done']);
    expect(forced).toBe(false);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(events).toEqual(['jobs stopped', 'request finished', 'resources closed']);
  });

  it('cuts what is still in hand at the timeout, and only then closes resources', async () => {
    const { base, server, drain } = await slowServer();
    let closedAt = 0;
    const inHand = fetch(`${base}/slow/5000`).then(
      () => 'answered',
      () => 'cut',
    );
    await untilInHand(drain);
    const started = performance.now();
    const { forced } = await shutDown({
      server,
      drain,
      timeoutMs: 300,
      stopJobs: async () => {},
      closeResources: async () => {
        closedAt = performance.now() - started;
      },
      log,
    });
    expect(forced).toBe(true);
    expect(await inHand).toBe('cut');
    expect(closedAt).toBeGreaterThanOrEqual(290);
    expect(closedAt).toBeLessThan(3000);
  });
});
