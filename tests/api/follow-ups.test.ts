import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, leads } from '#src/server/db/schema.ts';
import { leadForms, type LeadKind } from '#src/schemas/leads/index.ts';
import { NEXT_STEP_MAX } from '#src/schemas/follow-up.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { validAnswers } from '../support/lead-answers.ts';

/** Next steps with due days, the outcome of quotes and renewals, and the same person's other records. */
let t: TestApp;
let staff: Agent;
let staffId: string;
let colleagueId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';
const SAME_PERSON = 'Aoife.Byrne@Example.ie';
let callbackId: string;
let otherCallbackId: string;
const leadIds: Record<string, string> = {};

/** A Dublin day `days` from today. */
const dayFromToday = (days: number) => {
  const [y, m, d] = todayInIreland().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const aLead = (kind: LeadKind, reference: string, email: string, day: number) => {
  const summary = leadForms[kind].summary(validAnswers[kind] as never);
  return { kind, reference, ...summary, email, answers: validAnswers[kind], createdAt: new Date(Date.UTC(2026, 9, day, 9)) };
};
const auditsOf = (action: string, target: string) =>
  t.test.database.db
    .select()
    .from(auditLog)
    .where(and(like(auditLog.action, action), eq(auditLog.target, target)));

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staffId = await createUser(t, { email: 'orla@shannon-insurance.ie', password: 'a long test password', firstName: 'Orla', lastName: 'Quinn' });
  colleagueId = await createUser(t, { email: 'sean@shannon-insurance.ie', password: 'a long test password', firstName: 'Seán', lastName: 'Walsh' });
  staff = agent(t);
  expect((await staff.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  const callbacks = await t.test.database.db
    .insert(contacts)
    .values([
      { name: 'Aoife Byrne', email: SAME_PERSON, phone: '0871234567', subject: 'Van cover', message: 'Ring me', createdAt: new Date(Date.UTC(2026, 9, 1, 9)) },
      {
        name: 'Aoife Byrne',
        email: 'aoife.byrne@example.ie',
        phone: '0871234567',
        subject: 'Second van',
        message: 'Again',
        createdAt: new Date(Date.UTC(2026, 9, 5, 9)),
      },
      { name: 'Someone else', email: 'other@example.ie', phone: '0871234568', subject: 'Truck', message: 'Hi', createdAt: new Date(Date.UTC(2026, 9, 6, 9)) },
    ])
    .returning({ id: contacts.id });
  callbackId = callbacks[0]!.id;
  otherCallbackId = callbacks[2]!.id;
  const rows = await t.test.database.db
    .insert(leads)
    .values([
      aLead('van', 'TV-1', 'AOIFE.BYRNE@EXAMPLE.IE', 2),
      aLead('renewal', 'TR-2', 'aoife.byrne@example.ie', 3),
      aLead('fleet', 'TF-3', 'fleet@example.ie', 4),
    ])
    .returning({ id: leads.id, reference: leads.reference });
  for (const row of rows) leadIds[row.reference] = row.id;
});
afterAll(() => t.test.drop());

describe('signed out', () => {
  it('is refused every new endpoint with 401', async () => {
    const anon = agent(t);
    const body = { nextStep: 'Ring back', nextStepDue: '' };
    for (const [path, sent] of [
      [`/api/v1/contacts/next-step/${callbackId}`, body],
      [`/api/v1/quotes/next-step/${leadIds['TV-1']}`, body],
      [`/api/v1/renewals/next-step/${leadIds['TR-2']}`, body],
      [`/api/v1/quotes/outcome/${leadIds['TV-1']}`, { outcome: 'quoted', premium: '100', insurer: 'Aviva' }],
    ] as [string, unknown][]) {
      expect((await anon.call('PUT', path, sent)).status, path).toBe(401);
    }
    expect((await anon.call('GET', '/api/v1/contacts?due=overdue')).status).toBe(401);
  });
});

describe('a next step', () => {
  it('is set on a callback, shown, audited without its words, and cleared', async () => {
    const due = dayFromToday(3);
    const res = await json(
      await staff.call('PUT', `/api/v1/contacts/next-step/${callbackId}`, { nextStep: '  Ring back with Aviva price ', nextStepDue: due }),
    );
    expect(res).toMatchObject({ status: 200, body: { message: 'Next step saved.', contact: { nextStep: 'Ring back with Aviva price', nextStepDue: due } } });
    const detail = (await json(await staff.call('GET', `/api/v1/contacts/get/${callbackId}`))).body.contact;
    expect(detail).toMatchObject({ nextStep: 'Ring back with Aviva price', nextStepDue: due });
    const [entry] = await auditsOf('contact next step set', `contact:${callbackId}`);
    expect(entry).toMatchObject({ actorId: staffId, details: { fromDue: null, toDue: due } });
    expect(JSON.stringify(entry!.details)).not.toContain('Aviva');
    // The same again changes nothing and records nothing.
    expect((await staff.call('PUT', `/api/v1/contacts/next-step/${callbackId}`, { nextStep: 'Ring back with Aviva price', nextStepDue: due })).status).toBe(
      200,
    );
    expect(await auditsOf('contact next step set', `contact:${callbackId}`)).toHaveLength(1);

    const cleared = await json(await staff.call('PUT', `/api/v1/contacts/next-step/${callbackId}`, { nextStep: '', nextStepDue: '' }));
    expect(cleared).toMatchObject({ status: 200, body: { message: 'Next step cleared.', contact: { nextStep: '', nextStepDue: null } } });
    expect(await auditsOf('contact next step cleared', `contact:${callbackId}`)).toHaveLength(1);
  });

  it('may have no due day, and is set on quotes and renewals at each of their addresses', async () => {
    const quote = await json(await staff.call('PUT', `/api/v1/quotes/van/next-step/${leadIds['TV-1']}`, { nextStep: 'Send the schedule', nextStepDue: null }));
    expect(quote).toMatchObject({ status: 200, body: { lead: { nextStep: 'Send the schedule', nextStepDue: null } } });
    const renewal = await json(
      await staff.call('PUT', `/api/v1/renewals/next-step/${leadIds['TR-2']}`, { nextStep: 'Chase the NCB', nextStepDue: dayFromToday(0) }),
    );
    expect(renewal.body.lead.nextStepDue).toBe(dayFromToday(0));
    expect(await auditsOf('lead next step set', `lead:${leadIds['TR-2']}`)).toHaveLength(1);
  });

  it('is refused with a clear message per field', async () => {
    for (const [sent, field, message] of [
      [{ nextStep: 'x'.repeat(NEXT_STEP_MAX + 1), nextStepDue: '' }, 'nextStep', `Must be ${NEXT_STEP_MAX} characters or fewer`],
      [{ nextStep: '', nextStepDue: dayFromToday(1) }, 'nextStep', 'Say what the next step is, or clear the date'],
      [{ nextStep: 'Ring', nextStepDue: '2026-02-30' }, 'nextStepDue', 'Please enter a valid date'],
      [{ nextStep: 'Ring', nextStepDue: 'tomorrow' }, 'nextStepDue', 'Please enter a valid date'],
    ] as [unknown, string, string][]) {
      const res = await json(await staff.call('PUT', `/api/v1/contacts/next-step/${callbackId}`, sent));
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
  });

  it('answers 404 for a record that is not there, or of a kind the address does not serve', async () => {
    const body = { nextStep: 'Ring', nextStepDue: '' };
    expect((await staff.call('PUT', `/api/v1/contacts/next-step/${MISSING}`, body)).status).toBe(404);
    expect((await staff.call('PUT', '/api/v1/contacts/next-step/not-an-id', body)).status).toBe(404);
    expect((await staff.call('PUT', `/api/v1/quotes/next-step/${MISSING}`, body)).status).toBe(404);
    expect((await staff.call('PUT', `/api/v1/renewals/next-step/${leadIds['TV-1']}`, body)).status).toBe(404);
    expect((await staff.call('PUT', `/api/v1/quotes/fleet/next-step/${leadIds['TV-1']}`, body)).status).toBe(404);
  });
});

describe('the Overdue view', () => {
  it('lists records whose next step was due before today, and refuses an unknown filter', async () => {
    await staff.call('PUT', `/api/v1/contacts/next-step/${callbackId}`, { nextStep: 'Ring back', nextStepDue: dayFromToday(-1) });
    await staff.call('PUT', `/api/v1/contacts/next-step/${otherCallbackId}`, { nextStep: 'Ring back later', nextStepDue: dayFromToday(0) });
    const overdue = (await json(await staff.call('GET', '/api/v1/contacts?due=overdue'))).body;
    expect(overdue.contacts.map((contact: { _id: string }) => contact._id)).toEqual([callbackId]);
    expect((await json(await staff.call('GET', '/api/v1/contacts?due='))).body.total_items).toBe(3);

    await staff.call('PUT', `/api/v1/quotes/next-step/${leadIds['TF-3']}`, { nextStep: 'Ask for the fleet list', nextStepDue: dayFromToday(-10) });
    const quotes = (await json(await staff.call('GET', '/api/v1/quotes?due=overdue'))).body;
    expect(quotes.leads.map((lead: { reference: string }) => lead.reference)).toEqual(['TF-3']);
    expect((await json(await staff.call('GET', '/api/v1/renewals?due=overdue'))).body.total_items).toBe(0);

    for (const path of ['/api/v1/contacts?due=soon', '/api/v1/quotes?due=soon', '/api/v1/contacts/export?due=late']) {
      const res = await json(await staff.call('GET', path));
      expect(res.status, path).toBe(400);
      expect(res.body.errors).toContainEqual({ field: 'due', message: 'Choose overdue, or no next-step filter' });
    }
  });

  it('feeds the dashboard: due today or overdue, the signed-in person’s own first', async () => {
    await staff.call('PUT', `/api/v1/contacts/update/${otherCallbackId}`, { ownerId: staffId });
    await staff.call('PUT', `/api/v1/quotes/update/${leadIds['TF-3']}`, { ownerId: colleagueId });
    const { followUps } = (await json(await staff.call('GET', '/api/v1/dashboard'))).body.dashboard;
    // The callback due yesterday, the one due today (Orla's), the renewal due today, the fleet quote 10 days late.
    expect(followUps.total).toBe(4);
    expect(followUps.mine).toBe(1);
    expect(followUps.items[0]).toMatchObject({ _id: otherCallbackId, area: 'callbacks', mine: true, owner: 'Orla Quinn', nextStep: 'Ring back later' });
    expect(followUps.items.slice(1).map((item: { reference: string }) => item.reference)).toEqual(['TF-3', 'Callback', 'TR-2']);
    expect(followUps.items[1]).toMatchObject({ owner: 'Seán Walsh', mine: false, nextStepDue: dayFromToday(-10) });
  });

  it('leaves out a closed callback and a lost quote: their next steps no longer fall due', async () => {
    await staff.call('PUT', `/api/v1/contacts/update/${callbackId}`, { status: 'closed' });
    await staff.call('PUT', `/api/v1/quotes/update/${leadIds['TF-3']}`, { status: 'lost' });
    expect((await json(await staff.call('GET', '/api/v1/contacts?due=overdue'))).body.total_items).toBe(0);
    expect((await json(await staff.call('GET', '/api/v1/quotes?due=overdue'))).body.total_items).toBe(0);
    const { followUps } = (await json(await staff.call('GET', '/api/v1/dashboard'))).body.dashboard;
    expect(followUps.items.map((item: { reference: string }) => item.reference)).toEqual(['Callback', 'TR-2']);
    // Back in play, they fall due again.
    await staff.call('PUT', `/api/v1/contacts/update/${callbackId}`, { status: 'contacted' });
    await staff.call('PUT', `/api/v1/quotes/update/${leadIds['TF-3']}`, { status: 'contacted' });
    expect((await json(await staff.call('GET', '/api/v1/contacts?due=overdue'))).body.total_items).toBe(1);
  });
});

describe('the outcome', () => {
  const quote = () => `/api/v1/quotes/outcome/${leadIds['TV-1']}`;

  it('is refused until the request is quoted, won or lost (409)', async () => {
    const res = await json(await staff.call('PUT', quote(), { outcome: 'quoted', premium: '1250', insurer: 'Aviva' }));
    expect(res).toMatchObject({ status: 409, body: { message: 'Record a premium and insurer once the request is quoted or won.' } });
    expect((await staff.call('PUT', quote(), { outcome: 'lost', lostReason: 'price', lostDetail: '' })).status).toBe(409);
  });

  it('records the premium and insurer of a quoted request, audited', async () => {
    await staff.call('PUT', `/api/v1/quotes/update/${leadIds['TV-1']}`, { status: 'quoted' });
    const res = await json(await staff.call('PUT', quote(), { outcome: 'quoted', premium: '€1,250.5', insurer: ' Aviva ' }));
    expect(res).toMatchObject({ status: 200, body: { message: 'Outcome saved.', lead: { premium: '1250.50', insurer: 'Aviva' } } });
    const [entry] = await auditsOf('lead outcome recorded', `lead:${leadIds['TV-1']}`);
    expect(entry).toMatchObject({
      actorId: staffId,
      details: {
        outcome: 'quoted',
        changes: [
          { field: 'premium', from: null, to: '1250.50' },
          { field: 'insurer', from: '', to: 'Aviva' },
        ],
      },
    });
    const list = (await json(await staff.call('GET', '/api/v1/quotes?status=quoted'))).body.leads;
    expect(list[0]).toMatchObject({ reference: 'TV-1', premium: '1250.50', insurer: 'Aviva' });
  });

  it('refuses a premium that is not a positive amount of at most two decimals under the cap', async () => {
    for (const [premium, message] of [
      ['12.345', 'Enter the premium in euro, such as 1250 or 1250.50'],
      ['-5', 'Enter the premium in euro, such as 1250 or 1250.50'],
      ['abc', 'Enter the premium in euro, such as 1250 or 1250.50'],
      ['0', 'The premium must be more than €0'],
      ['1000000.01', 'The premium must be at most €1,000,000'],
    ]) {
      const res = await json(await staff.call('PUT', quote(), { outcome: 'quoted', premium, insurer: '' }));
      expect(res.status, premium).toBe(400);
      expect(res.body.errors).toContainEqual({ field: 'premium', message });
    }
    const unknown = await json(await staff.call('PUT', quote(), { outcome: 'won', premium: '5' }));
    expect(unknown.status).toBe(400);
  });

  it('records why a lost request was lost, keeping the premium it was quoted; Other needs words', async () => {
    await staff.call('PUT', `/api/v1/quotes/update/${leadIds['TV-1']}`, { status: 'lost' });
    const noReason = await json(await staff.call('PUT', quote(), { outcome: 'lost', lostReason: '', lostDetail: '' }));
    expect(noReason.body.errors).toContainEqual({ field: 'lostReason', message: 'Choose why it was lost' });
    const other = await json(await staff.call('PUT', quote(), { outcome: 'lost', lostReason: 'other', lostDetail: '' }));
    expect(other.body.errors).toContainEqual({ field: 'lostDetail', message: 'Say why it was lost' });
    const res = await json(await staff.call('PUT', quote(), { outcome: 'lost', lostReason: 'went-elsewhere', lostDetail: 'Brother-in-law is a broker' }));
    expect(res).toMatchObject({ status: 200, body: { lead: { lostReason: 'went-elsewhere', lostDetail: 'Brother-in-law is a broker', premium: '1250.50' } } });
    const entries = await auditsOf('lead outcome recorded', `lead:${leadIds['TV-1']}`);
    expect(entries.at(-1)!.details).toMatchObject({ outcome: 'lost', lostReason: 'went-elsewhere', detail: true });
    // The change of reason with its values; staff's words only by their length.
    expect(entries.at(-1)!.details!.changes).toContainEqual({ field: 'lostDetail', withheld: true, fromLength: 0, toLength: 26 });
    expect(JSON.stringify(entries.at(-1)!.details)).not.toContain('Brother-in-law');
    expect((await staff.call('PUT', quote(), { outcome: 'quoted', premium: '10', insurer: '' })).status).toBe(409);
  });

  it('is served for renewals at their own address only', async () => {
    expect((await staff.call('PUT', `/api/v1/renewals/outcome/${leadIds['TV-1']}`, { outcome: 'lost', lostReason: 'price', lostDetail: '' })).status).toBe(404);
    await staff.call('PUT', `/api/v1/renewals/update/${leadIds['TR-2']}`, { status: 'won' });
    const res = await json(await staff.call('PUT', `/api/v1/renewals/outcome/${leadIds['TR-2']}`, { outcome: 'quoted', premium: '980', insurer: 'Allianz' }));
    expect(res.body.lead).toMatchObject({ premium: '980.00', insurer: 'Allianz' });
  });
});

describe('also from this person', () => {
  it('lists their other records by email in any case, newest first, on each record', async () => {
    const contact = (await json(await staff.call('GET', `/api/v1/contacts/get/${callbackId}`))).body.contact;
    expect(contact.alsoFrom.map((other: { kind: string; title: string }) => [other.kind, other.title])).toEqual([
      ['callback', 'Second van'],
      ['renewal', 'TR-2'],
      ['van', 'TV-1'],
    ]);
    expect(contact.alsoFrom[1]).toMatchObject({ _id: leadIds['TR-2'], status: 'won' });
    const renewal = (await json(await staff.call('GET', `/api/v1/renewals/get/${leadIds['TR-2']}`))).body.lead;
    expect(renewal.alsoFrom.map((other: { _id: string }) => other._id)).not.toContain(leadIds['TR-2']);
    expect(renewal.alsoFrom).toHaveLength(3);
    const stranger = (await json(await staff.call('GET', `/api/v1/contacts/get/${otherCallbackId}`))).body.contact;
    expect(stranger.alsoFrom).toEqual([]);
  });
});
