import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, users } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser } from '../support/agent.ts';
import { mailedInvitationToken } from '../support/invitations.ts';

/**
 * Accepting is atomic on PostgreSQL, where requests really run at once on separate
 * connections: of several accepts of one link sent together, exactly one makes an account and
 * the others are told the link no longer works; resending while accepts race leaves either the
 * account or a new link, never both.
 */

const PASSWORD = 'a long test password';
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', TRUST_PROXY: 'true' } });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: PASSWORD, role: 'admin' });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: PASSWORD });
}, 60_000);
afterAll(() => t.test.drop());

async function invite(email: string): Promise<string> {
  const res = await admin.call('POST', '/api/v1/invitations/create', { email, role: 'broker' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { invitation: { id: string } }).invitation.id;
}

describe('accepting one invitation from several requests at once', () => {
  it('exactly one wins, over several rounds', async () => {
    expect(t.test.url, 'runs on PostgreSQL').toBeTruthy();
    for (let round = 0; round < 5; round++) {
      const email = `race${round}@shannon-insurance.ie`;
      const id = await invite(email);
      const token = await mailedInvitationToken(t, id);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          agent(t, `198.51.100.${10 + i}`).call('POST', '/api/v1/invitations/accept', {
            token,
            first_name: `Racer${i}`,
            last_name: 'Round',
            password: 'a long enough password',
          }),
        ),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses, `round ${round}`).toEqual([201, 400, 400, 400, 400, 400]);
      const made = await t.test.database.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      expect(made).toHaveLength(1);
      const [row] = await t.test.database.db.select().from(invitations).where(eq(invitations.id, id));
      expect(row!.acceptedUserId).toBe(made[0]!.id);
      const accepted = await t.test.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `invitation:${id}`));
      expect(accepted.filter((entry) => entry.action === 'invitation accepted')).toHaveLength(1);
    }
  }, 120_000);

  it('a resend racing the accepts: either the old link made the account, or it died and the new one works', async () => {
    const id = await invite('resend-race@shannon-insurance.ie');
    const token = await mailedInvitationToken(t, id);
    const [accept, resend] = await Promise.all([
      agent(t, '198.51.100.40').call('POST', '/api/v1/invitations/accept', { token, first_name: 'A', last_name: 'B', password: 'a long enough password' }),
      admin.call('POST', `/api/v1/invitations/resend/${id}`),
    ]);
    const made = await t.test.database.db.select().from(users).where(eq(users.email, 'resend-race@shannon-insurance.ie'));
    if (accept.status === 201) {
      expect(resend.status).toBe(409);
      expect(made).toHaveLength(1);
    } else {
      expect([accept.status, resend.status]).toEqual([400, 200]);
      expect(made).toHaveLength(0);
    }
  });
});
