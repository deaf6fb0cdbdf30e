import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { outbox, rateLimits, users } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, oathtoolCode, type Agent } from '../support/agent.ts';

/**
 * Every check-then-write of sign-in and user management, hit by many requests at once. PGlite
 * runs one statement at a time and hides some of these races; PostgreSQL (DATABASE_URL) shows
 * them, so these tests are meant to be run there too.
 */

const PASSWORD = 'a long test password';
const CONCURRENCY = 12;

/** Status codes of a batch of responses, counted: `{ 200: 1, 409: 11 }`. */
async function tally(responses: Promise<Response>[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const res of await Promise.all(responses)) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

describe('with two-factor on', () => {
  let t: TestApp;
  let secret = '';
  let recovery: string[] = [];
  const EMAIL = 'twofactor@shannon-insurance.ie';

  beforeAll(async () => {
    t = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
    await createUser(t, { email: EMAIL, password: PASSWORD });
    const a = agent(t, '198.51.100.1');
    await a.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD });
    secret = (await (await a.call('POST', '/api/v1/auth/2fa/generateSecret', {})).json()).user.twoFactor.secret;
    recovery = (await (await a.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(secret) })).json()).recoveryCodes;
  });
  afterAll(() => t.test.drop());
  // Each test starts with clean counters: attempts of the one before, counted after its success
  // had cleared the count, must not spend this one's budget.
  beforeEach(() => t.test.database.db.delete(rateLimits));

  /** Sessions that have passed the password, each from its own address. */
  async function passwordStageAgents(n: number, prefix: string): Promise<Agent[]> {
    const agents = many(n, (i) => agent(t, `${prefix}.${i + 1}`));
    for (const a of agents) expect((await a.call('POST', '/api/v1/auth/login', { email: EMAIL, password: PASSWORD })).status).toBe(200);
    return agents;
  }

  it('accepts one authenticator code once, however many sessions send it at the same moment', async () => {
    const agents = await passwordStageAgents(CONCURRENCY, '198.51.101');
    const code = oathtoolCode(secret, 1);
    const counts = await tally(agents.map((a) => a.call('POST', '/api/v1/auth/2fa/verify', { token: code })));
    expect(counts[200], JSON.stringify(counts)).toBe(1);
    const signedIn = (await Promise.all(agents.map((a) => a.call('GET', '/api/v1/auth/loggedin')))).filter((res) => res.status === 200);
    expect(signedIn).toHaveLength(1);
  });

  it('gives two-factor with one try left exactly one try, even when many codes arrive at once', async () => {
    const email = 'totp-lockout@shannon-insurance.ie';
    await createUser(t, { email, password: PASSWORD });
    const setup = agent(t, '198.51.103.1');
    await setup.call('POST', '/api/v1/auth/login', { email, password: PASSWORD });
    const own = (await (await setup.call('POST', '/api/v1/auth/2fa/generateSecret', {})).json()).user.twoFactor.secret;
    expect((await setup.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(own) })).status).toBe(200);
    const right = oathtoolCode(own, 1);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const agents = many(CONCURRENCY, (i) => agent(t, `198.51.103.${i + 10}`));
    for (const a of agents) await a.call('POST', '/api/v1/auth/login', { email, password: PASSWORD });
    for (let i = 0; i < 4; i++) expect((await agents[0]!.call('POST', '/api/v1/auth/2fa/verify', { token: wrong(100 + i) })).status).toBe(400);
    const counts = await tally(agents.map((a, i) => a.call('POST', '/api/v1/auth/2fa/verify', { token: i === CONCURRENCY - 1 ? right : wrong(i) })));
    expect(counts[429], JSON.stringify(counts)).toBe(CONCURRENCY - 1);
  });

  it('accepts one recovery code once, however many sessions send it at the same moment', async () => {
    const agents = await passwordStageAgents(CONCURRENCY, '198.51.102');
    const counts = await tally(agents.map((a) => a.call('POST', '/api/v1/auth/2fa/verify', { token: recovery[0] })));
    expect(counts[200], JSON.stringify(counts)).toBe(1);
  });
});

describe('with the password alone', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', TRUST_PROXY: 'true', SIGNUP_ENABLED: 'true' } });
  });
  afterAll(() => t.test.drop());

  async function signIn(email: string, address: string): Promise<Agent> {
    const a = agent(t, address);
    expect((await a.call('POST', '/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
    return a;
  }

  const adminCount = async () => t.test.database.db.$count(users, eq(users.role, 'admin'));

  it('gives an account with one try left exactly one try, even when many passwords arrive at once', async () => {
    const email = 'lockout@shannon-insurance.ie';
    await createUser(t, { email, password: PASSWORD });
    for (let i = 0; i < 4; i++)
      expect((await agent(t, '203.0.113.100').call('POST', '/api/v1/auth/login', { email, password: `wrong guess ${i}` })).status).toBe(401);
    // The right password, last among wrong ones: it must get no try beyond the budget either.
    const counts = await tally(
      many(CONCURRENCY, (i) =>
        agent(t, `203.0.113.${i + 1}`).call('POST', '/api/v1/auth/login', { email, password: i === CONCURRENCY - 1 ? PASSWORD : `another guess ${i}` }),
      ),
    );
    expect(counts[429], JSON.stringify(counts)).toBe(CONCURRENCY - 1);
  });

  it('counts a rate-limit window exactly under concurrent requests', async () => {
    const a = agent(t, '203.0.114.1');
    const counts = await tally(many(CONCURRENCY, (i) => a.call('POST', `/api/v1/users/passwordReset/nobody${i}%40example.ie`)));
    expect(counts, JSON.stringify(counts)).toEqual({ 200: 5, 429: CONCURRENCY - 5 });
  });

  it('uses a password-reset link once, even when it is sent many times at once', async () => {
    const email = 'reset@shannon-insurance.ie';
    const id = await createUser(t, { email, password: PASSWORD });
    await agent(t, '203.0.115.1').call('POST', `/api/v1/users/passwordReset/${encodeURIComponent(email)}`);
    const [mail] = await t.test.database.db
      .select()
      .from(outbox)
      .where(like(outbox.ref, `password-reset:${id}`));
    const token = new URL(mail!.text.match(/http\S+/)![0]).searchParams.get('token');
    const counts = await tally(
      many(CONCURRENCY, (i) =>
        agent(t, `203.0.115.${i + 10}`).call('POST', '/api/v1/users/verifypasswordreset', {
          email,
          passwordResetToken: token,
          newPassword: `new password number ${i}`,
        }),
      ),
    );
    expect(counts, JSON.stringify(counts)).toEqual({ 200: 1, 400: CONCURRENCY - 1 });
  });

  it('creates one account per email when the same sign-up arrives many times at once', async () => {
    const counts = await tally(
      many(CONCURRENCY, (i) =>
        agent(t, `203.0.116.${i + 1}`).call('POST', '/api/v1/users/signup', {
          first_name: 'Same',
          last_name: 'Person',
          email: i % 2 ? 'TWICE@shannon-insurance.ie' : 'twice@shannon-insurance.ie',
          password: PASSWORD,
        }),
      ),
    );
    expect(counts, JSON.stringify(counts)).toEqual({ 201: 1, 409: CONCURRENCY - 1 });
    expect(await t.test.database.db.$count(users, eq(sql`lower(${users.email})`, 'twice@shannon-insurance.ie'))).toBe(1);
  });

  describe('the last administrator', () => {
    it('survives two administrators demoting each other at the same moment', async () => {
      await t.test.database.db.update(users).set({ role: 'broker' });
      const ids = [
        await createUser(t, { email: 'a1@shannon-insurance.ie', password: PASSWORD, isAdmin: true }),
        await createUser(t, { email: 'a2@shannon-insurance.ie', password: PASSWORD, isAdmin: true }),
      ];
      const [one, two] = [await signIn('a1@shannon-insurance.ie', '203.0.117.1'), await signIn('a2@shannon-insurance.ie', '203.0.117.2')];
      const demote = (who: Agent, id: string, email: string) =>
        who.call('PUT', `/api/v1/users/update/${id}`, { first_name: 'Test', last_name: 'User', email, isAdmin: 'false' });
      const counts = await tally([demote(one!, ids[1]!, 'a2@shannon-insurance.ie'), demote(two!, ids[0]!, 'a1@shannon-insurance.ie')]);
      expect(counts[200], JSON.stringify(counts)).toBe(1);
      expect(await adminCount()).toBe(1);
    });

    it('survives two administrators making each other Editors with the role selector at the same moment', async () => {
      await t.test.database.db.update(users).set({ role: 'broker' });
      const ids = [
        await createUser(t, { email: 'e1@shannon-insurance.ie', password: PASSWORD, role: 'admin' }),
        await createUser(t, { email: 'e2@shannon-insurance.ie', password: PASSWORD, role: 'admin' }),
      ];
      const [one, two] = [await signIn('e1@shannon-insurance.ie', '203.0.117.7'), await signIn('e2@shannon-insurance.ie', '203.0.117.8')];
      const toEditor = (who: Agent, id: string, email: string) =>
        who.call('PUT', `/api/v1/users/update/${id}`, { first_name: 'Test', last_name: 'User', email, role: 'editor' });
      const counts = await tally([toEditor(one!, ids[1]!, 'e2@shannon-insurance.ie'), toEditor(two!, ids[0]!, 'e1@shannon-insurance.ie')]);
      expect(counts[200], JSON.stringify(counts)).toBe(1);
      expect(await adminCount()).toBe(1);
      expect(await t.test.database.db.$count(users, eq(users.role, 'editor'))).toBe(1);
    });

    it('survives two administrators deleting each other at the same moment', async () => {
      await t.test.database.db.update(users).set({ role: 'broker' });
      const ids = [
        await createUser(t, { email: 'd1@shannon-insurance.ie', password: PASSWORD, isAdmin: true }),
        await createUser(t, { email: 'd2@shannon-insurance.ie', password: PASSWORD, isAdmin: true }),
      ];
      const [one, two] = [await signIn('d1@shannon-insurance.ie', '203.0.117.3'), await signIn('d2@shannon-insurance.ie', '203.0.117.4')];
      const counts = await tally([one!.call('DELETE', `/api/v1/users/delete/${ids[1]}`), two!.call('DELETE', `/api/v1/users/delete/${ids[0]}`)]);
      expect(counts[200], JSON.stringify(counts)).toBe(1);
      expect(await adminCount()).toBe(1);
    });

    it('survives a demotion racing a deletion', async () => {
      await t.test.database.db.update(users).set({ role: 'broker' });
      const ids = [
        await createUser(t, { email: 'r1@shannon-insurance.ie', password: PASSWORD, isAdmin: true }),
        await createUser(t, { email: 'r2@shannon-insurance.ie', password: PASSWORD, isAdmin: true }),
      ];
      const [one, two] = [await signIn('r1@shannon-insurance.ie', '203.0.117.5'), await signIn('r2@shannon-insurance.ie', '203.0.117.6')];
      const counts = await tally([
        one!.call('PUT', `/api/v1/users/update/${ids[0]}`, { first_name: 'Test', last_name: 'User', email: 'r1@shannon-insurance.ie', isAdmin: 'false' }),
        two!.call('DELETE', `/api/v1/users/delete/${ids[0]}`),
        one!.call('DELETE', `/api/v1/users/delete/${ids[1]}`),
      ]);
      expect(counts[500], JSON.stringify(counts)).toBeUndefined();
      expect(await adminCount()).toBe(1);
    });

    it('survives a dozen administrators demoting one another at once', async () => {
      await t.test.database.db.update(users).set({ role: 'broker' });
      const emails = many(CONCURRENCY, (i) => `ring${i}@shannon-insurance.ie`);
      const ids: string[] = [];
      for (const email of emails) ids.push(await createUser(t, { email, password: PASSWORD, isAdmin: true }));
      const agents: Agent[] = [];
      for (const [i, email] of emails.entries()) agents.push(await signIn(email, `203.0.118.${i + 1}`));
      // Each demotes the next one round the ring, and itself: every administrator is asked to go.
      const counts = await tally(
        agents.flatMap((a, i) => [
          a.call('PUT', `/api/v1/users/update/${ids[(i + 1) % CONCURRENCY]}`, {
            first_name: 'Test',
            last_name: 'User',
            email: emails[(i + 1) % CONCURRENCY],
            isAdmin: 'false',
          }),
          a.call('PUT', `/api/v1/users/update/${ids[i]}`, { first_name: 'Test', last_name: 'User', email: emails[i], isAdmin: 'false' }),
        ]),
      );
      expect(counts[500], JSON.stringify(counts)).toBeUndefined();
      expect(await adminCount()).toBe(1);
    });
  });
});
