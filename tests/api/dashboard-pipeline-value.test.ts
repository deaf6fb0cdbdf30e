import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leads } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

/** The dashboard's pipeline value: premiums quoted and won this (Dublin) month, with counts. */
let t: TestApp;
let staff: Agent;
const DAY = 24 * 60 * 60 * 1000;
let n = 0;
const aLead = (status: 'new' | 'quoted' | 'won' | 'lost', premium: string | null) => {
  n += 1;
  return { kind: 'van' as const, status, premium, reference: `PV-${n}`, name: `Person ${n}`, email: `p${n}@example.ie`, phone: '0871234567', answers: {} };
};

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staff = await signedInAs(t);
});
afterAll(() => t.test.drop());

describe('the pipeline value', () => {
  it('is zero, in euro, with nothing quoted', async () => {
    const res = await staff.call('GET', '/api/v1/dashboard');
    const { dashboard } = await res.json();
    expect(dashboard.pipelineValue).toEqual({ quoted: { count: 0, priced: 0, total: '0.00' }, won: { count: 0, priced: 0, total: '0.00' } });
  });

  it('sums the premiums of requests quoted this month (still quoted or since won) and of those won, each counted once', async () => {
    const db = t.test.database.db;
    const [quoted, wonNow, unpriced, lostSince, quotedLastMonth, movedTwice] = await db
      .insert(leads)
      .values([
        aLead('quoted', '1200.00'),
        aLead('won', '2500.50'),
        aLead('quoted', null),
        aLead('lost', '900.00'),
        aLead('quoted', '700.00'),
        aLead('quoted', '300.00'),
      ])
      .returning({ id: leads.id });
    const now = new Date();
    const lastMonth = new Date(Date.now() - 40 * DAY);
    await db.insert(leadEvents).values([
      { leadId: quoted!.id, fromStatus: 'contacted', toStatus: 'quoted', createdAt: now },
      { leadId: wonNow!.id, fromStatus: 'contacted', toStatus: 'quoted', createdAt: now },
      { leadId: wonNow!.id, fromStatus: 'quoted', toStatus: 'won', createdAt: now },
      { leadId: unpriced!.id, fromStatus: 'new', toStatus: 'quoted', createdAt: now },
      { leadId: lostSince!.id, fromStatus: 'new', toStatus: 'quoted', createdAt: now },
      { leadId: lostSince!.id, fromStatus: 'quoted', toStatus: 'lost', createdAt: now },
      { leadId: quotedLastMonth!.id, fromStatus: 'new', toStatus: 'quoted', createdAt: lastMonth },
      // Moved to quoted, back, and to quoted again this month: one request.
      { leadId: movedTwice!.id, fromStatus: 'new', toStatus: 'quoted', createdAt: now },
      { leadId: movedTwice!.id, fromStatus: 'quoted', toStatus: 'contacted', createdAt: now },
      { leadId: movedTwice!.id, fromStatus: 'contacted', toStatus: 'quoted', createdAt: now },
    ]);
    const { dashboard } = await (await staff.call('GET', '/api/v1/dashboard')).json();
    expect(dashboard.pipelineValue).toEqual({
      quoted: { count: 4, priced: 3, total: '4000.50' },
      won: { count: 1, priced: 1, total: '2500.50' },
    });
  });

  it('is for signed-in staff only', async () => {
    expect((await agent(t).call('GET', '/api/v1/dashboard')).status).toBe(401);
  });
});
