import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_OUT_FROM_ANOTHER_SITE } from '#src/server/auth/routes.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser } from '../support/agent.ts';

/**
 * Signing out: the back-office POSTs; a GET still signs out from our own pages and the address
 * bar, but another site cannot sign staff out by sending their browser to the address, and a
 * HEAD changes nothing.
 */

const EMAIL = 'aine@shannon-insurance.ie';
const PASSWORD = 'a long test password';
const LOGOUT = '/api/v1/auth/logout';

let t: TestApp;
let own: string;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  own = t.config.site.origin;
  await createUser(t, { email: EMAIL, password: PASSWORD });
});
afterAll(() => t.test.drop());

async function signedIn(): Promise<Agent> {
  const staff = agent(t);
  expect((await staff.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD })).status).toBe(200);
  return staff;
}

const stillSignedIn = async (staff: Agent) => (await staff.call('GET', '/api/v1/auth/loggedin')).status === 200;

describe('sign-out', () => {
  it('the back-office signs out with a POST from its own page', async () => {
    const staff = await signedIn();
    const res = await staff.call('POST', LOGOUT, undefined, { 'sec-fetch-site': 'same-origin', origin: own });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, message: 'Logged Out User' });
    expect(await stillSignedIn(staff)).toBe(false);
  });

  it('a GET signs out from our own pages, the address bar, and a client that names no site', async () => {
    const asked: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', referer: `${own}/admin/dashboard` },
      { 'sec-fetch-site': 'none' },
      { referer: `${own}/admin/dashboard` },
      { origin: own },
      { referer: 'http://localhost/admin' },
      {},
    ];
    for (const headers of asked) {
      const staff = await signedIn();
      const res = await staff.call('GET', LOGOUT, undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
      expect(await stillSignedIn(staff), JSON.stringify(headers)).toBe(false);
    }
  });

  it('a GET asked for by another site is refused in words, and the session stays', async () => {
    const asked: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', referer: 'https://elsewhere.example/page' },
      { 'sec-fetch-site': 'same-site', referer: 'https://blog.shannon-insurance.ie/' },
      // Sec-Fetch-Site decides when sent: another site's page cannot pass by naming ours.
      { 'sec-fetch-site': 'cross-site', referer: `${own}/admin` },
      { referer: 'https://elsewhere.example/page' },
      { origin: 'https://elsewhere.example' },
      { origin: 'null' },
      { referer: 'not an address' },
    ];
    const staff = await signedIn();
    for (const headers of asked) {
      const res = await staff.call('GET', LOGOUT, undefined, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ ok: false, message: SIGN_OUT_FROM_ANOTHER_SITE, errors: [] });
      expect(res.headers.get('set-cookie'), JSON.stringify(headers)).toBeNull();
      expect(await stillSignedIn(staff), JSON.stringify(headers)).toBe(true);
    }
  });

  it('a HEAD changes nothing, and a POST from another site is refused', async () => {
    const staff = await signedIn();
    const head = await staff.call('HEAD', LOGOUT, undefined, { 'sec-fetch-site': 'same-origin' });
    expect(head.status).toBe(200);
    expect(head.headers.get('set-cookie')).toBeNull();
    expect(await stillSignedIn(staff)).toBe(true);

    const post = await staff.call('POST', LOGOUT, undefined, { 'sec-fetch-site': 'cross-site', origin: 'https://elsewhere.example' });
    expect(post.status).toBe(403);
    expect(await stillSignedIn(staff)).toBe(true);
  });

  it('is described for both methods in the OpenAPI document', async () => {
    const document = (await (await t.call('GET', '/api/v1/openapi.json')).json()) as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(Object.keys(document.paths[LOGOUT] ?? {}).sort()).toEqual(['get', 'post']);
    expect(document.paths[LOGOUT]?.post?.summary).toBe('Sign out');
  });
});
