import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.test.drop());

describe('the app server', () => {
  it('reports the database in /api/v1/health', async () => {
    const res = await t.call('GET', '/api/v1/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, message: 'OK', errors: [], database: 'up' });
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown API path with a JSON 404 and redirects any other unknown path home', async () => {
    const api = await t.call('GET', '/api/v1/no-such-thing');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ ok: false });
    const page = await t.call('GET', '/no-such-page');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/');
  });

  it('marks every API answer, success or failure, not to be stored', async () => {
    const challenge = await t.call('GET', '/api/v1/challenge');
    expect(challenge.status).toBe(200);
    expect(challenge.headers.get('cache-control')).toBe('no-store');
    const refused = await t.call('POST', '/api/v1/contacts/create', { name: '' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends the security headers', async () => {
    const res = await t.call('GET', '/api/v1/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe('when the database fails', () => {
  it('answers health with 503 and a write with a 503 and Retry-After that leaks nothing', { timeout: 60_000 }, async () => {
    const broken = await makeTestApp();
    await broken.test.drop();
    const health = await broken.call('GET', '/api/v1/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    const res = await broken.call('POST', '/api/v1/contacts/create', {
      humanCheck: 'x',
      name: 'A',
      email: 'a@example.ie',
      phone: '0871234567',
      subject: 'Van insurance for convicted drivers',
      message: 'Hello',
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ ok: false, message: 'The service is briefly unavailable. Please try again in a few seconds.', errors: [] });
    expect(text).not.toMatch(/at .*\.ts|stack|Error:/);
  });
});
