import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts, leads, users } from '#src/server/db/schema.ts';
import { leadForms, type LeadKind } from '#src/schemas/leads/index.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { validAnswers } from '../support/lead-answers.ts';

/** The pipeline lists' Overdue view in due order (paged by cursor), how many each view holds, and the users list's filters. */
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

describe('the users list', () => {
  let admin: Agent;
  beforeAll(async () => {
    await createUser(t, { email: 'niamh@shannon-insurance.ie', password: 'a long test password', firstName: 'Niamh', lastName: 'Byrne', isAdmin: true });
    const gone = await createUser(t, { email: 'ciara@shannon-insurance.ie', password: 'a long test password', firstName: 'Ciara', lastName: 'Dunne' });
    await t.test.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, gone));
    admin = agent(t);
    expect((await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  });
  const names = async (query: string) => {
    const res = await admin.call('GET', `/api/v1/users?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()).users as { first_name: string }[]).map((user) => user.first_name).sort();
  };

  it('keeps the suspended accounts, or the active ones', async () => {
    expect(await names('status=suspended')).toEqual(['Ciara']);
    expect(await names('status=active')).toEqual(['Niamh', 'Orla']);
    expect(await names('status=')).toEqual(['Ciara', 'Niamh', 'Orla']);
  });

  it('searches names and addresses, with the account filter too', async () => {
    expect(await names('search=dunne')).toEqual(['Ciara']);
    expect(await names('search=shannon-insurance&status=active')).toEqual(['Niamh', 'Orla']);
    expect(await names('search=ciara&status=active')).toEqual([]);
  });

  it('refuses an account state it does not know with a 400 that says which', async () => {
    const res = await admin.call('GET', '/api/v1/users?status=gone');
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toContainEqual({ field: 'status', message: 'Choose active or suspended' });
  });

  it('is for administrators only', async () => {
    expect((await staff.call('GET', '/api/v1/users?status=suspended')).status).toBe(403);
  });
});

describe('the posts list', () => {
  it('tells staff how many posts each status holds, and the public nothing of it', async () => {
    const before = (await get('/api/v1/posts?summary=true')).body.status_counts as Record<string, number>;
    for (const fields of [
      { title: 'A draft about vans', status: 'draft' },
      { title: 'Another draft', status: 'draft' },
      { title: 'Coming up: tachograph rules', status: 'scheduled', publishedAt: '2099-01-01T09:00:00.000Z' },
    ]) {
      expect((await staff.call('POST', '/api/v1/posts/create', { body: 'Body text.', ...fields })).status).toBe(201);
    }
    const { body } = await get('/api/v1/posts?summary=true&status=draft');
    expect(body.status_counts).toEqual({ draft: before.draft! + 2, scheduled: before.scheduled! + 1, published: before.published });
    const anon = await agent(t).call('GET', '/api/v1/posts?summary=true');
    expect(anon.status).toBe(200);
    expect((await anon.json()).status_counts).toBeUndefined();
  });
});
