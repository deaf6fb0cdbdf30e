import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Challenge } from 'altcha-lib';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { runLoad } from '#tools/lib/load-generator.ts';
import { terminateBackends } from '#tools/lib/pg-faults.ts';
import { solveHumanCheck } from '#src/lib/human-check-client.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/**
 * The real server process on PostgreSQL, under load, while its connections are ended
 * (pg_terminate_backend, as a restart or failover does). It used to die at the first one
 * ("Unhandled 'error' event … 57P01"), dropping every request in flight.
 */
const serverUrl = process.env.DATABASE_URL!;
let url: string;
let server: LocalServer;

beforeAll(async () => {
  url = await createThrowawayDatabase(serverUrl);
  server = await startLocalServer({ DATABASE_URL: url, TRUST_PROXY: 'true', DIST_DIR: '/nonexistent', PORT: '3161' });
});
afterAll(async () => {
  await server?.stop();
  await dropDatabase(serverUrl, url);
});

describe('losing the PostgreSQL connections under load', () => {
  it('keeps the process serving: every request gets 200, 201 or 503, and it recovers by itself', { timeout: 90_000 }, async () => {
    const { base } = server;
    const challenge = async () => ((await (await fetch(`${base}/api/v1/challenge`)).json()) as { challenge: Challenge }).challenge;
    const checks: string[] = [];
    for (let i = 0; i < 8; i++) checks.push((await solveHumanCheck(challenge)).payload);

    let ended = 0;
    const faults = (async () => {
      for (let round = 0; round < 4; round++) {
        await new Promise((resolve) => setTimeout(resolve, 800));
        ended += await terminateBackends(url);
      }
    })();
    const load = await runLoad({
      base,
      concurrency: 20,
      maxRequests: 5000,
      maxMs: 4500,
      send: (i) =>
        i % 10 === 0 && checks.length > 0
          ? fetch(`${base}/api/v1/contacts/create`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i % 250}` },
              body: JSON.stringify({
                name: `Load ${i}`,
                email: `load${i}@example.ie`,
                phone: '0871234567',
                subject: 'Van insurance for convicted drivers',
                message: 'Fault test',
                humanCheck: checks.pop(),
              }),
            })
          : fetch(`${base}/api/v1/posts`),
    });
    await faults;

    expect(ended).toBeGreaterThan(0);
    expect(server.exitCode(), server.stderr()).toBeNull();
    expect(load.dropped).toEqual([]);
    expect(Object.keys(load.outcomes).filter((status) => !['200', '201', '503'].includes(status))).toEqual([]);
    expect(load.outcomes['200']).toBeGreaterThan(0);

    // The pool opens new connections on its own; readiness follows within a probe or two.
    let ready: { database?: string } = {};
    for (let i = 0; i < 50 && ready.database !== 'up'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ready = await (await fetch(`${base}/api/v1/health/ready`)).json();
    }
    expect(ready.database).toBe('up');
    expect((await fetch(`${base}/api/v1/posts`)).status).toBe(200);
  });
});
