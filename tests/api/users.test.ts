import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

const PASSWORD = 'a long test password';
let t: TestApp;
let admin: Agent;
let standard: Agent;
let adminId: string;
let standardId: string;

async function signIn(email: string): Promise<Agent> {
  const a = agent(t);
  expect((await a.call('POST', '/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return a;
}

beforeAll(async () => {
  // Two-factor is covered in auth.test.ts; here the password alone signs in.
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  adminId = await createUser(t, { email: 'admin@shannon-insurance.ie', password: PASSWORD, isAdmin: true });
  standardId = await createUser(t, { email: 'staff@shannon-insurance.ie', password: PASSWORD });
  admin = await signIn('admin@shannon-insurance.ie');
  standard = await signIn('staff@shannon-insurance.ie');
});
afterAll(() => t.test.drop());

describe('users API as an Administrator', () => {
  let created = '';

  it('creates a user, with isAdmin sent as text', async () => {
    const res = await admin.call('POST', '/api/v1/users/create', {
      first_name: 'Seán',
      last_name: 'Ó Briain',
      email: 'sean@shannon-insurance.ie',
      password: PASSWORD,
      isAdmin: 'false',
    });
    expect(res.status).toBe(201);
    const { user } = await res.json();
    expect(user).toMatchObject({
      first_name: 'Seán',
      last_name: 'Ó Briain',
      email: 'sean@shannon-insurance.ie',
      isAdmin: false,
      twoFactor: { isEnabled: false, isVerified: false },
    });
    expect(user).not.toHaveProperty('password');
    created = user._id;
  });

  it('refuses a duplicate email whatever its case (409) and bad fields (400)', async () => {
    const dup = await admin.call('POST', '/api/v1/users/create', { first_name: 'A', last_name: 'B', email: 'SEAN@shannon-insurance.ie', password: PASSWORD });
    expect(dup.status).toBe(409);
    expect((await dup.json()).errors).toEqual([{ field: 'email', message: 'A user with this email address already exists.' }]);
    const bad = await admin.call('POST', '/api/v1/users/create', { first_name: '', email: 'x', password: 'short', isAdmin: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual([
      { field: 'first_name', message: 'Required' },
      { field: 'last_name', message: 'Required' },
      { field: 'email', message: 'Invalid email address' },
      { field: 'password', message: 'Use at least 12 characters' },
      { field: 'isAdmin', message: 'Choose True or False' },
    ]);
  });

  it('lists users a page at a time, newest first, filtered by name or email', async () => {
    const page = await (await admin.call('GET', '/api/v1/users/?page=0&page_size=2')).json();
    expect(page).toMatchObject({ ok: true, page: 0, page_size: 2, total_items: 3, total_pages: 2 });
    expect(page.users).toHaveLength(2);
    expect(page.users[0].email).toBe('sean@shannon-insurance.ie');
    const second = await (await admin.call('GET', '/api/v1/users?page=1&page_size=2')).json();
    expect(second.users).toHaveLength(1);
    const filtered = await (await admin.call('GET', '/api/v1/users/?search=briain')).json();
    expect(filtered.users.map((u: { email: string }) => u.email)).toEqual(['sean@shannon-insurance.ie']);
    const clamped = await (await admin.call('GET', '/api/v1/users/?page_size=5000')).json();
    expect(clamped.page_size).toBe(100);
    expect((await admin.call('GET', '/api/v1/users/?page=-1')).status).toBe(400);
  });

  it('reads, updates and deletes another user', async () => {
    expect((await (await admin.call('GET', `/api/v1/users/get/${created}`)).json()).user.email).toBe('sean@shannon-insurance.ie');
    const updated = await admin.call('PUT', `/api/v1/users/update/${created}`, {
      first_name: 'Seán',
      last_name: 'O’Brien',
      email: 'sean@shannon-insurance.ie',
      password: '',
      isAdmin: 'true',
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ message: 'User Updated', user: { last_name: 'O’Brien', isAdmin: true } });
    expect((await admin.call('DELETE', `/api/v1/users/delete/${created}`)).status).toBe(200);
    expect((await admin.call('GET', `/api/v1/users/get/${created}`)).status).toBe(404);
    expect((await admin.call('GET', '/api/v1/users/get/not-a-uuid')).status).toBe(404);
  });

  it('never deletes itself or the last Administrator', async () => {
    expect((await admin.call('DELETE', `/api/v1/users/delete/${adminId}`)).status).toBe(409);
    const demote = await admin.call('PUT', `/api/v1/users/update/${adminId}`, {
      first_name: 'Test',
      last_name: 'User',
      email: 'admin@shannon-insurance.ie',
      isAdmin: 'false',
    });
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe('There must always be at least one administrator.');
  });
});

describe('users API as a Standard user', () => {
  it('reads and updates only its own record, and never its role', async () => {
    expect((await standard.call('GET', `/api/v1/users/get/${standardId}`)).status).toBe(200);
    expect((await standard.call('GET', `/api/v1/users/get/${adminId}`)).status).toBe(403);
    const own = await standard.call('PUT', `/api/v1/users/update/${standardId}`, {
      first_name: 'Aoife',
      last_name: 'Staff',
      email: 'staff@shannon-insurance.ie',
      isAdmin: 'false',
    });
    expect(own.status).toBe(200);
    const promote = await standard.call('PUT', `/api/v1/users/update/${standardId}`, {
      first_name: 'Aoife',
      last_name: 'Staff',
      email: 'staff@shannon-insurance.ie',
      isAdmin: 'true',
    });
    expect(promote.status).toBe(403);
    const other = await standard.call('PUT', `/api/v1/users/update/${adminId}`, { first_name: 'X', last_name: 'Y', email: 'admin@shannon-insurance.ie' });
    expect(other.status).toBe(403);
  });

  it('cannot list, create, delete or reset two-factor', async () => {
    expect((await standard.call('GET', '/api/v1/users/')).status).toBe(403);
    expect(
      (await standard.call('POST', '/api/v1/users/create', { first_name: 'A', last_name: 'B', email: 'new@shannon-insurance.ie', password: PASSWORD })).status,
    ).toBe(403);
    expect((await standard.call('DELETE', `/api/v1/users/delete/${adminId}`)).status).toBe(403);
    expect((await standard.call('POST', `/api/v1/users/reset2fa/${adminId}`)).status).toBe(403);
  });

  it('changing its own password keeps it signed in but ends its other sessions', async () => {
    const elsewhere = await signIn('staff@shannon-insurance.ie');
    const res = await standard.call('PUT', `/api/v1/users/update/${standardId}`, {
      first_name: 'Aoife',
      last_name: 'Staff',
      email: 'staff@shannon-insurance.ie',
      password: 'a brand new password',
      currentPassword: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await standard.call('GET', '/api/v1/auth/loggedin')).status).toBe(200);
    expect((await elsewhere.call('GET', '/api/v1/auth/loggedin')).status).toBe(401);
  });
});

describe('users API signed out', () => {
  it('answers 401 everywhere, and sign-up is off by default', async () => {
    const anon = agent(t);
    for (const [method, path] of [
      ['GET', '/api/v1/users/'],
      ['GET', `/api/v1/users/get/${adminId}`],
      ['PUT', `/api/v1/users/update/${adminId}`],
      ['DELETE', `/api/v1/users/delete/${adminId}`],
      ['POST', '/api/v1/users/create'],
      ['POST', `/api/v1/users/reset2fa/${adminId}`],
    ] as const) {
      expect((await anon.call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {})).status, `${method} ${path}`).toBe(401);
    }
    expect((await anon.call('POST', '/api/v1/users/signup', { first_name: 'A', last_name: 'B', email: 'c@d.ie', password: PASSWORD })).status).toBe(403);
  });

  it('sign-up, when enabled, creates a Standard user even if asked for more', async () => {
    const s = await makeTestApp({ env: { SIGNUP_ENABLED: 'true' } });
    const res = await agent(s).call('POST', '/api/v1/users/signup', { first_name: 'A', last_name: 'B', email: 'c@d.ie', password: PASSWORD, isAdmin: 'true' });
    expect(res.status).toBe(201);
    expect((await res.json()).user.isAdmin).toBe(false);
    await s.test.drop();
  });
});
