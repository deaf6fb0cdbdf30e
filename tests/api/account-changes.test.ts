import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { auditLog, outbox, users } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, userRow, type Agent } from '../support/agent.ts';

const PASSWORD = 'a long test password';
let t: TestApp;
let admin: Agent;
let adminId: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', TRUST_PROXY: 'true' } });
  adminId = await createUser(t, { email: 'boss@shannon-insurance.ie', password: PASSWORD, isAdmin: true });
  admin = await signIn('boss@shannon-insurance.ie', PASSWORD, '192.0.2.200');
});
afterAll(() => t.test.drop());

async function signIn(email: string, password: string, address = '192.0.2.1'): Promise<Agent> {
  const a = agent(t, address);
  expect((await a.call('POST', '/api/v1/auth/login', { email, password })).status).toBe(200);
  return a;
}

/** A Standard user, signed in, for one test. */
async function staffMember(name: string): Promise<{ id: string; email: string; session: Agent }> {
  const email = `${name}@shannon-insurance.ie`;
  const id = await createUser(t, { email, password: PASSWORD, firstName: name });
  return { id, email, session: await signIn(email, PASSWORD, `192.0.2.${10 + (name.length % 50)}`) };
}

const edit = (who: Agent, id: string, fields: Record<string, string>) =>
  who.call('PUT', `/api/v1/users/update/${id}`, { first_name: 'Test', last_name: 'User', ...fields });

async function confirmationLink(userId: string, to: string): Promise<URL> {
  const mails = await t.test.database.db
    .select()
    .from(outbox)
    .where(like(outbox.ref, `email-change:${userId}`))
    .orderBy(desc(outbox.createdAt));
  const mail = mails.find((m) => m.to.includes(to) && /Confirm/.test(m.subject));
  const match = mail?.text.match(/http\S+/);
  if (!match) throw new Error(`no confirmation mail to ${to}`);
  return new URL(match[0]);
}

const auditActions = async (target: string) =>
  (
    await t.test.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `user:${target}`))
  ).map((row) => row.action);

describe('changing one’s own password', () => {
  it('asks for the current password, says so on the field, and takes the new one only with it', async () => {
    const { id, email, session } = await staffMember('orla');
    // A change of name alone needs no password.
    expect((await edit(session, id, { email, first_name: 'Orlaith' })).status).toBe(200);
    const missing = await edit(session, id, { email, password: 'a brand new password' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([{ field: 'currentPassword', message: 'Enter your current password to change your email or password' }]);

    const wrong = await edit(session, id, { email, password: 'a brand new password', currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      ok: false,
      message: 'The current password is not correct',
      errors: [{ field: 'currentPassword', message: 'The current password is not correct' }],
    });
    expect((await agent(t, '192.0.2.90').call('POST', '/api/v1/auth/login', { email, password: 'a brand new password' })).status).toBe(401);

    const done = await edit(session, id, { email, password: 'a brand new password', currentPassword: PASSWORD });
    expect(done.status).toBe(200);
    await signIn(email, 'a brand new password', '192.0.2.91');
    expect(await auditActions(id)).toContain('password changed');
  });

  it('counts wrong current passwords against the sign-in lockout', async () => {
    const { id, email, session } = await staffMember('ruairi');
    for (let i = 0; i < 5; i++)
      expect((await edit(session, id, { email, password: 'a brand new password', currentPassword: `guess number ${i}` })).status).toBe(400);
    const locked = await edit(session, id, { email, password: 'a brand new password', currentPassword: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBeTruthy();
    // The same budget as the sign-in form: guessing through a session is no faster.
    expect((await agent(t, '192.0.2.92').call('POST', '/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(429);
  });

  it('an Administrator sets another user’s password without knowing it', async () => {
    const { id, email } = await staffMember('sile');
    expect((await edit(admin, id, { email, password: 'set by the administrator' })).status).toBe(200);
    await signIn(email, 'set by the administrator', '192.0.2.93');
    const [entry] = await t.test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${id}`), eq(auditLog.action, 'password changed')));
    expect(entry).toMatchObject({ actorId: adminId, details: { byOwner: false } });
  });

  it('an Administrator changing their own password needs their current one too', async () => {
    const res = await edit(admin, adminId, { email: 'boss@shannon-insurance.ie', password: 'a brand new password' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ field: 'currentPassword', message: 'Enter your current password to change your email or password' }]);
  });
});

describe('changing an email address', () => {
  it('keeps the old address until the link mailed to the new one is used, and tells the old one', async () => {
    const { id, email, session } = await staffMember('tadhg');
    const res = await edit(session, id, { email: 'tadhg.new@example.ie', currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email, pendingEmail: 'tadhg.new@example.ie' });
    expect((await (await session.call('GET', `/api/v1/users/get/${id}`)).json()).user).toMatchObject({ email, pendingEmail: 'tadhg.new@example.ie' });

    const link = await confirmationLink(id, 'tadhg.new@example.ie');
    expect(link.pathname).toBe('/admin/confirm-email');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Stored only as its hash, like a reset token.
    const stored = await userRow(t, id);
    expect(stored?.pendingEmailTokenHash).toBeTruthy();
    expect(stored?.pendingEmailTokenHash).not.toBe(token);
    const notice = await t.test.database.db
      .select()
      .from(outbox)
      .where(and(like(outbox.ref, `email-change:${id}`), sql`${email} = any(${outbox.to})`));
    expect(notice).toHaveLength(1);
    expect(notice[0]?.text).toContain('tadhg.new@example.ie');
    expect(notice[0]?.text).not.toContain(token);

    // Until confirmed, the old address signs in and the new one does not.
    expect((await agent(t, '192.0.2.94').call('POST', '/api/v1/auth/login', { email: 'tadhg.new@example.ie', password: PASSWORD })).status).toBe(401);
    await signIn(email, PASSWORD, '192.0.2.95');

    const confirmed = await session.call('POST', '/api/v1/users/confirmEmail', { token });
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).user).toMatchObject({ email: 'tadhg.new@example.ie', pendingEmail: null });
    await signIn('tadhg.new@example.ie', PASSWORD, '192.0.2.96');
    expect(await auditActions(id)).toEqual(expect.arrayContaining(['email change requested', 'email changed']));

    // The link works once.
    const again = await session.call('POST', '/api/v1/users/confirmEmail', { token });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe('This confirmation link is not valid or has expired. Please change the email address again to get a new one.');
  });

  it('asks for the current password, and refuses an address another user has', async () => {
    const { id, email, session } = await staffMember('una');
    const missing = await edit(session, id, { email: 'una.new@example.ie' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([{ field: 'currentPassword', message: 'Enter your current password to change your email or password' }]);
    const taken = await edit(session, id, { email: 'BOSS@shannon-insurance.ie', currentPassword: PASSWORD });
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors).toEqual([{ field: 'email', message: 'A user with this email address already exists.' }]);
    expect((await userRow(t, id))?.pendingEmail).toBeNull();
    // Only the letter case changing is no new address: it is saved at once.
    expect((await edit(session, id, { email: email.toUpperCase() })).status).toBe(200);
    expect((await userRow(t, id))?.email).toBe(email.toUpperCase());
  });

  it('refuses an expired link, another user’s link, a replaced link, and anyone signed out', async () => {
    const one = await staffMember('cian');
    const two = await staffMember('dearbhla');
    expect((await edit(one.session, one.id, { email: 'cian.first@example.ie', currentPassword: PASSWORD })).status).toBe(200);
    const first = (await confirmationLink(one.id, 'cian.first@example.ie')).searchParams.get('token')!;
    expect((await edit(one.session, one.id, { email: 'cian.new@example.ie', currentPassword: PASSWORD })).status).toBe(200);
    const token = (await confirmationLink(one.id, 'cian.new@example.ie')).searchParams.get('token')!;

    expect((await one.session.call('POST', '/api/v1/users/confirmEmail', { token: first })).status).toBe(400);
    expect((await two.session.call('POST', '/api/v1/users/confirmEmail', { token })).status).toBe(400);
    expect((await agent(t).call('POST', '/api/v1/users/confirmEmail', { token })).status).toBe(401);
    expect((await one.session.call('POST', '/api/v1/users/confirmEmail', {})).status).toBe(400);
    expect((await userRow(t, two.id))?.email).toBe(two.email);

    await t.test.database.db.update(users).set({ pendingEmailExpiresAt: sql`now() - interval '1 minute'` }).where(eq(users.id, one.id));
    expect((await (await one.session.call('GET', `/api/v1/users/get/${one.id}`)).json()).user.pendingEmail).toBeNull();
    expect((await one.session.call('POST', '/api/v1/users/confirmEmail', { token })).status).toBe(400);
    expect((await userRow(t, one.id))?.email).toBe(one.email);
  });

  it('an Administrator’s change of another user’s email also waits for that user to confirm it', async () => {
    const { id, email, session } = await staffMember('eimear');
    const res = await edit(admin, id, { email: 'eimear.new@example.ie' });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email, pendingEmail: 'eimear.new@example.ie' });
    const token = (await confirmationLink(id, 'eimear.new@example.ie')).searchParams.get('token')!;
    // Not the Administrator's to confirm: the link is for the account's owner.
    expect((await admin.call('POST', '/api/v1/users/confirmEmail', { token })).status).toBe(400);
    expect((await session.call('POST', '/api/v1/users/confirmEmail', { token })).status).toBe(200);
    expect((await userRow(t, id))?.email).toBe('eimear.new@example.ie');
  });

  it('does not move the address if someone took it after the link was sent', async () => {
    const { id, email, session } = await staffMember('fionn');
    expect((await edit(session, id, { email: 'fionn.new@example.ie', currentPassword: PASSWORD })).status).toBe(200);
    const token = (await confirmationLink(id, 'fionn.new@example.ie')).searchParams.get('token')!;
    await createUser(t, { email: 'Fionn.New@example.ie', password: PASSWORD });
    const res = await session.call('POST', '/api/v1/users/confirmEmail', { token });
    expect(res.status).toBe(409);
    expect((await userRow(t, id))?.email).toBe(email);
  });
});
