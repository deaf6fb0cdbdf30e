import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, leadEvents, leads } from '#src/server/db/schema.ts';
import { DASHBOARD_CHART_DAYS } from '#src/schemas/dashboard.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
/** Dublin's calendar date of a moment, as the dashboard counts days. */
const dublinDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(at);
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

let t: TestApp;
let staff: Agent;
let lead = 0;
const aLead = (values: { kind: 'van' | 'renewal'; status?: 'new' | 'contacted' | 'won'; createdAt?: Date; renewalDate?: string }) => {
  lead += 1;
  return {
    kind: values.kind,
    status: values.status ?? 'new',
    reference: `T-${lead}`,
    name: `Person ${lead}`,
    email: `person${lead}@example.ie`,
    phone: '0871234567',
    answers: values.renewalDate ? { renewalDate: values.renewalDate } : {},
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  };
};

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staff = await signedInAs(t);
  const db = t.test.database.db;
  const today = dublinDate(new Date());
  await db.insert(contacts).values(
    [new Date(), ago(40), ago(100)].map((createdAt, i) => ({
      name: `Caller ${i}`,
      email: `caller${i}@example.ie`,
      phone: '0871234567',
      subject: 'Van insurance for convicted drivers',
      message: 'Please call',
      createdAt,
    })),
  );
  const [untouched, touched] = await db
    .insert(leads)
    .values([
      aLead({ kind: 'van', createdAt: ago(5) }), // new and untouched for days: needs attention
      aLead({ kind: 'van', createdAt: ago(6) }), // new, but someone wrote a note
      aLead({ kind: 'van' }), // new today: not yet a working day old
      aLead({ kind: 'van', status: 'contacted', createdAt: ago(100) }),
      aLead({ kind: 'renewal', renewalDate: plusDays(today, 10) }), // due
      aLead({ kind: 'renewal', renewalDate: plusDays(today, 45), status: 'contacted' }), // too far ahead
      aLead({ kind: 'renewal', renewalDate: plusDays(today, 3), status: 'won' }), // done with
    ])
    .returning();
  await db.insert(leadEvents).values({ leadId: touched!.id, note: 'Rang, left a message' });
  expect(untouched).toBeTruthy();
});
afterAll(() => t.test.drop());

describe('the dashboard', () => {
  it('refuses a signed-out visitor with 401', async () => {
    const res = await agent(t).call('GET', '/api/v1/dashboard');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ ok: false });
  });

  it('counts new requests today, this week and this month by Dublin days, and by status', async () => {
    const res = await staff.call('GET', '/api/v1/dashboard');
    expect(res.status).toBe(200);
    const { dashboard } = await res.json();
    expect(dashboard.today).toBe(dublinDate(new Date()));
    expect(dashboard.newRequests.callbacks.today).toBe(1);
    expect(dashboard.newRequests.callbacks.month).toBe(1);
    expect(dashboard.newRequests.quotes.today).toBe(1);
    expect(dashboard.newRequests.renewals.today).toBe(3);
    expect(dashboard.statusCounts.quotes).toEqual({ new: 3, contacted: 1, quoted: 0, won: 0, lost: 0 });
    expect(dashboard.statusCounts.renewals).toMatchObject({ new: 1, contacted: 1, won: 1 });
  });

  it('counts each area by its list views (mine, unassigned, new, overdue) exactly as the lists do', async () => {
    const { dashboard } = await (await staff.call('GET', '/api/v1/dashboard')).json();
    for (const [area, path] of [
      ['callbacks', '/api/v1/contacts'],
      ['quotes', '/api/v1/quotes'],
      ['renewals', '/api/v1/renewals'],
    ] as const) {
      const list = await (await staff.call('GET', path)).json();
      expect(dashboard.views[area], area).toEqual(list.view_counts);
    }
    // Nobody owns the four van quotes yet, and none has a next step.
    expect(dashboard.views.quotes).toEqual({ mine: 0, unassigned: 4, new: 3, overdue: 0 });
  });

  it('charts requests per Dublin day over 90 days, every day present', async () => {
    const { dashboard } = await (await staff.call('GET', '/api/v1/dashboard')).json();
    expect(dashboard.perDay).toHaveLength(DASHBOARD_CHART_DAYS);
    expect(dashboard.perDay.at(-1)).toEqual({ day: dublinDate(new Date()), callbacks: 1, quotes: 1, renewals: 3 });
    const total = (key: 'callbacks' | 'quotes') => dashboard.perDay.reduce((sum: number, day: Record<string, number>) => sum + day[key]!, 0);
    expect(total('callbacks')).toBe(2); // the one from 100 days ago is outside the chart
    expect(total('quotes')).toBe(3);
    expect(dashboard.perDay.find((day: { day: string }) => day.day === dublinDate(ago(40))).callbacks).toBe(1);
  });

  it('lists open renewals due in 30 days and the new, untouched requests older than a working day', async () => {
    const { dashboard } = await (await staff.call('GET', '/api/v1/dashboard')).json();
    expect(dashboard.renewalsDue.total).toBe(1);
    expect(dashboard.renewalsDue.items[0]).toMatchObject({ reference: 'T-5', renewalDate: plusDays(dublinDate(new Date()), 10) });
    // Oldest first: the two callbacks nobody has touched (100 and 40 days old), then the quote.
    expect(dashboard.attention.total).toBe(3);
    expect(dashboard.attention.items.map((item: { area: string; name: string }) => [item.area, item.name])).toEqual([
      ['callbacks', 'Caller 2'],
      ['callbacks', 'Caller 1'],
      ['quotes', 'Person 1'],
    ]);
  });

  it('counts callbacks by status, and a callback with a note or a new status no longer needs attention', async () => {
    const before = (await (await staff.call('GET', '/api/v1/dashboard')).json()).dashboard;
    expect(before.statusCounts.callbacks).toEqual({ new: 3, contacted: 0, closed: 0 });
    const { contacts: list } = await (await staff.call('GET', '/api/v1/contacts?q=Caller%202')).json();
    expect((await staff.call('PUT', `/api/v1/contacts/update/${list[0]._id}`, { status: 'contacted', note: 'Rang back' })).status).toBe(200);
    const after = (await (await staff.call('GET', '/api/v1/dashboard')).json()).dashboard;
    expect(after.statusCounts.callbacks).toEqual({ new: 2, contacted: 1, closed: 0 });
    expect(after.attention.total).toBe(2);
    expect(after.attention.items[0]).toMatchObject({ area: 'callbacks', reference: 'Callback', name: 'Caller 1' });
  });

  it('counts a request received from the website as untouched until staff change it', async () => {
    const db = t.test.database.db;
    const [waiting] = await db
      .insert(leads)
      .values(aLead({ kind: 'renewal', createdAt: ago(10) }))
      .returning();
    await db.insert(leadEvents).values({ leadId: waiting!.id, toStatus: 'new', note: 'Received from the website' });
    const { dashboard } = await (await staff.call('GET', '/api/v1/dashboard')).json();
    expect(dashboard.attention.items.map((item: { name: string }) => item.name)).toContain(waiting!.name);
  });

  it("counts the same days of the week before, this week's comparison, and no earlier week", async () => {
    const db = t.test.database.db;
    // Seven days ago is always among the week before's same days (its Monday up to today's weekday); fourteen never.
    await db.insert(leads).values([aLead({ kind: 'van', createdAt: ago(7) }), aLead({ kind: 'van', createdAt: ago(14) })]);
    const { dashboard } = await (await staff.call('GET', '/api/v1/dashboard')).json();
    expect(dashboard.newRequests.quotes.weekBefore).toBe(1);
    expect(dashboard.newRequests.callbacks.weekBefore).toBe(0);
    expect(dashboard.newRequests.renewals.weekBefore).toBe(0);
  });
});
