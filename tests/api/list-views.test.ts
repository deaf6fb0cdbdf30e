import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, leads } from '../../src/server/db/schema.ts';
import { leadForms, type LeadKind } from '../../src/schemas/leads/index.ts';
import { todayInIreland } from '../../src/schemas/leads/form-definition.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { validAnswers } from '../support/lead-answers.ts';

/** The pipeline lists' Overdue view in due order (paged by cursor), and how many each view holds. */
let t: TestApp;
let staff: Agent;
let staffId: string;

/** A Dublin day `days` from today. */
const dayFromToday = (days: number) => {
  const [y, m, d] = todayInIreland().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const at = (day: number) => new Date(Date.UTC(2026, 9, day, 9));
const aLead = (kind: LeadKind, reference: string, day: number, extra: Partial<typeof leads.$inferInsert>) => {
  const summary = leadForms[kind].summary(validAnswers[kind] as never);
  return { kind, reference, ...summary, answers: validAnswers[kind], createdAt: at(day), ...extra };
};

type Page = { status: number; body: Record<string, unknown> & { next_cursor: string | null; total_items: number } };
const get = async (path: string): Promise<Page> => {
  const res = await staff.call('GET', path);
  return { status: res.status, body: await res.json() };
};
/** Every row of a list, page after page by the answers' cursors. */
async function walk(path: string, key: string, field: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const { status, body } = await get(`${path}&page_size=2&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status).toBe(200);
    seen.push(...(body[key] as Record<string, string>[]).map((row) => row[field]!));
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return seen;
}

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staffId = await createUser(t, { email: 'orla@shannon-insurance.ie', password: 'a long test password', firstName: 'Orla', lastName: 'Quinn' });
  staff = agent(t);
  expect((await staff.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  const person = { email: 'someone@example.ie', phone: '0871234567', subject: 'Van', message: 'Ring me' };
  await t.test.database.db.insert(contacts).values([
    // Overdue by 2, 9 and 5 days, made in another order; one overdue but closed; one due later; one without a next step.
    { ...person, name: 'Two days', nextStep: 'Ring', nextStepDue: dayFromToday(-2), createdAt: at(1) },
    { ...person, name: 'Nine days', nextStep: 'Ring', nextStepDue: dayFromToday(-9), createdAt: at(2), ownerId: staffId },
    { ...person, name: 'Five days', nextStep: 'Ring', nextStepDue: dayFromToday(-5), createdAt: at(3), status: 'contacted' },
    { ...person, name: 'Five days too', nextStep: 'Ring', nextStepDue: dayFromToday(-5), createdAt: at(4) },
    { ...person, name: 'Closed', nextStep: 'Ring', nextStepDue: dayFromToday(-20), createdAt: at(5), status: 'closed', ownerId: staffId },
    { ...person, name: 'Later', nextStep: 'Ring', nextStepDue: dayFromToday(3), createdAt: at(6) },
    { ...person, name: 'No step', createdAt: at(7), status: 'contacted', ownerId: staffId },
  ]);
  await t.test.database.db
    .insert(leads)
    .values([
      aLead('van', 'TV-1', 1, { nextStep: 'Send quote', nextStepDue: dayFromToday(-1) }),
      aLead('fleet', 'TF-2', 2, { nextStep: 'Send quote', nextStepDue: dayFromToday(-7), ownerId: staffId, status: 'quoted' }),
      aLead('truck', 'TT-3', 3, { nextStep: 'Send quote', nextStepDue: dayFromToday(-30), status: 'lost' }),
      aLead('van', 'TV-4', 4, {}),
      aLead('renewal', 'TR-5', 5, { nextStep: 'Ring', nextStepDue: dayFromToday(-4) }),
      aLead('renewal', 'TR-6', 6, { nextStep: 'Ring', nextStepDue: dayFromToday(-8), ownerId: staffId }),
    ]);
});
afterAll(() => t.test.drop());

describe('the Overdue view by due date', () => {
  it('puts the most overdue callback first, paging by cursor without losing or repeating a row', async () => {
    expect(await walk('/api/v1/contacts?due=overdue&sort=due', 'contacts', 'name')).toEqual(['Nine days', 'Five days', 'Five days too', 'Two days']);
  });

  it('sorts a whole list by next step, those without one last', async () => {
    expect(await walk('/api/v1/contacts?sort=due', 'contacts', 'name')).toEqual([
      'Closed',
      'Nine days',
      'Five days',
      'Five days too',
      'Two days',
      'Later',
      'No step',
    ]);
  });

  it('does the same for quotes and renewals', async () => {
    expect(await walk('/api/v1/quotes?due=overdue&sort=due', 'leads', 'reference')).toEqual(['TF-2', 'TV-1']);
    expect(await walk('/api/v1/quotes?sort=due', 'leads', 'reference')).toEqual(['TT-3', 'TF-2', 'TV-1', 'TV-4']);
    expect(await walk('/api/v1/renewals?due=overdue&sort=due', 'leads', 'reference')).toEqual(['TR-6', 'TR-5']);
  });

  it('refuses an order it does not know with a 400 that says which', async () => {
    const { status, body } = await get('/api/v1/contacts?sort=overdue-first');
    expect(status).toBe(400);
    expect(body.errors).toContainEqual({ field: 'sort', message: 'Sort by newest, oldest or due' });
  });
});

describe('view counts', () => {
  it('come with each page of callbacks, for the signed-in person', async () => {
    const { body } = await get('/api/v1/contacts?status=closed');
    expect(body.view_counts).toEqual({ mine: 3, unassigned: 4, new: 4, overdue: 4 });
  });

  it('count quotes and renewals apart', async () => {
    expect((await get('/api/v1/quotes')).body.view_counts).toEqual({ mine: 1, unassigned: 3, new: 2, overdue: 2 });
    expect((await get('/api/v1/renewals')).body.view_counts).toEqual({ mine: 1, unassigned: 1, new: 2, overdue: 2 });
  });

  it('are refused when signed out', async () => {
    expect((await agent(t).call('GET', '/api/v1/contacts')).status).toBe(401);
  });
});
