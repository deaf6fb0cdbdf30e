import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  // A route that fails the way a bug would: an error whose message and stack name our files.
  t.app.get('/api/v1/test-only/throws', () => {
    throw new Error('column "secret_sauce" missing in /work/src/server/routes/leads.ts');
  });
});
afterAll(() => t.test.drop());

describe('an unexpected error', () => {
  it('answers 500 in the envelope with a plain message, never the error, its stack or a file name', async () => {
    const res = await t.call('GET', '/api/v1/test-only/throws');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ ok: false, message: 'Something went wrong on our side. Please try again later.', errors: [] });
    expect(text).not.toMatch(/secret_sauce|\.ts|\bat\b|stack/i);
  });
});
