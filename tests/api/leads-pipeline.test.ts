import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leadEvents, leads } from '#src/server/db/schema.ts';
import { fieldLabel } from '#src/schemas/leads/answers.ts';
import { leadForms, leadKinds, type LeadKind } from '#src/schemas/leads/index.ts';
import { BULK_MAX } from '#src/schemas/pipeline.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { VAN_CLAIM_DATE, validAnswers } from '../support/lead-answers.ts';

/** Quotes and renewals in the pipeline: owner, bulk actions, the renewal-date sort and the every-answer CSV. */
let t: TestApp;
let staff: Agent;
let staffId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';
const byRef: Record<string, string> = {};

let n = 0;
const aLead = (kind: LeadKind, answers: Record<string, unknown> = validAnswers[kind]) => {
  n += 1;
  const summary = leadForms[kind].summary(answers as never);
  return { kind, reference: `T${kind[0]!.toUpperCase()}-${n}`, ...summary, answers, createdAt: new Date(Date.UTC(2026, 10, n, 9)) };
};
const json = async (res: Response) => ({ status: res.status, body: await res.json() });
/** One CSV line's cells (quoted cells may hold commas and doubled quotes). */
const cellsOf = (line: string) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((match) => match[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
const csvLines = async (res: Response) =>
  (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staffId = await createUser(t, { email: 'orla@shannon-insurance.ie', password: 'a long test password', firstName: 'Orla', lastName: 'Quinn' });
  staff = agent(t);
  expect((await staff.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  const rows = await t.test.database.db
    .insert(leads)
    .values([
      aLead('van'),
      aLead('van', { ...validAnswers.van, firstName: '=cmd|calc', businessTrade: '+1-1' }),
      aLead('fleet'),
      aLead('renewal', { ...validAnswers.renewal, renewalDate: '2027-03-01', name: 'Late renewal' }),
      aLead('renewal', { ...validAnswers.renewal, renewalDate: '2026-12-01', name: 'Soon renewal' }),
      aLead('renewal', { ...validAnswers.renewal, renewalDate: '2027-01-15', name: 'Middle renewal' }),
    ])
    .returning({ id: leads.id, reference: leads.reference });
  for (const row of rows) byRef[row.reference] = row.id;
});
afterAll(() => t.test.drop());

const id = (reference: string) => byRef[reference]!;

describe('signed out', () => {
  it('is refused the new endpoints with 401', async () => {
    const anon = agent(t);
    for (const [method, path, body] of [
      ['POST', '/api/v1/quotes/bulk', { action: 'delete', ids: [id('TV-1')] }],
      ['POST', '/api/v1/renewals/bulk/export', { ids: [id('TR-4')] }],
      ['GET', '/api/v1/quotes/export/answers'],
      ['GET', '/api/v1/renewals/export/answers'],
      ['GET', '/api/v1/quotes/van/export/answers'],
      ['PUT', `/api/v1/quotes/update/${id('TV-1')}`, { ownerId: staffId }],
    ] as [string, string, unknown?][]) {
      expect((await anon.call(method, path, body)).status, path).toBe(401);
    }
  });
});

describe('the owner', () => {
  it('is set, shown in the list and the detail, filtered on, audited, and cleared', async () => {
    const res = await json(await staff.call('PUT', `/api/v1/quotes/update/${id('TV-1')}`, { ownerId: staffId }));
    expect(res).toMatchObject({ status: 200, body: { lead: { owner: { _id: staffId, name: 'Orla Quinn' } } } });
    const list = (await json(await staff.call('GET', `/api/v1/quotes?owner=${staffId}`))).body;
    expect(list.leads.map((lead: { reference: string }) => lead.reference)).toEqual(['TV-1']);
    expect((await json(await staff.call('GET', '/api/v1/quotes?owner=none'))).body.total_items).toBe(2);
    const detail = (await json(await staff.call('GET', `/api/v1/quotes/get/${id('TV-1')}`))).body.lead;
    expect(detail.owner).toEqual({ _id: staffId, name: 'Orla Quinn' });
    const audits = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'lead assigned'));
    expect(audits[0]).toMatchObject({ actorId: staffId, target: `lead:${id('TV-1')}` });
    expect((await staff.call('PUT', `/api/v1/quotes/update/${id('TV-1')}`, { ownerId: MISSING })).status).toBe(400);
    expect((await staff.call('PUT', `/api/v1/quotes/update/${id('TV-1')}`, { ownerId: 'nobody' })).status).toBe(400);
    expect((await staff.call('GET', '/api/v1/quotes?owner=nobody')).status).toBe(400);
    expect((await staff.call('PUT', `/api/v1/quotes/update/${MISSING}`, { ownerId: null })).status).toBe(404);
    expect((await json(await staff.call('PUT', `/api/v1/quotes/update/${id('TV-1')}`, { ownerId: null }))).body.lead.owner).toBeNull();
  });
});

describe('renewals', () => {
  it('list their renewal date and sort by it, soonest or latest first; quotes refuse that sort', async () => {
    const order = async (sort: string) =>
      (await json(await staff.call('GET', `/api/v1/renewals?sort=${sort}`))).body.leads.map((lead: { renewalDate: string }) => lead.renewalDate);
    expect(await order('renewal-soonest')).toEqual(['2026-12-01', '2027-01-15', '2027-03-01']);
    expect(await order('renewal-latest')).toEqual(['2027-03-01', '2027-01-15', '2026-12-01']);
    expect(await order('newest')).toEqual(['2027-01-15', '2026-12-01', '2027-03-01']);
    expect(await order('')).toEqual(['2027-01-15', '2026-12-01', '2027-03-01']);
    expect((await staff.call('GET', '/api/v1/renewals?sort=cheapest')).status).toBe(400);
    const quotes = await json(await staff.call('GET', '/api/v1/quotes?sort=renewal-soonest'));
    expect(quotes).toMatchObject({ status: 400, body: { errors: [{ field: 'sort' }] } });
    expect((await json(await staff.call('GET', '/api/v1/quotes?sort=oldest'))).body.leads[0].renewalDate).toBeNull();
  });
});

describe('the every-answer CSV', () => {
  it('holds one column per question of each kind, answers as staff read them, formulas disarmed, and is audited', async () => {
    const res = await staff.call('GET', '/api/v1/quotes/export/answers');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="quotes-answers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = await csvLines(res);
    const header = cellsOf(lines[0]!);
    expect(header.slice(0, 5)).toEqual(['Reference', 'Kind', 'Status', 'Owner', 'Received']);
    // Every answer of every quote form, in form order, headed by its kind, by its staff label.
    const expected = (['van', 'fleet', 'truck', 'liability'] as const).flatMap((kind) =>
      leadForms[kind].steps.flatMap((step) =>
        step.fields.flatMap((field) =>
          (field.kind === 'group' ? field.fields.map((sub) => `${field.label}: ${fieldLabel(sub, 'staff')}`) : [fieldLabel(field, 'staff')]).map(
            (label) => `${leadKinds[kind].label}: ${step.title}: ${label}`,
          ),
        ),
      ),
    );
    expect(header.slice(5)).toEqual(expected);
    expect(lines.slice(1).every((line) => cellsOf(line).length === header.length)).toBe(true);
    expect(lines).toHaveLength(4);
    const injected = lines.find((line) => line.startsWith('TV-2'))!;
    expect(injected).toContain(`'=cmd|calc`);
    expect(injected).toContain(`'+1-1`);
    expect(injected).not.toMatch(/(^|,)[=+@-]/);
    // A repeated group: one column per question, each entry numbered.
    expect(lines[0]).toContain('Van: The last 5 years: Claims: Date of the claim');
    expect(lines.find((line) => line.startsWith('TV-1'))).toContain(`1: ${VAN_CLAIM_DATE}`);
    // Amounts stay numbers a spreadsheet adds up: the van's value and a claim's cost, no euro sign or separators.
    const van = cellsOf(lines.find((line) => line.startsWith('TV-1'))!);
    const column = (end: string) => header.findIndex((label) => label.startsWith('Van: ') && label.endsWith(end));
    expect(van[column('Value of the van (€)')]).toBe('21000');
    expect(van[column('Cost of the claim (€)')]).toBe('1: 450');
    const entries = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'leads exported'));
    expect(entries.at(-1)?.details).toMatchObject({ answers: true, rows: 3 });
  });

  it('narrows to one kind (by address or kind filter) without the kind in the headings', async () => {
    const van = await csvLines(await staff.call('GET', '/api/v1/quotes/van/export/answers'));
    expect(van[0]).toMatch(/^Reference,Kind,Status,Owner,Received,About you: First name,/);
    expect(van).toHaveLength(3);
    const filtered = await csvLines(await staff.call('GET', '/api/v1/quotes/export/answers?kind=fleet'));
    expect(filtered).toHaveLength(2);
    expect(filtered[0]).not.toContain('Van: ');
    const renewals = await csvLines(await staff.call('GET', '/api/v1/renewals/export/answers'));
    expect(renewals[0]).toContain('Your policy: Renewal date');
    expect((await staff.call('GET', '/api/v1/quotes/export/answers?status=sold')).status).toBe(400);
  });
});

describe('bulk actions', () => {
  it('move the chosen requests together, recording history and audit for each', async () => {
    const chosen = [id('TR-4'), id('TR-5')];
    const res = await json(await staff.call('POST', '/api/v1/renewals/bulk', { action: 'status', ids: chosen, status: 'contacted' }));
    expect(res).toMatchObject({ status: 200, body: { changed: 2, message: '2 requests updated.' } });
    const events = await t.test.database.db.select().from(leadEvents).where(inArray(leadEvents.leadId, chosen));
    expect(events.map((event) => [event.fromStatus, event.toStatus, event.userId])).toEqual([
      ['new', 'contacted', staffId],
      ['new', 'contacted', staffId],
    ]);
    const audits = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'lead moved to contacted'));
    expect(audits).toHaveLength(2);
  });

  it('assign, export and delete the chosen requests', async () => {
    const assigned = await json(await staff.call('POST', '/api/v1/quotes/bulk', { action: 'owner', ids: [id('TV-1'), id('TF-3')], ownerId: staffId }));
    expect(assigned.body.changed).toBe(2);
    const exported = await csvLines(await staff.call('POST', '/api/v1/quotes/bulk/export', { ids: [id('TF-3')] }));
    expect(exported).toHaveLength(2);
    expect(exported[1]).toMatch(/^TF-3,Fleet,new,Orla Quinn,/);
    const deleted = await json(await staff.call('POST', '/api/v1/quotes/bulk', { action: 'delete', ids: [id('TF-3')] }));
    expect(deleted.body).toMatchObject({ changed: 1, message: '1 request deleted.' });
    expect(
      await t.test.database.db
        .select()
        .from(leads)
        .where(eq(leads.id, id('TF-3'))),
    ).toHaveLength(0);
  });

  it('refuse bad input with 400, and requests that are gone or of another area with 404 and nothing changed', async () => {
    for (const body of [
      { action: 'status', ids: [id('TV-1')], status: 'closed' },
      { action: 'status', ids: [], status: 'won' },
      { action: 'owner', ids: [id('TV-1')], ownerId: 'me' },
      { action: 'delete', ids: Array.from({ length: BULK_MAX + 1 }, () => crypto.randomUUID()) },
      { ids: [id('TV-1')] },
    ]) {
      expect((await staff.call('POST', '/api/v1/quotes/bulk', body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    // A renewal is not a quote: the quotes' bulk action does not reach it, so nothing changes.
    const mixed = await staff.call('POST', '/api/v1/quotes/bulk', { action: 'status', ids: [id('TV-1'), id('TR-6')], status: 'won' });
    expect(mixed.status).toBe(404);
    const rows = await t.test.database.db
      .select()
      .from(leads)
      .where(inArray(leads.id, [id('TV-1'), id('TR-6')]));
    expect(rows.map((row) => row.status)).toEqual(['new', 'new']);
    expect((await staff.call('POST', '/api/v1/renewals/bulk/export', { ids: [id('TV-1')] })).status).toBe(404);
  });

  it('run at the same moment over the same requests without a deadlock, each change whole', async () => {
    const chosen = [id('TV-1'), id('TV-2')];
    const results = await Promise.all([
      staff.call('POST', '/api/v1/quotes/bulk', { action: 'status', ids: chosen, status: 'quoted' }),
      staff.call('POST', '/api/v1/quotes/bulk', { action: 'status', ids: [...chosen].reverse(), status: 'won' }),
      staff.call('POST', '/api/v1/quotes/bulk', { action: 'owner', ids: chosen, ownerId: null }),
    ]);
    expect(results.map((res) => res.status)).toEqual([200, 200, 200]);
    const rows = await t.test.database.db.select().from(leads).where(inArray(leads.id, chosen));
    // Both rows end in the same status: the bulk action that ran last moved both.
    expect(new Set(rows.map((row) => row.status)).size).toBe(1);
    expect(rows.every((row) => row.ownerId === null)).toBe(true);
  });
});
