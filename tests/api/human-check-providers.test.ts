import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#src/server/db/schema.ts';
import { makeTestApp } from '../support/app.ts';

/**
 * reCAPTCHA v2 and Turnstile are verified by the server at the provider's siteverify endpoint.
 * This stand-in answers on loopback with the providers' contract: a form with secret, response
 * and remoteip in, `{ success }` out.
 */
type Seen = { secret: string | null; response: string | null; remoteip: string | null };
let server: Server;
let verifyUrl = '';
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') });
      const success =
        request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
        form.get('secret') === 'test-secret' &&
        form.get('response')?.startsWith('good-token') === true;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  verifyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const contact = { name: 'Aoife', email: 'aoife@example.ie', phone: '0871234567', subject: 'Van insurance for convicted drivers', message: 'Please call.' };

describe.each(['recaptcha', 'turnstile'] as const)('human check by %s', (provider) => {
  it('accepts a token the provider confirms, refuses one it does not, and survives the provider being down', async () => {
    const t = await makeTestApp({
      env: {
        HUMAN_CHECK: provider,
        HUMAN_CHECK_SITE_KEY: 'site-key-123',
        HUMAN_CHECK_SECRET: 'test-secret',
        HUMAN_CHECK_VERIFY_URL: verifyUrl,
        TRUST_PROXY: 'true',
      },
    });
    const good = await t.call('POST', '/api/v1/contacts/create', { ...contact, humanCheck: 'good-token' }, { 'x-forwarded-for': '203.0.113.77' });
    expect(good.status).toBe(201);
    expect(seen.at(-1)).toEqual({ secret: 'test-secret', response: 'good-token', remoteip: '203.0.113.77' });

    const bad = await t.call('POST', '/api/v1/contacts/create', { ...contact, humanCheck: 'bad-token' }, { 'x-forwarded-for': '203.0.113.77' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([{ field: 'humanCheck', message: 'The spam check did not pass. Please try sending again.' }]);

    const down = await makeTestApp({
      env: {
        HUMAN_CHECK: provider,
        HUMAN_CHECK_SITE_KEY: 'site-key-123',
        HUMAN_CHECK_SECRET: 'test-secret',
        HUMAN_CHECK_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
      },
    });
    expect((await down.call('POST', '/api/v1/contacts/create', { ...contact, humanCheck: 'good-token' })).status).toBe(400);
    await Promise.all([t.test.drop(), down.test.drop()]);
  });
});

describe('a flood of callback requests past the budget', () => {
  it('is refused before the provider is asked about its tokens, until the window is over', async () => {
    const t = await makeTestApp({
      env: {
        HUMAN_CHECK: 'turnstile',
        HUMAN_CHECK_SITE_KEY: 'site-key-123',
        HUMAN_CHECK_SECRET: 'test-secret',
        HUMAN_CHECK_VERIFY_URL: verifyUrl,
        TRUST_PROXY: 'true',
        FORM_RATE_LIMIT: '1',
      },
    });
    let tokens = 0;
    const post = () => t.call('POST', '/api/v1/contacts/create', { ...contact, humanCheck: `good-token-${++tokens}` }, { 'x-forwarded-for': '203.0.113.78' });
    const asked = () => seen.filter((request) => request.remoteip === '203.0.113.78').length;
    expect((await post()).status).toBe(201);
    // The statement that would store the second finds the budget spent: the provider was asked before it.
    expect((await post()).status).toBe(429);
    expect(asked()).toBe(2);
    for (let i = 0; i < 3; i++) expect((await post()).status).toBe(429);
    expect(asked()).toBe(2);
    // Every one was counted: the budget's row holds them all.
    const [row] = await t.test.database.db.select({ hits: rateLimits.hits }).from(rateLimits);
    expect(row?.hits).toBe(5);
    // A new window (the row cleared here): the next post is asked about and stored.
    await t.test.database.db.delete(rateLimits);
    expect((await post()).status).toBe(201);
    expect(asked()).toBe(3);
    await t.test.drop();
  });
});
