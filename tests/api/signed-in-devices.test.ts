import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#src/server/db/schema.ts';
import { deviceName } from '#src/server/users/devices.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser } from '../support/agent.ts';

/** Where an account is signed in, and signing it out everywhere: its owner (but here) or an administrator. */

const PASSWORD = 'a long test password';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
let adminId: string;
let brokerId: string;
let otherId: string;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  adminId = await createUser(t, { email: 'admin@example.ie', password: PASSWORD, isAdmin: true });
  brokerId = await createUser(t, { email: 'broker@example.ie', password: PASSWORD });
  otherId = await createUser(t, { email: 'other@example.ie', password: PASSWORD });
});
afterAll(() => t.test.drop());

async function signIn(email: string, userAgent: string, address?: string): Promise<Agent> {
  const staff = agent(t, address);
  const res = await staff.call('POST', '/api/v1/auth/login', { email, password: PASSWORD }, { 'user-agent': userAgent });
  expect(res.status).toBe(200);
  return staff;
}
const signedIn = async (staff: Agent) => (await staff.call('GET', '/api/v1/auth/loggedin')).status === 200;
type Device = { device: string; ip: string | null; current: boolean };
const devicesOf = async (staff: Agent, id: string) => {
  const res = await staff.call('GET', `/api/v1/users/sessions/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { devices: Device[] }).devices;
};

describe('signed-in devices', () => {
  it('names a browser and system in words', () => {
    expect(deviceName(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(deviceName(null)).toBe('Unknown browser');
  });

  it('lists where the owner is signed in, this one marked, and signs the others out', async () => {
    const laptop = await signIn('broker@example.ie', FIREFOX_LINUX, '198.51.100.20');
    const phone = await signIn('broker@example.ie', SAFARI_IPHONE, '198.51.100.21');

    const devices = await devicesOf(laptop, brokerId);
    expect(devices).toHaveLength(2);
    expect(devices.find((d) => d.current)).toMatchObject({ device: 'Firefox on Linux' });
    expect(devices.find((d) => !d.current)).toMatchObject({ device: 'Safari on iOS' });
    // No token or session id leaves the server.
    expect(Object.keys(devices[0]!).sort()).toEqual(['current', 'device', 'ip', 'lastSeenAt', 'signedInAt']);

    const res = await laptop.call('POST', `/api/v1/users/endSessions/${brokerId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, ended: 1, message: 'Signed out on every other device (1 session).' });
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);

    const [entry] = (await t.test.database.db.select().from(auditLog)).filter((row) => row.action === 'signed out everywhere');
    expect(entry).toMatchObject({ actorId: brokerId, target: `user:${brokerId}`, details: { ended: 1 } });
  });

  it('lets an administrator sign someone out everywhere, and no one else', async () => {
    const theirs = await signIn('other@example.ie', FIREFOX_LINUX);
    const broker = await signIn('broker@example.ie', FIREFOX_LINUX);
    expect((await broker.call('GET', `/api/v1/users/sessions/${otherId}`)).status).toBe(403);
    expect((await broker.call('POST', `/api/v1/users/endSessions/${otherId}`)).status).toBe(403);
    expect(await signedIn(theirs)).toBe(true);

    const admin = await signIn('admin@example.ie', FIREFOX_LINUX);
    expect(await devicesOf(admin, otherId)).toEqual([expect.objectContaining({ current: false })]);
    const res = await admin.call('POST', `/api/v1/users/endSessions/${otherId}`);
    expect(await res.json()).toMatchObject({ ended: 1, message: 'Signed out everywhere (1 session).' });
    expect(await signedIn(theirs)).toBe(false);
    expect(await signedIn(admin)).toBe(true);
    expect(await devicesOf(admin, otherId)).toEqual([]);
  });

  it('answers 401 signed out and 404 for an unknown account', async () => {
    expect((await agent(t).call('POST', `/api/v1/users/endSessions/${adminId}`)).status).toBe(401);
    const admin = await signIn('admin@example.ie', FIREFOX_LINUX);
    expect((await admin.call('GET', '/api/v1/users/sessions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.call('POST', '/api/v1/users/endSessions/not-an-id')).status).toBe(404);
  });
});
