import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, oathtoolCode, userRow } from '../support/agent.ts';

const EMAIL = 'niamh@shannon-insurance.ie';
const PASSWORD = 'correct horse battery';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
  userId = await createUser(t, { email: EMAIL, password: PASSWORD, isAdmin: true, firstName: 'Niamh' });
});
afterAll(() => t.test.drop());

describe('sign-in with two-factor', () => {
  let secret = '';
  let recovery: string[] = [];
  let usedCode = '';

  it('refuses a wrong password and an unknown account with the same answer', async () => {
    const a = agent(t, '203.0.113.1');
    const wrong = await a.call('POST', '/api/v1/auth/login', { email: EMAIL, password: 'wrong password!!' });
    const unknown = await a.call('POST', '/api/v1/auth/login', { email: 'nobody@example.ie', password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).message).toBe((await unknown.json()).message);
  });

  it('validates the login form with the shared messages', async () => {
    const res = await agent(t).call('POST', '/api/v1/auth/login', { email: 'nope' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { field: 'email', message: 'Invalid email address' },
      { field: 'password', message: 'Required' },
    ]);
  });

  it('first sign-in: password, then setup with a QR secret, then a code from a real TOTP implementation', async () => {
    const a = agent(t);
    const login = await a.call('POST', '/api/v1/auth/login', { email: EMAIL.toUpperCase(), password: PASSWORD });
    expect(login.status).toBe(200);
    const body = await login.json();
    expect(body).toMatchObject({
      ok: true,
      is2FAEnabled: true,
      allowSkip2FA: false,
      user: { email: EMAIL, twoFactor: { isEnabled: false, isVerified: false } },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash|secret/i);
    expect(login.headers.get('set-cookie')).toMatch(/^sid=[\w-]{40,}; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/);

    // Only the two-factor endpoints are open to a password-only session.
    expect((await a.call('GET', '/api/v1/auth/loggedin')).status).toBe(401);
    expect(await (await a.call('GET', '/api/v1/auth/options')).json()).toMatchObject({ ok: true, signedIn: false });
    expect((await a.call('GET', '/api/v1/contacts')).status).toBe(401);
    expect((await a.call('GET', '/api/v1/users/')).status).toBe(401);

    const generated = await a.call('POST', '/api/v1/auth/2fa/generateSecret', {});
    expect(generated.status).toBe(200);
    const setup = await generated.json();
    secret = setup.user.twoFactor.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Shannon%20Commercial%20Insurance:niamh%40shannon-insurance\.ie\?/);
    expect(setup.otpauth_url).toContain(`secret=${secret}`);
    const stored = await userRow(t, userId);
    expect(stored?.twoFactorSecret).toMatch(/^v1\./);
    expect(stored?.twoFactorSecret).not.toContain(secret);

    const bad = await a.call('POST', '/api/v1/auth/2fa/verify', { token: '000000' === oathtoolCode(secret) ? '111111' : '000000' });
    expect(bad.status).toBe(400);

    // A password alone is not a sign-in: the users list shows none yet.
    expect((await userRow(t, userId))?.lastSignInAt).toBeNull();
    usedCode = oathtoolCode(secret);
    const verified = await a.call('POST', '/api/v1/auth/2fa/verify', { token: usedCode });
    expect(verified.status).toBe(200);
    const signedInAt = (await userRow(t, userId))?.lastSignInAt;
    expect(Date.now() - (signedInAt?.getTime() ?? 0)).toBeLessThan(60_000);
    const done = await verified.json();
    expect(done.user.twoFactor).toEqual({ isEnabled: true, isVerified: true });
    recovery = done.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);

    const me = await a.call('GET', '/api/v1/auth/loggedin');
    expect(me.status).toBe(200);
    expect((await me.json()).user.email).toBe(EMAIL);
    // Once set up, the secret is never handed out again.
    expect((await a.call('POST', '/api/v1/auth/2fa/generateSecret', {})).status).toBe(409);
  });

  it('later sign-ins go through verify; a code is never accepted twice', async () => {
    const first = agent(t);
    await first.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
    // The very code accepted at setup (computing it again could land in the next 30 s step).
    const reused = await first.call('POST', '/api/v1/auth/2fa/verify', { token: usedCode });
    expect(reused.status).toBe(400);
    const next = await first.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(secret, 1) });
    expect(next.status).toBe(200);
    expect((await next.json()).recoveryCodes).toBeUndefined();
    expect((await first.call('GET', '/api/v1/auth/loggedin')).status).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    const a = agent(t);
    await a.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
    expect((await a.call('POST', '/api/v1/auth/2fa/verify', { token: recovery[0]!.toUpperCase() })).status).toBe(200);
    const b = agent(t);
    await b.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
    expect((await b.call('POST', '/api/v1/auth/2fa/verify', { token: recovery[0] })).status).toBe(400);
  });

  it('logout ends the session (the back-office’s POST, from its own page)', async () => {
    const a = agent(t);
    await a.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
    await a.call('POST', '/api/v1/auth/2fa/verify', { token: recovery[1] });
    expect((await a.call('GET', '/api/v1/auth/loggedin')).status).toBe(200);
    // The sign-in screen's quiet check (a signed-in visit to /admin goes to the dashboard).
    expect(await (await a.call('GET', '/api/v1/auth/options')).json()).toMatchObject({ ok: true, signedIn: true });
    const out = await a.call('POST', '/api/v1/auth/logout', undefined, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' });
    expect(await out.json()).toMatchObject({ ok: true, message: 'Logged Out User' });
    expect((await a.call('GET', '/api/v1/auth/loggedin')).status).toBe(401);
    expect(await (await a.call('GET', '/api/v1/auth/options')).json()).toMatchObject({ ok: true, signedIn: false });
  });

  it('does not allow skipping setup unless configured', async () => {
    const fresh = await createUser(t, { email: 'skip@shannon-insurance.ie', password: PASSWORD });
    const a = agent(t);
    await a.call('POST', '/api/v1/auth/login', { email: 'skip@shannon-insurance.ie', password: PASSWORD });
    expect((await a.call('POST', '/api/v1/auth/2fa/skip', {})).status).toBe(403);
    expect(fresh).toBeTruthy();
  });

  it('locks an account after five wrong passwords, and limits each address', async () => {
    await createUser(t, { email: 'lock@shannon-insurance.ie', password: PASSWORD });
    const a = agent(t, '203.0.113.50');
    for (let i = 0; i < 5; i++) {
      expect((await a.call('POST', '/api/v1/auth/login', { email: 'lock@shannon-insurance.ie', password: 'not the password' })).status).toBe(401);
    }
    const locked = await a.call('POST', '/api/v1/auth/login', { email: 'lock@shannon-insurance.ie', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await locked.json()).message).toMatch(/^Too many attempts\. Please wait 1[45] minutes/);

    const b = agent(t, '203.0.113.51');
    for (let i = 0; i < 20; i++) await b.call('POST', '/api/v1/auth/login', { email: `x${i}@example.ie`, password: 'whatever' });
    expect((await b.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD })).status).toBe(429);
  });

  it('limits wrong two-factor codes', async () => {
    const a = agent(t, '203.0.113.60');
    await createUser(t, { email: 'totp@shannon-insurance.ie', password: PASSWORD });
    await a.call('POST', '/api/v1/auth/login', { email: 'totp@shannon-insurance.ie', password: PASSWORD });
    const setup = await (await a.call('POST', '/api/v1/auth/2fa/generateSecret', {})).json();
    const wrong = oathtoolCode(setup.user.twoFactor.secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await a.call('POST', '/api/v1/auth/2fa/verify', { token: wrong })).status).toBe(400);
    expect((await a.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(setup.user.twoFactor.secret) })).status).toBe(429);
  });
});

describe('configuration of two-factor', () => {
  it('with skipping allowed, Skip gives a full session', async () => {
    const s = await makeTestApp({ env: { ALLOW_SKIP_2FA: 'true' } });
    await createUser(s, { email: 'a@shannon-insurance.ie', password: PASSWORD });
    const a = agent(s);
    const login = await (await a.call('POST', '/api/v1/auth/login', { email: 'a@shannon-insurance.ie', password: PASSWORD })).json();
    expect(login.allowSkip2FA).toBe(true);
    expect((await a.call('POST', '/api/v1/auth/2fa/skip', {})).status).toBe(200);
    expect((await a.call('GET', '/api/v1/auth/loggedin')).status).toBe(200);
    await s.test.drop();
  });

  it('with two-factor off, the password alone signs in', async () => {
    const s = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
    await createUser(s, { email: 'a@shannon-insurance.ie', password: PASSWORD });
    const a = agent(s);
    const login = await (await a.call('POST', '/api/v1/auth/login', { email: 'a@shannon-insurance.ie', password: PASSWORD })).json();
    expect(login.is2FAEnabled).toBe(false);
    expect((await a.call('GET', '/api/v1/auth/loggedin')).status).toBe(200);
    await s.test.drop();
  });
});
