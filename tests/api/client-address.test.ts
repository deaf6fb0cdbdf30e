import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { LIMITS } from '#src/server/auth/rate-limit.ts';

/**
 * Behind one proxy (TRUST_PROXY=true), a client that writes its own X-Forwarded-For first
 * entry, new on every request, is still limited by the address the proxy saw. The app runs
 * on a real socket, as in production: the proxy is 127.0.0.1 and appends the client's address.
 */
let t: TestApp;
let server: ServerType;
let base: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.test.drop();
});

const signIn = (forwarded: string, i: number) =>
  fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
    body: JSON.stringify({ email: `guess${i}@example.ie`, password: 'a wrong password' }),
  });

it('does not let a rotated first X-Forwarded-For entry escape the per-address sign-in limit', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) statuses.push((await signIn(`203.0.113.${i + 1}, 198.51.100.20`, i)).status);
  expect(statuses.slice(0, LIMITS.loginPerAddress.max).every((status) => status === 401)).toBe(true);
  expect(statuses.slice(LIMITS.loginPerAddress.max)).toEqual(Array(25 - LIMITS.loginPerAddress.max).fill(429));
  // Another client behind the same proxy has its own budget.
  expect((await signIn('198.51.100.21', 99)).status).toBe(401);
});
