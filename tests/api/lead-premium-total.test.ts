import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '#src/server/db/schema.ts';
import { leadForms, type LeadKind } from '#src/schemas/leads/index.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';
import { validAnswers } from '../support/lead-answers.ts';

/**
 * The list's `sum=premium`: the premiums of every page of the filter added up (the board's
 * column totals), within the kinds the address serves, asked for or left out, and refused to
 * whoever may not read the list.
 */
let t: TestApp;
let broker: Agent;

const aLead = (kind: LeadKind, reference: string, extra: Partial<typeof leads.$inferInsert>) => {
  const summary = leadForms[kind].summary(validAnswers[kind] as never);
  return { kind, reference, ...summary, answers: validAnswers[kind], ...extra };
};

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  broker = await signedInAs(t, 'broker@shannon-insurance.ie', 'broker');
  await t.test.database.db
    .insert(leads)
    .values([
      aLead('van', 'SV-1', { status: 'quoted', premium: '1200.50' }),
      aLead('van', 'SV-2', { status: 'quoted', premium: '800.00' }),
      aLead('fleet', 'SF-3', { status: 'quoted', premium: '15000.00' }),
      aLead('van', 'SV-4', { status: 'quoted' }),
      aLead('van', 'SV-5', { status: 'won', premium: '999.99' }),
      aLead('renewal', 'SR-6', { status: 'quoted', premium: '640.00' }),
    ]);
});
afterAll(() => t.test.drop());

const body = async (who: Agent, path: string) => {
  const res = await who.call('GET', path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('the premium total of a list', () => {
  it('adds up every page of the filter, not only the page answered', async () => {
    const { status, body: answer } = await body(broker, '/api/v1/quotes?status=quoted&sum=premium&page_size=1');
    expect(status).toBe(200);
    expect(answer.total_items).toBe(4);
    expect((answer.leads as unknown[]).length).toBe(1);
    expect(answer.premium_total).toBe('17000.50');
  });

  it('keeps to the filters and the kinds of the address', async () => {
    expect((await body(broker, '/api/v1/quotes?status=quoted&kind=van&sum=premium')).body.premium_total).toBe('2000.50');
    expect((await body(broker, '/api/v1/renewals?status=quoted&sum=premium')).body.premium_total).toBe('640.00');
    expect((await body(broker, '/api/v1/quotes?status=new&sum=premium')).body.premium_total).toBe('0');
    expect((await body(broker, '/api/v1/quotes?status=quoted&q=SV-2&sum=premium')).body.premium_total).toBe('800.00');
  });

  it('is left out unless asked for, and refuses a sum it does not know', async () => {
    expect((await body(broker, '/api/v1/quotes?status=quoted')).body).not.toHaveProperty('premium_total');
    const { status, body: refused } = await body(broker, '/api/v1/quotes?sum=name');
    expect(status).toBe(400);
    expect(refused.errors).toContainEqual({ field: 'sum', message: 'Only premium can be summed' });
  });

  it('is refused to whoever may not read the list', async () => {
    expect((await body(agent(t), '/api/v1/quotes?sum=premium')).status).toBe(401);
    const editor = await signedInAs(t, 'editor@shannon-insurance.ie', 'editor');
    expect((await body(editor, '/api/v1/quotes?sum=premium')).status).toBe(403);
  });
});
