import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, leads, outbox } from '#src/server/db/schema.ts';
import { leadForms, type LeadKind } from '#src/schemas/leads/index.ts';
import { TIMELINE_PAGE } from '#src/schemas/record-timeline.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { validAnswers } from '../support/lead-answers.ts';

/** A record's timeline (history, next steps, outcomes and mails in one feed) and "mark done, log, book next". */
let t: TestApp;
let staff: Agent;
let staffId: string;
let callbackId: string;
let busyCallbackId: string;
const leadIds: Record<string, string> = {};
const MISSING = '00000000-0000-4000-8000-000000000000';
const RECEIVED = new Date(Date.UTC(2026, 9, 1, 9));

const json = async (res: Response) => ({ status: res.status, body: await res.json() });
const aLead = (kind: LeadKind, reference: string) => {
  const summary = leadForms[kind].summary(validAnswers[kind] as never);
  return { kind, reference, ...summary, answers: validAnswers[kind], createdAt: RECEIVED };
};
const auditsOf = (action: string, target: string) =>
  t.test.database.db
    .select()
    .from(auditLog)
    .where(and(like(auditLog.action, action), eq(auditLog.target, target)));
const timelineOf = async (path: string) =>
  (await json(await staff.call('GET', path))).body.timeline as { entries: Record<string, unknown>[]; next: string | null };

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staffId = await createUser(t, { email: 'orla@shannon-insurance.ie', password: 'a long test password', firstName: 'Orla', lastName: 'Quinn' });
  staff = agent(t);
  expect((await staff.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  const rows = await t.test.database.db
    .insert(contacts)
    .values([
      { name: 'Aoife Byrne', email: 'aoife@example.ie', phone: '0871234567', subject: 'Van cover', message: 'Ring me', createdAt: RECEIVED },
      { name: 'Busy Person', email: 'busy@example.ie', phone: '0871234568', subject: 'Truck', message: 'Hi', createdAt: RECEIVED },
    ])
    .returning({ id: contacts.id });
  callbackId = rows[0]!.id;
  busyCallbackId = rows[1]!.id;
  const requests = await t.test.database.db
    .insert(leads)
    .values([aLead('van', 'TL-1'), aLead('renewal', 'TL-2')])
    .returning({ id: leads.id, reference: leads.reference });
  for (const row of requests) leadIds[row.reference] = row.id;
  // The mails the callback caused, as the form queues them (same moment), and one about someone else.
  await t.test.database.db.insert(outbox).values([
    {
      to: ['sales@shannon-insurance.ie'],
      subject: 'Callback request: Van cover',
      text: 'x',
      messageId: '<a@x>',
      ref: `contact:${callbackId}`,
      createdAt: RECEIVED,
    },
    {
      to: ['aoife@example.ie'],
      subject: 'We got your message',
      text: 'x',
      messageId: '<b@x>',
      ref: `contact:${callbackId}`,
      status: 'failed',
      createdAt: new Date(RECEIVED.getTime() + 1000),
    },
    { to: ['busy@example.ie'], subject: 'Not this one', text: 'x', messageId: '<c@x>', ref: `contact:${busyCallbackId}`, createdAt: RECEIVED },
  ]);
});
afterAll(() => t.test.drop());

describe('signed out', () => {
  it('is refused the timeline and marking a step done with 401', async () => {
    const anon = agent(t);
    expect((await anon.call('GET', `/api/v1/contacts/timeline/${callbackId}`)).status).toBe(401);
    expect((await anon.call('GET', `/api/v1/quotes/timeline/${leadIds['TL-1']}`)).status).toBe(401);
    const done = { done: 'Ring', note: '', nextStep: '', nextStepDue: '' };
    expect((await anon.call('POST', `/api/v1/contacts/next-step-done/${callbackId}`, done)).status).toBe(401);
    expect((await anon.call('POST', `/api/v1/renewals/next-step-done/${leadIds['TL-2']}`, done)).status).toBe(401);
  });
});

describe('a callback’s timeline', () => {
  it('starts with when it was received and the mails it caused, and only its own', async () => {
    const { entries, next } = await timelineOf(`/api/v1/contacts/timeline/${callbackId}`);
    expect(next).toBeNull();
    expect(entries.map((entry) => entry.type)).toEqual(['mail', 'mail', 'received']);
    expect(entries[0]).toMatchObject({ mail: { subject: 'We got your message', to: ['aoife@example.ie'], status: 'failed' }, by: null });
    expect(entries[1]).toMatchObject({ mail: { subject: 'Callback request: Van cover', status: 'queued' } });
    expect(entries[2]).toMatchObject({ type: 'received', at: RECEIVED.toISOString().replace('.000Z', '.000000Z') });
  });

  it('shows status changes, notes, next steps set and done with what came of it, and the step booked next, newest first', async () => {
    expect((await staff.call('PUT', `/api/v1/contacts/update/${callbackId}`, { status: 'contacted', note: 'Left a voicemail' })).status).toBe(200);
    expect((await staff.call('PUT', `/api/v1/contacts/next-step/${callbackId}`, { nextStep: 'Ring back at 3', nextStepDue: '2026-11-02' })).status).toBe(200);
    const done = await json(
      await staff.call('POST', `/api/v1/contacts/next-step-done/${callbackId}`, {
        done: 'Ring back at 3',
        note: '  Wants a price for two vans ',
        nextStep: 'Send the Aviva price',
        nextStepDue: '2026-11-05',
      }),
    );
    expect(done).toMatchObject({
      status: 200,
      body: { message: 'Step done and the next one booked.', contact: { nextStep: 'Send the Aviva price', nextStepDue: '2026-11-05' } },
    });

    const { entries } = await timelineOf(`/api/v1/contacts/timeline/${callbackId}`);
    expect(entries.map((entry) => entry.type)).toEqual(['next-step-set', 'next-step-done', 'next-step-set', 'status', 'mail', 'mail', 'received']);
    expect(entries[0]).toMatchObject({ by: 'Orla Quinn', step: 'Send the Aviva price', due: '2026-11-05' });
    expect(entries[1]).toMatchObject({ by: 'Orla Quinn', step: 'Ring back at 3', due: '2026-11-02', note: 'Wants a price for two vans' });
    expect(entries[3]).toMatchObject({ fromStatus: 'new', toStatus: 'contacted', note: 'Left a voicemail' });

    // Audited as the other next-step changes are: the due days and whether there were words, never the words.
    const [doneEntry] = await auditsOf('contact next step done', `contact:${callbackId}`);
    expect(doneEntry).toMatchObject({ actorId: staffId, details: { due: '2026-11-02', note: true } });
    expect(await auditsOf('contact next step set', `contact:${callbackId}`)).toHaveLength(2);

    // The page's own history (status changes and notes) is as it was.
    const detail = (await json(await staff.call('GET', `/api/v1/contacts/get/${callbackId}`))).body.contact;
    expect(detail.events).toHaveLength(1);
  });

  it('marks a step done without booking another, which leaves none', async () => {
    const res = await json(
      await staff.call('POST', `/api/v1/contacts/next-step-done/${callbackId}`, { done: 'Send the Aviva price', nextStep: '', nextStepDue: null }),
    );
    expect(res).toMatchObject({ status: 200, body: { message: 'Step marked done.', contact: { nextStep: '', nextStepDue: null } } });
    const { entries } = await timelineOf(`/api/v1/contacts/timeline/${callbackId}`);
    expect(entries[0]).toMatchObject({ type: 'next-step-done', step: 'Send the Aviva price', note: '' });
  });

  it('refuses to mark done a step that changed meanwhile, or is not there (409), and changes nothing', async () => {
    expect((await staff.call('PUT', `/api/v1/contacts/next-step/${callbackId}`, { nextStep: 'Ring Tuesday', nextStepDue: '' })).status).toBe(200);
    const stale = await json(await staff.call('POST', `/api/v1/contacts/next-step-done/${callbackId}`, { done: 'Ring Monday', nextStep: '', nextStepDue: '' }));
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed since you opened this page/);
    const none = await json(await staff.call('POST', `/api/v1/contacts/next-step-done/${busyCallbackId}`, { done: 'Ring', nextStep: '', nextStepDue: '' }));
    expect(none.status).toBe(409);
    const [row] = await t.test.database.db.select().from(contacts).where(eq(contacts.id, callbackId));
    expect(row!.nextStep).toBe('Ring Tuesday');
  });

  it('refuses bad input with a message per field, and unknown records with 404', async () => {
    for (const [sent, field, message] of [
      [{ done: '', nextStep: '', nextStepDue: '' }, 'done', 'There is no next step to mark done'],
      [{ done: 'Ring Tuesday', nextStep: '', nextStepDue: '2026-11-05' }, 'nextStep', 'Say what the next step is, or clear the date'],
      [{ done: 'Ring Tuesday', nextStep: 'Ring', nextStepDue: '2026-02-30' }, 'nextStepDue', 'Please enter a valid date'],
      [{ done: 'Ring Tuesday', note: 'x'.repeat(2001), nextStep: '', nextStepDue: '' }, 'note', 'Must be 2000 characters or fewer'],
    ] as [unknown, string, string][]) {
      const res = await json(await staff.call('POST', `/api/v1/contacts/next-step-done/${callbackId}`, sent));
      expect(res.status, JSON.stringify(sent)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    }
    expect((await staff.call('GET', `/api/v1/contacts/timeline/${callbackId}?before=yesterday`)).status).toBe(400);
    expect((await staff.call('GET', `/api/v1/contacts/timeline/${MISSING}`)).status).toBe(404);
    expect((await staff.call('GET', '/api/v1/contacts/timeline/not-an-id')).status).toBe(404);
    const done = { done: 'Ring', nextStep: '', nextStepDue: '' };
    expect((await staff.call('POST', `/api/v1/contacts/next-step-done/${MISSING}`, done)).status).toBe(404);
  });

  it('pages by a cursor, newest first, each entry once', async () => {
    for (let n = 1; n <= TIMELINE_PAGE + 5; n++) {
      expect((await staff.call('PUT', `/api/v1/contacts/update/${busyCallbackId}`, { note: `Note ${n}` })).status).toBe(200);
    }
    const first = await timelineOf(`/api/v1/contacts/timeline/${busyCallbackId}`);
    expect(first.entries).toHaveLength(TIMELINE_PAGE);
    expect(first.entries[0]).toMatchObject({ type: 'note', note: `Note ${TIMELINE_PAGE + 5}` });
    expect(first.next).not.toBeNull();
    const second = await timelineOf(`/api/v1/contacts/timeline/${busyCallbackId}?before=${encodeURIComponent(first.next!)}`);
    expect(second.next).toBeNull();
    expect(second.entries.map((entry) => entry.note ?? entry.type)).toEqual(['Note 5', 'Note 4', 'Note 3', 'Note 2', 'Note 1', '', '']);
    expect(second.entries.slice(-2).map((entry) => entry.type)).toEqual(['mail', 'received']);
    const ids = [...first.entries, ...second.entries].map((entry) => entry._id);
    expect(new Set(ids).size).toBe(TIMELINE_PAGE + 7);
  });
});

describe('a request’s timeline', () => {
  it('shows outcomes and next steps, at the addresses that serve its kind only', async () => {
    const quote = leadIds['TL-1']!;
    expect((await staff.call('PUT', `/api/v1/quotes/update/${quote}`, { status: 'quoted' })).status).toBe(200);
    expect((await staff.call('PUT', `/api/v1/quotes/outcome/${quote}`, { outcome: 'quoted', premium: '1,250.5', insurer: 'Aviva' })).status).toBe(200);
    expect((await staff.call('PUT', `/api/v1/quotes/van/next-step/${quote}`, { nextStep: 'Chase the proposal form', nextStepDue: '' })).status).toBe(200);
    const done = await json(
      await staff.call('POST', `/api/v1/quotes/van/next-step-done/${quote}`, {
        done: 'Chase the proposal form',
        note: 'Signed',
        nextStep: '',
        nextStepDue: '',
      }),
    );
    expect(done).toMatchObject({ status: 200, body: { lead: { nextStep: '' } } });
    expect(await auditsOf('lead next step done', `lead:${quote}`)).toHaveLength(1);

    const { entries } = await timelineOf(`/api/v1/quotes/timeline/${quote}`);
    expect(entries.map((entry) => entry.type)).toEqual(['next-step-done', 'next-step-set', 'outcome', 'status', 'received']);
    expect(entries[2]).toMatchObject({ outcome: 'quoted', premium: '1250.50', insurer: 'Aviva', by: 'Orla Quinn' });
    expect((await timelineOf(`/api/v1/quotes/van/timeline/${quote}`)).entries).toHaveLength(5);
    expect((await staff.call('GET', `/api/v1/renewals/timeline/${quote}`)).status).toBe(404);
    expect((await staff.call('GET', `/api/v1/quotes/fleet/timeline/${quote}`)).status).toBe(404);

    // A lost outcome carries its reason, and its detail as the entry's words.
    expect((await staff.call('PUT', `/api/v1/quotes/update/${quote}`, { status: 'lost' })).status).toBe(200);
    expect((await staff.call('PUT', `/api/v1/quotes/outcome/${quote}`, { outcome: 'lost', lostReason: 'price', lostDetail: 'Bank was cheaper' })).status).toBe(
      200,
    );
    const [latest] = (await timelineOf(`/api/v1/quotes/timeline/${quote}`)).entries;
    expect(latest).toMatchObject({ type: 'outcome', outcome: 'lost', lostReason: 'price', note: 'Bank was cheaper' });
  });

  it('for a request sent by the form: received once, with its mails', async () => {
    const renewal = leadIds['TL-2']!;
    await t.test.database.db.execute(
      // The form's first history step, as storeLead writes it.
      `insert into lead_events (lead_id, to_status, note, created_at) values ('${renewal}', 'new', 'Received from the website', '${RECEIVED.toISOString()}')`,
    );
    // Its mails are queued a moment before the request's own moment is taken: shown after it all the same.
    await t.test.database.db.insert(outbox).values({
      to: ['sales@shannon-insurance.ie'],
      subject: 'Renewal TL-2',
      text: 'x',
      messageId: '<d@x>',
      ref: `lead:${renewal}`,
      createdAt: new Date(RECEIVED.getTime() - 5),
    });
    const { entries } = await timelineOf(`/api/v1/renewals/timeline/${renewal}`);
    expect(entries.map((entry) => entry.type)).toEqual(['mail', 'received']);
    expect(entries[0]!.at).toBe(entries[1]!.at);
  });
});
