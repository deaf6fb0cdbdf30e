import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, users } from '#src/server/db/schema.ts';
import { BULK_MAX } from '#src/schemas/pipeline.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

/** Callbacks in the pipeline: status, notes with history, owner, filters, CSV and bulk actions. */
let t: TestApp;
let staff: Agent;
let staffId: string;
let colleagueId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';
const ids: string[] = [];

const contactRow = (i: number, extra: Partial<typeof contacts.$inferInsert> = {}) => ({
  name: `Caller ${i}`,
  email: `caller${i}@example.ie`,
  phone: `08712345${String(i).padStart(2, '0')}`,
  subject: 'Van insurance for convicted drivers',
  message: `Message ${i}`,
  createdAt: new Date(Date.UTC(2026, 10, 1 + i, 9)),
  ...extra,
});
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staffId = await createUser(t, { email: 'orla@shannon-insurance.ie', password: 'a long test password', firstName: 'Orla', lastName: 'Quinn' });
  colleagueId = await createUser(t, { email: 'sean@shannon-insurance.ie', password: 'a long test password', firstName: 'Seán', lastName: 'Walsh' });
  staff = agent(t);
  expect((await staff.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  const rows = await t.test.database.db
    .insert(contacts)
    .values([...Array.from({ length: 8 }, (_, i) => contactRow(i)), contactRow(8, { name: '=HYPERLINK("http://evil.example")', message: '@SUM(1+1)\n-2+3' })])
    .returning({ id: contacts.id });
  ids.push(...rows.map((row) => row.id));
});
afterAll(() => t.test.drop());

const auditOf = (target: string) =>
  t.test.database.db.select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.target, target));

describe('signed out', () => {
  it('is refused every pipeline endpoint with 401, whatever the input', async () => {
    const anon = agent(t);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/v1/contacts?status=bogus'],
      ['GET', '/api/v1/contacts/owners'],
      ['GET', '/api/v1/contacts/export'],
      ['PUT', `/api/v1/contacts/update/${MISSING}`, { status: 'bogus' }],
      ['POST', '/api/v1/contacts/bulk', { action: 'delete', ids: [ids[0]] }],
      ['POST', '/api/v1/contacts/bulk/export', { ids: [ids[0]] }],
    ];
    for (const [method, path, body] of calls) expect((await anon.call(method, path, body)).status, `${method} ${path}`).toBe(401);
    expect(await t.test.database.db.select().from(contacts).where(eq(contacts.id, ids[0]!))).toHaveLength(1);
  });
});

describe('one callback', () => {
  it('is marked contacted with a note, and its history says who and when', async () => {
    const id = ids[3]!;
    const res = await json(await staff.call('PUT', `/api/v1/contacts/update/${id}`, { status: 'contacted', note: '  Rang back, sending a quote.  ' }));
    expect(res).toMatchObject({ status: 200, body: { ok: true, message: 'Callback updated.', contact: { _id: id, status: 'contacted', owner: null } } });
    expect((await staff.call('PUT', `/api/v1/contacts/update/${id}`, { note: 'Left a voicemail.' })).status).toBe(200);
    const { contact } = (await json(await staff.call('GET', `/api/v1/contacts/get/${id}`))).body;
    expect(contact.events.map((event: Record<string, unknown>) => [event.fromStatus, event.toStatus, event.by, event.note])).toEqual([
      [null, null, 'Orla Quinn', 'Left a voicemail.'],
      ['new', 'contacted', 'Orla Quinn', 'Rang back, sending a quote.'],
    ]);
    expect(Date.parse(contact.events[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(contact.events[1].createdAt));
    const actions = (await auditOf(`contact:${id}`)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['contact moved to contacted', 'contact note added', 'contact viewed']));
    expect((await auditOf(`contact:${id}`)).every((entry) => entry.actorId === staffId)).toBe(true);
  });

  it('is assigned to any member of staff, and set free again', async () => {
    const id = ids[4]!;
    const { owners } = (await json(await staff.call('GET', '/api/v1/contacts/owners'))).body;
    expect(owners).toEqual([
      { _id: staffId, name: 'Orla Quinn' },
      { _id: colleagueId, name: 'Seán Walsh' },
    ]);
    const assigned = await json(await staff.call('PUT', `/api/v1/contacts/update/${id}`, { ownerId: colleagueId }));
    expect(assigned.body.contact.owner).toEqual({ _id: colleagueId, name: 'Seán Walsh' });
    expect((await auditOf(`contact:${id}`)).map((entry) => entry.action)).toContain('contact assigned');
    const mine = (await json(await staff.call('GET', `/api/v1/contacts?owner=${colleagueId}`))).body;
    expect(mine.contacts.map((contact: { _id: string }) => contact._id)).toEqual([id]);
    expect((await json(await staff.call('PUT', `/api/v1/contacts/update/${id}`, { ownerId: null }))).body.contact.owner).toBeNull();
    expect((await json(await staff.call('GET', '/api/v1/contacts?owner=none'))).body.total_items).toBe(ids.length);
  });

  it('refuses bad input with 400 and the field, and an unknown callback with 404', async () => {
    const id = ids[5]!;
    const cases: [unknown, string][] = [
      [{}, 'note'],
      [{ status: 'won' }, 'status'],
      [{ note: 'x'.repeat(2001) }, 'note'],
      [{ ownerId: 'somebody' }, 'ownerId'],
      [{ ownerId: MISSING }, 'ownerId'],
    ];
    for (const [body, field] of cases) {
      const res = await json(await staff.call('PUT', `/api/v1/contacts/update/${id}`, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect((await staff.call('PUT', `/api/v1/contacts/update/${MISSING}`, { status: 'closed' })).status).toBe(404);
    expect((await staff.call('PUT', '/api/v1/contacts/update/not-an-id', { status: 'closed' })).status).toBe(404);
    expect((await staff.call('GET', `/api/v1/contacts/get/${MISSING}`)).status).toBe(404);
    const [row] = await t.test.database.db.select().from(contacts).where(eq(contacts.id, id));
    expect(row).toMatchObject({ status: 'new', ownerId: null });
  });
});

describe('the list', () => {
  it('filters by status, owner and received dates, and searches name, email, phone, subject and message', async () => {
    const list = async (query: string) => (await json(await staff.call('GET', `/api/v1/contacts?${query}`))).body;
    expect((await list('status=contacted')).contacts.map((contact: { name: string }) => contact.name)).toEqual(['Caller 3']);
    expect((await list('status=new&page_size=100')).total_items).toBe(ids.length - 1);
    expect((await list('status=&owner=&q=')).total_items).toBe(ids.length);
    expect((await list('from=2026-11-03&to=2026-11-04')).contacts.map((contact: { name: string }) => contact.name)).toEqual(['Caller 3', 'Caller 2']);
    // The dates are Dublin days, as the dashboard counts them: 23:30 UTC on 1 July is 00:30 on 2 July there (summer time).
    const [first] = await t.test.database.db.select({ createdAt: contacts.createdAt }).from(contacts).where(eq(contacts.id, ids[0]!));
    await t.test.database.db
      .update(contacts)
      .set({ createdAt: new Date('2026-07-01T23:30:00Z') })
      .where(eq(contacts.id, ids[0]!));
    expect((await list('from=2026-07-02&to=2026-07-02')).contacts.map((contact: { _id: string }) => contact._id)).toEqual([ids[0]]);
    expect((await list('from=2026-07-01&to=2026-07-01')).total_items).toBe(0);
    await t.test.database.db.update(contacts).set({ createdAt: first!.createdAt }).where(eq(contacts.id, ids[0]!));
    expect((await list('q=caller6%40example')).contacts[0].name).toBe('Caller 6');
    expect((await list('q=0871234507')).contacts[0].name).toBe('Caller 7');
    // Words with a space between cannot be in an address or a phone number, only in the others.
    expect((await list('q=caller%207')).contacts.map((contact: { name: string }) => contact.name)).toEqual(['Caller 7']);
    expect((await list('q=MESSAGE%201')).contacts[0].name).toBe('Caller 1');
    expect((await list('q=100%25')).total_items).toBe(0);
    for (const query of ['status=won', 'owner=somebody', 'from=yesterday', 'to=2026-02-30', `q=${'x'.repeat(101)}`, 'page=-1']) {
      expect((await staff.call('GET', `/api/v1/contacts?${query}`)).status, query).toBe(400);
    }
  });

  it('exports the filtered callbacks as CSV, formulas disarmed, and records the export', async () => {
    const res = await staff.call('GET', '/api/v1/contacts/export?q=HYPERLINK');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="callbacks-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const [header, line] = text.split('\r\n');
    expect(header).toBe('Name,Email,Phone,Subject,Message,Created On,Status,Owner');
    expect(line).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",/);
    expect(text).toContain(`"'@SUM(1+1)\n-2+3"`);
    const [entry] = await t.test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contacts exported'), eq(auditLog.actorId, staffId)));
    expect(entry?.details).toMatchObject({ rows: 1, filter: { q: 'HYPERLINK' } });
    expect((await staff.call('GET', '/api/v1/contacts/export?status=done')).status).toBe(400);
  });
});

describe('bulk actions', () => {
  it('change the status of the chosen callbacks together, with history and one audit entry each', async () => {
    const chosen = [ids[0]!, ids[1]!, ids[3]!];
    const res = await json(await staff.call('POST', '/api/v1/contacts/bulk', { action: 'status', ids: chosen, status: 'contacted' }));
    // Caller 3 was contacted already: two changed.
    expect(res).toMatchObject({ status: 200, body: { ok: true, changed: 2, message: '2 callbacks updated.' } });
    for (const id of [ids[0]!, ids[1]!]) {
      expect((await auditOf(`contact:${id}`)).map((entry) => entry.action)).toEqual(['contact moved to contacted']);
      const { contact } = (await json(await staff.call('GET', `/api/v1/contacts/get/${id}`))).body;
      expect(contact.events[0]).toMatchObject({ fromStatus: 'new', toStatus: 'contacted', by: 'Orla Quinn' });
    }
  });

  it('assign the chosen callbacks to a member of staff', async () => {
    const res = await json(await staff.call('POST', '/api/v1/contacts/bulk', { action: 'owner', ids: [ids[0], ids[1]], ownerId: colleagueId }));
    expect(res.body).toMatchObject({ ok: true, changed: 2 });
    const rows = await t.test.database.db.select().from(contacts).where(eq(contacts.ownerId, colleagueId));
    expect(rows.map((row) => row.id).sort()).toEqual([ids[0], ids[1]].sort());
    // An owner who is not a member of staff changes nothing.
    expect((await staff.call('POST', '/api/v1/contacts/bulk', { action: 'owner', ids: [ids[2]], ownerId: MISSING })).status).toBe(400);
  });

  it('export the chosen callbacks as CSV (audited)', async () => {
    const res = await staff.call('POST', '/api/v1/contacts/bulk/export', { ids: [ids[0], ids[1]] });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Caller 1,.*,contacted,Seán Walsh$/);
    expect((await staff.call('POST', '/api/v1/contacts/bulk/export', { ids: [ids[0], MISSING] })).status).toBe(404);
  });

  it('refuse bad input with 400 and change nothing when one callback is gone (404)', async () => {
    const bad: unknown[] = [
      {},
      { action: 'archive', ids: [ids[2]] },
      { action: 'status', ids: [], status: 'closed' },
      { action: 'status', ids: [ids[2]], status: 'won' },
      { action: 'status', ids: ['not-an-id'], status: 'closed' },
      { action: 'delete', ids: Array.from({ length: BULK_MAX + 1 }, () => crypto.randomUUID()) },
      { action: 'delete', ids: ids[2] },
    ];
    for (const body of bad) expect((await staff.call('POST', '/api/v1/contacts/bulk', body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    const gone = await json(await staff.call('POST', '/api/v1/contacts/bulk', { action: 'status', ids: [ids[2], MISSING], status: 'closed' }));
    expect(gone.status).toBe(404);
    const [row] = await t.test.database.db.select().from(contacts).where(eq(contacts.id, ids[2]!));
    expect(row!.status).toBe('new');
  });

  it('delete the chosen callbacks, all or none, each audited', async () => {
    const res = await json(await staff.call('POST', '/api/v1/contacts/bulk', { action: 'delete', ids: [ids[6], ids[7]] }));
    expect(res.body).toMatchObject({ ok: true, changed: 2, message: '2 callbacks deleted.' });
    expect((await auditOf(`contact:${ids[6]}`)).map((entry) => entry.action)).toEqual(['contact deleted']);
    expect(await t.test.database.db.select().from(contacts).where(eq(contacts.id, ids[7]!))).toHaveLength(0);
  });
});

describe('at the same moment', () => {
  it('two people changing one callback each record the status they really moved it from', async () => {
    const id = ids[5]!;
    const [a, b] = await Promise.all([
      staff.call('PUT', `/api/v1/contacts/update/${id}`, { status: 'contacted', note: 'First' }),
      staff.call('PUT', `/api/v1/contacts/update/${id}`, { status: 'closed', note: 'Second' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { contact } = (await json(await staff.call('GET', `/api/v1/contacts/get/${id}`))).body;
    const [latest, earlier] = contact.events as { fromStatus: string; toStatus: string }[];
    // A chain: the later change started from the status the earlier one left.
    expect(earlier!.fromStatus).toBe('new');
    expect(latest!.fromStatus).toBe(earlier!.toStatus);
    expect(contact.status).toBe(latest!.toStatus);
  });

  it('overlapping bulk actions both finish (locked in one order), and a deleted owner sets the callbacks free', async () => {
    const chosen = [ids[0]!, ids[1]!, ids[2]!, ids[3]!];
    const results = await Promise.all([
      staff.call('POST', '/api/v1/contacts/bulk', { action: 'status', ids: chosen, status: 'closed' }),
      staff.call('POST', '/api/v1/contacts/bulk', { action: 'owner', ids: [...chosen].reverse(), ownerId: colleagueId }),
      staff.call('PUT', `/api/v1/contacts/update/${ids[2]}`, { note: 'While the others ran' }),
    ]);
    expect(results.map((res) => res.status)).toEqual([200, 200, 200]);
    const rows = await t.test.database.db.select().from(contacts).where(like(contacts.name, 'Caller %'));
    const chosenRows = rows.filter((row) => chosen.includes(row.id));
    expect(chosenRows.every((row) => row.status === 'closed' && row.ownerId === colleagueId)).toBe(true);
    await t.test.database.db.delete(users).where(eq(users.id, colleagueId));
    const [freed] = await t.test.database.db.select().from(contacts).where(eq(contacts.id, ids[0]!));
    expect(freed!.ownerId).toBeNull();
  });
});
