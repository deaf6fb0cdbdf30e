import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, outbox, users } from '#src/server/db/schema.ts';
import { sha256 } from '#src/server/auth/crypto.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser, oathtoolCode } from '../support/agent.ts';
import { mailedInvitationToken } from '../support/invitations.ts';

/**
 * Invitations: an Administrator invites by email with a role; the mailed single-use link lets
 * the person set their name and password, then two-factor as any new account; pending ones can
 * be resent (the old link dies) and revoked. Two-factor is on here, as in production.
 */

const PASSWORD = 'a long test password';
let t: TestApp;
let admin: Agent;
let adminId: string;

async function invite(email: string, role: 'admin' | 'broker' | 'editor' = 'broker'): Promise<string> {
  const res = await admin.call('POST', '/api/v1/invitations/create', { email, role });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { invitation: { id: string } }).invitation.id;
}

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'true', ALLOW_SKIP_2FA: 'false', TRUST_PROXY: 'true' } });
  adminId = await createUser(t, { email: 'admin@shannon-insurance.ie', password: PASSWORD, role: 'admin' });
  // An Administrator signed in all the way (two-factor set up by the real flow, with oathtool's codes).
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: PASSWORD });
  const setup = (await (await admin.call('POST', '/api/v1/auth/2fa/generateSecret')).json()) as { user: { twoFactor: { secret: string } } };
  expect((await admin.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(setup.user.twoFactor.secret) })).status).toBe(200);
}, 60_000);
afterAll(() => t.test.drop());

describe('inviting', () => {
  it('mails a single-use link, stores only its hash, lists it as pending, and audits it', async () => {
    const id = await invite('niamh@shannon-insurance.ie', 'editor');
    const [mail] = await t.test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.ref, `invitation:${id}`));
    expect(mail).toMatchObject({ to: ['niamh@shannon-insurance.ie'] });
    expect(mail!.subject).toMatch(/invited/);
    expect(mail!.text).toContain('as Editor');
    const token = await mailedInvitationToken(t, id);
    const [row] = await t.test.database.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const list = (await (await admin.call('GET', '/api/v1/invitations?status=pending')).json()) as { invitations: { id: string; status: string }[] };
    expect(list.invitations).toContainEqual(expect.objectContaining({ id, status: 'pending' }));
    const [entry] = await t.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `invitation:${id}`));
    expect(entry).toMatchObject({ action: 'user invited', actorId: adminId, details: { role: 'editor' } });
    // The mail viewer withholds its body: the link would let its reader set up the account.
    const viewed = (await (await admin.call('GET', `/api/v1/mail/get/${mail!.id}`)).json()) as { mail: { text: string | null; withheld: string | null } };
    expect(viewed.mail.text).toBeNull();
    expect(viewed.mail.withheld).toMatch(/invitation link/);
    expect(JSON.stringify(viewed)).not.toContain(token);
    // Nor is it sent again as it was, once out of the queue: the invitation's own Resend makes a fresh link.
    await t.test.database.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, mail!.id));
    const resent = await admin.call('POST', `/api/v1/mail/resend/${mail!.id}`);
    expect(resent.status).toBe(409);
    expect((await resent.json()).message).toMatch(/one-time link/);
  });

  it('refuses an address that has an account or an invitation waiting (409), and bad input (400)', async () => {
    expect((await admin.call('POST', '/api/v1/invitations/create', { email: 'admin@shannon-insurance.ie', role: 'broker' })).status).toBe(409);
    await invite('twice@shannon-insurance.ie');
    const again = await admin.call('POST', '/api/v1/invitations/create', { email: 'TWICE@shannon-insurance.ie', role: 'broker' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/Resend/);
    const bad = await admin.call('POST', '/api/v1/invitations/create', { email: 'not an address', role: 'owner' });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'role']));
  });

  it('is for Administrators only', async () => {
    await createUser(t, { email: 'broker@shannon-insurance.ie', password: PASSWORD, role: 'broker' });
    const broker = agent(t);
    await broker.call('POST', '/api/v1/auth/login', { email: 'broker@shannon-insurance.ie', password: PASSWORD });
    // Half signed in (two-factor pending) is signed out for these.
    expect((await broker.call('POST', '/api/v1/invitations/create', { email: 'x@example.ie', role: 'admin' })).status).toBe(401);
    expect((await agent(t).call('GET', '/api/v1/invitations')).status).toBe(401);
  });
});

describe('accepting', () => {
  it('makes the account with the invited address and role, then asks for two-factor setup; the link works once', async () => {
    const id = await invite('oisin@shannon-insurance.ie', 'broker');
    const token = await mailedInvitationToken(t, id);
    const person = agent(t, '203.0.113.5');
    const check = await person.call('POST', '/api/v1/invitations/check', { token });
    expect(await check.json()).toMatchObject({ invitation: { email: 'oisin@shannon-insurance.ie', role: 'broker' } });

    const res = await person.call('POST', '/api/v1/invitations/accept', { token, first_name: 'Oisín', last_name: 'Kelly', password: 'my own long password' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ user: { email: 'oisin@shannon-insurance.ie', role: 'broker', first_name: 'Oisín' }, is2FAEnabled: true });
    // Signed in only as far as the password: the back-office waits for two-factor setup, as for any new account.
    expect((await person.call('GET', '/api/v1/auth/loggedin')).status).toBe(401);
    const setup = (await (await person.call('POST', '/api/v1/auth/2fa/generateSecret')).json()) as { user: { twoFactor: { secret: string } } };
    const verified = await person.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(setup.user.twoFactor.secret) });
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect((await person.call('GET', '/api/v1/contacts')).status).toBe(200);

    const second = await agent(t, '203.0.113.6').call('POST', '/api/v1/invitations/accept', {
      token,
      first_name: 'A',
      last_name: 'B',
      password: 'another long password',
    });
    expect(second.status).toBe(400);
    const list = (await (await admin.call('GET', '/api/v1/invitations?status=accepted')).json()) as { invitations: { id: string }[] };
    expect(list.invitations.map((row) => row.id)).toContain(id);
    const [entry] = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'invitation accepted'));
    expect(entry!.target).toBe(`invitation:${id}`);
  });

  it('checks the name and password with the form’s schema', async () => {
    const id = await invite('short@shannon-insurance.ie');
    const token = await mailedInvitationToken(t, id);
    const res = await agent(t, '203.0.113.7').call('POST', '/api/v1/invitations/accept', { token, first_name: '', last_name: 'X', password: 'short' });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['first_name', 'password']));
  });

  it('an expired link no longer works', async () => {
    const id = await invite('late@shannon-insurance.ie');
    const token = await mailedInvitationToken(t, id);
    await t.test.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, id));
    const res = await agent(t, '203.0.113.8').call('POST', '/api/v1/invitations/accept', {
      token,
      first_name: 'A',
      last_name: 'B',
      password: 'a long enough password',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired/);
    const list = (await (await admin.call('GET', '/api/v1/invitations?status=expired')).json()) as { invitations: { id: string }[] };
    expect(list.invitations.map((row) => row.id)).toContain(id);
  });
});

describe('resending and revoking', () => {
  it('resending mails a new link and kills the old one', async () => {
    const id = await invite('ronan@shannon-insurance.ie');
    const old = await mailedInvitationToken(t, id);
    expect((await admin.call('POST', `/api/v1/invitations/resend/${id}`)).status).toBe(200);
    const fresh = await mailedInvitationToken(t, id);
    expect(fresh).not.toBe(old);
    const person = agent(t, '203.0.113.9');
    expect((await person.call('POST', '/api/v1/invitations/check', { token: old })).status).toBe(400);
    expect(
      (await person.call('POST', '/api/v1/invitations/accept', { token: fresh, first_name: 'Rónán', last_name: 'Walsh', password: 'a long enough password' }))
        .status,
    ).toBe(201);
    // Accepted: neither resent nor revoked any more.
    expect((await admin.call('POST', `/api/v1/invitations/resend/${id}`)).status).toBe(409);
    expect((await admin.call('POST', `/api/v1/invitations/revoke/${id}`)).status).toBe(409);
  });

  it('revoking kills the link; the address can be invited again', async () => {
    const id = await invite('siobhan@shannon-insurance.ie');
    const token = await mailedInvitationToken(t, id);
    expect((await admin.call('POST', `/api/v1/invitations/revoke/${id}`)).status).toBe(200);
    expect((await agent(t, '203.0.113.10').call('POST', '/api/v1/invitations/check', { token })).status).toBe(400);
    const [entry] = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'invitation revoked'));
    expect(entry!.target).toBe(`invitation:${id}`);
    await invite('siobhan@shannon-insurance.ie');
    expect((await admin.call('POST', '/api/v1/invitations/revoke/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('the link pages are rate-limited per address', async () => {
    const person = agent(t, '203.0.113.77');
    let status = 0;
    for (let i = 0; i < 21 && status !== 429; i++) status = (await person.call('POST', '/api/v1/invitations/check', { token: `guess-${i}` })).status;
    expect(status).toBe(429);
  });

  it('leaves the spec’s Create a User form as it was', async () => {
    const res = await admin.call('POST', '/api/v1/users/create', {
      first_name: 'Plain',
      last_name: 'Create',
      email: 'plain@shannon-insurance.ie',
      password: PASSWORD,
      isAdmin: 'false',
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { message: string }).message).toBe('User Created');
    const [row] = await t.test.database.db.select().from(users).where(eq(users.email, 'plain@shannon-insurance.ie'));
    expect(row!.role).toBe('broker');
  });
});
