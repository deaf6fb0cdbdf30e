import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, contacts, outbox, users } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser } from '../support/agent.ts';

/**
 * Suspending an account: signed out at once, no sign-in or reset link until reactivated, no
 * new records given to it; never one's own account, and never the last administrator, even
 * when two administrators suspend each other at the same moment.
 */

const PASSWORD = 'a long test password';
let t: TestApp;
let adminId: string;
let brokerId: string;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  adminId = await createUser(t, { email: 'admin@example.ie', password: PASSWORD, isAdmin: true });
  brokerId = await createUser(t, { email: 'broker@example.ie', password: PASSWORD, firstName: 'Ciara', lastName: 'Byrne' });
});
afterAll(() => t.test.drop());

async function signIn(email: string): Promise<Agent> {
  const staff = agent(t);
  expect((await staff.call('POST', '/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return staff;
}
const signedIn = async (staff: Agent) => (await staff.call('GET', '/api/v1/auth/loggedin')).status === 200;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> & { message: string } });

describe('suspending an account', () => {
  it('signs it out, refuses its sign-in and reset link, and gives it no new records, until reactivated', async () => {
    const broker = await signIn('broker@example.ie');
    const admin = await signIn('admin@example.ie');

    const suspended = await json(await admin.call('POST', `/api/v1/users/suspend/${brokerId}`));
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ user: { _id: brokerId, suspendedAt: expect.any(String) } });
    expect(await signedIn(broker)).toBe(false);
    expect((await admin.call('POST', `/api/v1/users/suspend/${brokerId}`)).status).toBe(409);

    // The right password hears why; a wrong one hears nothing new.
    const refused = await json(await agent(t).call('POST', '/api/v1/auth/login', { email: 'broker@example.ie', password: PASSWORD }));
    expect(refused).toMatchObject({ status: 403, body: { message: 'This account is suspended. Ask an administrator to reactivate it.' } });
    expect((await agent(t).call('POST', '/api/v1/auth/login', { email: 'broker@example.ie', password: 'not the password' })).status).toBe(401);

    const reset = await agent(t).call('POST', '/api/v1/users/passwordReset/broker@example.ie');
    expect(reset.status).toBe(200);
    expect(
      await t.test.database.db
        .select()
        .from(outbox)
        .where(like(outbox.ref, `password-reset:${brokerId}`)),
    ).toEqual([]);

    const owners = (await json(await admin.call('GET', '/api/v1/contacts/owners'))).body.owners as { _id: string }[];
    expect(owners.map((owner) => owner._id)).toEqual([adminId]);
    const [callback] = await t.test.database.db
      .insert(contacts)
      .values({ name: 'Caller', email: 'caller@example.ie', phone: '0871234567', subject: 'Van insurance', message: 'Ring me' })
      .returning({ id: contacts.id });
    const assigned = await json(await admin.call('PUT', `/api/v1/contacts/update/${callback!.id}`, { ownerId: brokerId }));
    expect(assigned).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'ownerId', message: 'That account is suspended: choose someone who can sign in.' }] },
    });

    const reactivated = await json(await admin.call('POST', `/api/v1/users/reactivate/${brokerId}`));
    expect(reactivated).toMatchObject({ status: 200, body: { user: { suspendedAt: null } } });
    expect(await signedIn(await signIn('broker@example.ie'))).toBe(true);
    expect((await admin.call('POST', `/api/v1/users/reactivate/${brokerId}`)).status).toBe(409);

    const actions = await t.test.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${brokerId}`), eq(auditLog.actorId, adminId)));
    expect(actions.map((row) => row.action).sort()).toEqual(['user reactivated', 'user suspended']);
  });

  it('is for administrators, never of oneself', async () => {
    const broker = await signIn('broker@example.ie');
    expect((await broker.call('POST', `/api/v1/users/suspend/${adminId}`)).status).toBe(403);
    expect((await broker.call('POST', `/api/v1/users/reactivate/${brokerId}`)).status).toBe(403);
    expect((await agent(t).call('POST', `/api/v1/users/suspend/${brokerId}`)).status).toBe(401);
    const admin = await signIn('admin@example.ie');
    expect(await json(await admin.call('POST', `/api/v1/users/suspend/${adminId}`))).toMatchObject({
      status: 409,
      body: { message: 'You cannot suspend your own account.' },
    });
    expect((await admin.call('POST', '/api/v1/users/suspend/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('leaves one administrator when two suspend each other at once', async () => {
    const secondId = await createUser(t, { email: 'second@example.ie', password: PASSWORD, isAdmin: true });
    const first = await signIn('admin@example.ie');
    const second = await signIn('second@example.ie');
    const answers = await Promise.all([first.call('POST', `/api/v1/users/suspend/${secondId}`), second.call('POST', `/api/v1/users/suspend/${adminId}`)]);
    // The loser is refused either way: 403 when its own account is found suspended inside the
    // lock, 401 when the winner had already ended its session before it was read.
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const active = await t.test.database.db.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(eq(users.role, 'admin'));
    expect(active.filter((row) => row.suspendedAt === null)).toHaveLength(1);
  });
});
