import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.test.drop());

describe('the leads router and its :kind', () => {
  it('serves no kind but the four quote kinds under /quotes/{kind}', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/quotes/renewal/create'],
      ['POST', '/api/v1/quotes/bogus/create'],
      ['GET', '/api/v1/quotes/bogus'],
      ['GET', '/api/v1/quotes/bogus/export'],
    ] as const) {
      const res = await t.call(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ ok: false, message: 'There is no such API endpoint.', errors: [] });
    }
  });

  it('answers each quote kind, /quotes and /renewals (signed out: 401, so the route exists)', async () => {
    for (const path of [
      '/api/v1/quotes/van',
      '/api/v1/quotes/liability/export',
      '/api/v1/quotes',
      '/api/v1/quotes/export',
      '/api/v1/renewals',
      '/api/v1/renewals/export',
    ]) {
      expect((await t.call('GET', path)).status, path).toBe(401);
    }
  });
});
