import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { outbox, passwordResets } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser } from '../support/agent.ts';

const EMAIL = 'ciara@shannon-insurance.ie';
let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', TRUST_PROXY: 'true' } });
  userId = await createUser(t, { email: EMAIL, password: 'the old password', firstName: 'Ciara' });
});
afterAll(() => t.test.drop());

async function mailedLink(): Promise<URL> {
  const [mail] = await t.test.database.db
    .select()
    .from(outbox)
    .where(like(outbox.ref, `password-reset:${userId}`))
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(1);
  const match = mail?.text.match(/http\S+/);
  if (!match) throw new Error('no reset mail');
  return new URL(match[0]);
}

describe('password reset by mail', () => {
  it('answers the same for a known and an unknown address, and mails a link only to the known one', async () => {
    const a = agent(t, '192.0.2.1');
    const known = await a.call('POST', `/api/v1/users/passwordReset/${encodeURIComponent(EMAIL)}`);
    const unknown = await a.call('POST', '/api/v1/users/passwordReset/nobody%40example.ie');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const mails = await t.test.database.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([EMAIL]);
    expect(mails[0]?.html).toContain('Choose a new password');
    const link = await mailedLink();
    expect(link.pathname).toBe('/verifypasswordreset');
    expect(link.searchParams.get('email')).toBe(EMAIL);
    expect(mails[0]?.html).toContain(link.href.replaceAll('&', '&amp;'));
    const [stored] = await t.test.database.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
    expect(stored?.tokenHash).not.toBe(link.searchParams.get('token'));
  });

  it('sets the new password once with the link, and ends the user’s sessions', async () => {
    const signedIn = agent(t);
    await signedIn.call('POST', '/api/v1/auth/login', { email: EMAIL, password: 'the old password' });
    expect((await signedIn.call('GET', '/api/v1/auth/loggedin')).status).toBe(200);

    const link = await mailedLink();
    const body = { email: EMAIL, passwordResetToken: link.searchParams.get('token'), newPassword: 'the new password' };
    const a = agent(t, '192.0.2.2');
    expect((await a.call('POST', '/api/v1/users/verifypasswordreset', { ...body, email: 'other@example.ie' })).status).toBe(400);
    const done = await a.call('POST', '/api/v1/users/verifypasswordreset', body);
    expect(done.status).toBe(200);
    expect((await signedIn.call('GET', '/api/v1/auth/loggedin')).status).toBe(401);
    expect((await a.call('POST', '/api/v1/auth/login', { email: EMAIL, password: 'the new password' })).status).toBe(200);
    expect((await agent(t, '192.0.2.3').call('POST', '/api/v1/users/verifypasswordreset', body)).status).toBe(400);
  });

  it('refuses an expired link and a weak password', async () => {
    await agent(t, '192.0.2.4').call('POST', `/api/v1/users/passwordReset/${encodeURIComponent(EMAIL)}`);
    const link = await mailedLink();
    const weak = await agent(t, '192.0.2.4').call('POST', '/api/v1/users/verifypasswordreset', {
      email: EMAIL,
      passwordResetToken: link.searchParams.get('token'),
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors).toEqual([{ field: 'newPassword', message: 'Use at least 12 characters' }]);
    await t.test.database.db.update(passwordResets).set({ expiresAt: sql`now() - interval '1 minute'` });
    const expired = await agent(t, '192.0.2.4').call('POST', '/api/v1/users/verifypasswordreset', {
      email: EMAIL,
      passwordResetToken: link.searchParams.get('token'),
      newPassword: 'another new password',
    });
    expect(expired.status).toBe(400);
  });

  it('limits reset requests per address', async () => {
    const a = agent(t, '192.0.2.9');
    for (let i = 0; i < 5; i++) expect((await a.call('POST', `/api/v1/users/passwordReset/x${i}%40example.ie`)).status).toBe(200);
    expect((await a.call('POST', '/api/v1/users/passwordReset/x9%40example.ie')).status).toBe(429);
    expect((await agent(t, '192.0.2.10').call('POST', '/api/v1/users/passwordReset/not-an-email')).status).toBe(400);
  });
});
