import { dublinIso } from '#src/lib/dublin-time.ts';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { leadEvents, leads, outbox, referenceCounters } from '#src/server/db/schema.ts';
import { NOT_COVER_YET } from '#src/server/leads/mails.ts';
import type { LeadKind } from '#src/schemas/leads/index.ts';

let t: TestApp;
let staff: Agent;
let visitor: Agent;

const createPath = (kind: LeadKind) => (kind === 'renewal' ? '/api/v1/renewals/create' : `/api/v1/quotes/${kind}/create`);
const send = async (kind: LeadKind, answers: Record<string, unknown> = validAnswers[kind]) =>
  visitor.call('POST', createPath(kind), { ...answers, humanCheck: await solvedCheck(async (path) => (await t.call('GET', path)).json()) });

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'broker@shannon-insurance.ie', password: 'a long test password', firstName: 'Orla', lastName: 'Quinn' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'broker@shannon-insurance.ie', password: 'a long test password' });
  visitor = agent(t, '192.0.2.50');
});
afterAll(() => t.test.drop());

const prefixes: Record<LeadKind, string> = { van: 'VQ', fleet: 'FQ', truck: 'TQ', liability: 'LQ', renewal: 'RN' };
const thankYou: Record<LeadKind, string> = {
  van: '/quote-thank-you',
  fleet: '/quote-thank-fleet',
  truck: '/quote-thank-truck',
  liability: '/quote-thank-liability',
  renewal: '/renewal-thank-you',
};
const ids: Partial<Record<LeadKind, string>> = {};

describe.each(Object.keys(prefixes) as LeadKind[])('%s requests', (kind) => {
  it('stores a valid request with a human reference, mails the broker and the customer, and points to its thank-you page', async () => {
    const res = await send(kind);
    expect(res.status).toBe(201);
    const body = await res.json();
    const year = new Date().getUTCFullYear();
    expect(body.lead.reference).toMatch(new RegExp(`^${prefixes[kind]}-${year}-\\d{6}$`));
    expect(body.redirect).toBe(`${thankYou[kind]}?ref=${body.lead.reference}`);
    ids[kind] = body.lead._id;
    const mails = await t.test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.ref, `lead:${body.lead._id}`));
    expect(mails).toHaveLength(2);
    const sales = mails.find((mail) => mail.to.includes('sales@shannon-insurance.ie'))!;
    const customer = mails.find((mail) => mail.to.includes(String(validAnswers[kind].email)))!;
    expect(sales.subject).toContain(body.lead.reference);
    expect(sales.text).toContain(String(validAnswers[kind].phone));
    expect(sales.html).toContain('<table');
    // The broker's link opens this request, and its history starts with its arrival (one statement stores all three).
    expect(sales.text).toContain(`/admin/${kind === 'renewal' ? 'renewals' : 'quotes'}/view/${body.lead._id}`);
    const history = await t.test.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, body.lead._id));
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'new', note: 'Received from the website' }]);
    expect(customer.text).toContain(body.lead.reference);
    expect(customer.text).toContain(NOT_COVER_YET);
  });

  it('refuses an incomplete request field by field, storing and sending nothing', async () => {
    const before = await t.test.database.db.$count(leads);
    const { email: _email, ...withoutEmail } = validAnswers[kind];
    const res = await send(kind, { ...withoutEmail, termsAccepted: false, phone: 'call me' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Required' },
        { field: 'phone', message: 'Invalid phone number' },
        { field: 'termsAccepted', message: 'You must confirm this to continue' },
      ]),
    );
    expect(await t.test.database.db.$count(leads)).toBe(before);
  });

  it('is not listed or read by anyone signed out', async () => {
    const base = kind === 'renewal' ? '/api/v1/renewals' : `/api/v1/quotes/${kind}`;
    expect((await visitor.call('GET', `${base}/`)).status).toBe(401);
    expect((await visitor.call('GET', `${base}/get/${ids[kind]}`)).status).toBe(401);
    expect((await visitor.call('GET', `${base}/export`)).status).toBe(401);
    expect((await visitor.call('PUT', `${base}/update/${ids[kind]}`, { status: 'won' })).status).toBe(401);
    expect((await visitor.call('DELETE', `${base}/delete/${ids[kind]}`)).status).toBe(401);
  });
});

describe('requests, more closely', () => {
  it('refuses a request without a solved human check, and answers a honeypot as if all were well', async () => {
    const before = await t.test.database.db.$count(leads);
    const unsolved = await visitor.call('POST', '/api/v1/quotes/van/create', { ...validAnswers.van, humanCheck: '' });
    expect(unsolved.status).toBe(400);
    expect((await unsolved.json()).errors[0].field).toBe('humanCheck');
    const bot = await send('van', { ...validAnswers.van, website: 'http://spam.example' });
    expect(bot.status).toBe(201);
    expect(await t.test.database.db.$count(leads)).toBe(before);
  });

  it('requires conviction details once convictions are declared, and numbers references in order', async () => {
    const missing = await send('van', { ...validAnswers.van, hasConvictions: 'Yes' });
    expect((await missing.json()).errors).toEqual([{ field: 'convictions', message: 'Add at least 1 conviction' }]);
    const first = await (
      await send('van', { ...validAnswers.van, hasConvictions: 'Yes', convictions: [{ date: '2024-06-02', offence: 'Speeding', points: '3' }] })
    ).json();
    const second = await (await send('van')).json();
    const number = (reference: string) => Number(reference.split('-')[2]);
    expect(number(second.lead.reference)).toBe(number(first.lead.reference) + 1);
  });

  it('lets staff list all quote kinds, filter by kind, status and date, and search by name, reference or registration', async () => {
    const all = await (await staff.call('GET', '/api/v1/quotes/?page_size=50')).json();
    expect(all.leads.map((lead: { kind: string }) => lead.kind)).not.toContain('renewal');
    expect(new Set(all.leads.map((lead: { kind: string }) => lead.kind))).toEqual(new Set(['van', 'fleet', 'truck', 'liability']));
    const trucks = await (await staff.call('GET', '/api/v1/quotes/?kind=truck')).json();
    expect(trucks.leads).toHaveLength(1);
    expect((await (await staff.call('GET', '/api/v1/quotes/?q=182KY')).json()).leads[0].reference).toMatch(/^TQ-/);
    expect((await (await staff.call('GET', '/api/v1/quotes/?q=galway%20roofing')).json()).leads[0].kind).toBe('liability');
    const [row] = await t.test.database.db.select().from(leads).where(like(leads.reference, 'FQ-%'));
    expect((await (await staff.call('GET', `/api/v1/quotes/?q=${row!.reference}`)).json()).leads).toHaveLength(1);
    // The start of a reference, typed in small letters, finds it (as a prefix, by the btree index); a wildcard in it is only text.
    const referenceStart = row!.reference.slice(0, 9).toLowerCase();
    expect((await (await staff.call('GET', `/api/v1/quotes/?q=${referenceStart}`)).json()).leads.map((lead: { reference: string }) => lead.reference)).toEqual([
      row!.reference,
    ]);
    expect((await (await staff.call('GET', `/api/v1/quotes/?q=${encodeURIComponent(`${referenceStart.slice(0, 4)}%`)}`)).json()).total_items).toBe(0);
    expect((await (await staff.call('GET', `/api/v1/quotes/?q=${row!.reference.slice(0, 8)}999999`)).json()).leads).toHaveLength(0);
    // Text from inside a reference is still found anywhere in it (by trigrams).
    const inside = (await (await staff.call('GET', `/api/v1/quotes/?q=${row!.reference.slice(1)}`)).json()).leads;
    expect(inside.map((lead: { reference: string }) => lead.reference)).toContain(row!.reference);
    // Today in Dublin: the list's dates are Dublin days.
    const today = dublinIso(new Date()).slice(0, 10);
    expect((await (await staff.call('GET', `/api/v1/quotes/?from=${today}&to=${today}`)).json()).total_items).toBe(all.total_items);
    expect((await (await staff.call('GET', '/api/v1/quotes/?to=2020-01-01')).json()).total_items).toBe(0);
    expect((await staff.call('GET', '/api/v1/quotes/?status=pending')).status).toBe(400);
    expect((await staff.call('GET', '/api/v1/quotes/?from=yesterday')).status).toBe(400);
  });

  it("lists what the customer pays today where the form asks it: a renewal's current premium, a fleet's premium and insurer", async () => {
    const renewals = (await (await staff.call('GET', '/api/v1/renewals/')).json()).leads;
    const renewal = renewals.find((lead: { _id: string }) => lead._id === ids.renewal);
    // The renewal form asks the current premium, not the insurer; nothing is quoted yet.
    expect(renewal).toMatchObject({ currentPremium: validAnswers.renewal.currentPremium, currentInsurer: '', premium: null, insurer: '' });
    const fleet = (await (await send('fleet', { ...validAnswers.fleet, currentInsurer: '  Zurich ' })).json()).lead;
    const listed = (await (await staff.call('GET', '/api/v1/quotes/?kind=fleet')).json()).leads.find((lead: { _id: string }) => lead._id === fleet._id);
    expect(listed).toMatchObject({ currentPremium: validAnswers.fleet.currentPremium, currentInsurer: 'Zurich' });
    // A van form asks neither.
    const van = (await (await staff.call('GET', `/api/v1/quotes/get/${ids.van}`)).json()).lead;
    expect(van).toMatchObject({ currentPremium: null, currentInsurer: '' });
    // A premium left empty on the form is none, not "".
    const { currentPremium: _premium, ...withoutPremium } = validAnswers.renewal;
    const sent = await (await send('renewal', withoutPremium)).json();
    expect(sent.lead.currentPremium).toBeNull();
  });

  it('moves a request along the pipeline with notes, recording who changed what', async () => {
    const id = ids.truck!;
    expect((await staff.call('PUT', `/api/v1/quotes/truck/update/${id}`, {})).status).toBe(400);
    expect((await staff.call('PUT', `/api/v1/quotes/truck/update/${id}`, { status: 'sold' })).status).toBe(400);
    expect((await staff.call('PUT', `/api/v1/quotes/update/${id}`, { status: 'contacted', note: 'Called, sending a quote tomorrow.' })).status).toBe(200);
    expect((await staff.call('PUT', `/api/v1/quotes/truck/update/${id}`, { status: 'quoted' })).status).toBe(200);
    const { lead } = await (await staff.call('GET', `/api/v1/quotes/get/${id}`)).json();
    expect(lead.status).toBe('quoted');
    expect(
      lead.events.map((event: { fromStatus: string; toStatus: string; by: string; note: string }) => [event.fromStatus, event.toStatus, event.by, event.note]),
    ).toEqual([
      ['contacted', 'quoted', 'Orla Quinn', ''],
      ['new', 'contacted', 'Orla Quinn', 'Called, sending a quote tomorrow.'],
      [null, 'new', 'Website', 'Received from the website'],
    ]);
    expect(lead.answers.map((section: { title: string }) => section.title)).toEqual([
      'The truck',
      'Operator and licence',
      'Use',
      'The main driver',
      'Cover',
      'Declaration',
    ]);
    // A renewal is not reachable as a quote, and the other way round.
    expect((await staff.call('GET', `/api/v1/quotes/get/${ids.renewal}`)).status).toBe(404);
    expect((await staff.call('GET', `/api/v1/renewals/get/${id}`)).status).toBe(404);
  });

  it('exports the filtered list as CSV, and deletes', async () => {
    const res = await staff.call('GET', '/api/v1/quotes/van/export');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="van-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Reference,Kind,Status,Received,Name,Email,Phone,Registration,About you: First name,/);
    expect(lines.slice(1).every((line) => line.startsWith('VQ-'))).toBe(true);
    expect(lines).toHaveLength(1 + 3);
    expect((await staff.call('DELETE', `/api/v1/renewals/delete/${ids.renewal}`)).status).toBe(200);
    expect((await staff.call('GET', `/api/v1/renewals/get/${ids.renewal}`)).status).toBe(404);
  });

  it('serves the occupations list and searches towns without regard to accents', async () => {
    const { occupations } = await (await visitor.call('GET', '/api/v1/occupations')).json();
    expect(occupations.length).toBeGreaterThan(300);
    expect(occupations).toContain('Plumber');
    const { areas } = await (await visitor.call('GET', '/api/v1/areas?search=dun%20laoghaire')).json();
    expect(areas[0]).toEqual({ town: 'Dún Laoghaire', county: 'Dublin', label: 'Dún Laoghaire, Co. Dublin' });
    expect((await visitor.call('GET', `/api/v1/areas?search=${'x'.repeat(61)}`)).status).toBe(400);
  });
});

describe('references', () => {
  it('give requests made at once their numbers in the order of their moments, even with the clock behind (a series is read by number)', async () => {
    const db = t.test.database.db;
    // The last truck number's moment an hour ahead, as after the clock stepped back.
    const ahead = sql`now() + interval '1 hour'`;
    await db
      .insert(referenceCounters)
      .values({ prefix: 'TQ', year: new Date().getUTCFullYear(), last: 0, lastAt: ahead })
      .onConflictDoUpdate({ target: [referenceCounters.prefix, referenceCounters.year], set: { lastAt: ahead } });
    const sent = await Promise.all(
      Array.from({ length: 8 }, async (_, i) =>
        agent(t, `192.0.2.${100 + i}`).call('POST', createPath('truck'), {
          ...validAnswers.truck,
          humanCheck: await solvedCheck(async (path) => (await t.call('GET', path)).json()),
        }),
      ),
    );
    expect(sent.map((res) => res.status)).toEqual(Array(8).fill(201));
    const inOrder = async (order: string) => {
      const result = await db.execute(
        sql`select reference, created_at > now() + interval '59 minutes' as ahead from leads where kind = 'truck' order by ${sql.raw(order)}`,
      );
      return (result as unknown as { rows: { reference: string; ahead: boolean }[] }).rows;
    };
    const byMoment = await inOrder('created_at, id');
    expect(byMoment.map((row) => row.reference)).toEqual((await inOrder('reference')).map((row) => row.reference));
    expect(byMoment.filter((row) => row.ahead)).toHaveLength(8);
    // Every moment its own, so the order does not rest on the ids.
    const moments = await db.execute(sql`select count(distinct created_at)::int as n, count(*)::int as rows from leads where kind = 'truck'`);
    const { n, rows } = (moments as unknown as { rows: { n: number; rows: number }[] }).rows[0]!;
    expect(n).toBe(rows);
  });
});
