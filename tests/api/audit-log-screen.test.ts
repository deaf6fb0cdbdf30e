import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

let t: TestApp;
let admin: Agent;
let standard: Agent;
let adminId: string;
let leadId: string;

beforeAll(async () => {
  // One proxy in front (as behind nginx): the address recorded is the one it forwarded.
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', TRUST_PROXY: '1' } });
  adminId = await createUser(t, {
    email: 'niamh@shannon-insurance.ie',
    password: 'a long test password',
    isAdmin: true,
    firstName: 'Niamh',
    lastName: 'Admin',
  });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' });
  standard = await signedInAs(t);
  const db = t.test.database.db;
  const [lead] = await db
    .insert(leads)
    .values({ kind: 'van', reference: 'VQ-2026-000001', name: 'Aoife Byrne', email: 'aoife@example.ie', phone: '0871234567', answers: {} })
    .returning();
  leadId = lead!.id;
  await db.insert(auditLog).values([
    { actorId: adminId, action: 'user created', target: 'user:00000000-0000-4000-8000-000000000001', createdAt: new Date('2026-03-01T10:00:00Z') },
    { actorId: adminId, action: 'post deleted', target: 'post:00000000-0000-4000-8000-000000000002', createdAt: new Date('2026-07-01T23:30:00Z') },
    { actorId: null, action: 'contact deleted', target: 'contact:00000000-0000-4000-8000-000000000003', createdAt: new Date('2026-07-02T09:00:00Z') },
  ]);
});
afterAll(() => t.test.drop());

describe('the audit log', () => {
  it('refuses a signed-out visitor (401) and a Standard user (403), list and export alike', async () => {
    expect((await agent(t).call('GET', '/api/v1/audit')).status).toBe(401);
    expect((await agent(t).call('GET', '/api/v1/audit/export')).status).toBe(401);
    const refused = await standard.call('GET', '/api/v1/audit');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, message: 'Only an administrator can do that.' });
    expect((await standard.call('GET', '/api/v1/audit/export')).status).toBe(403);
  });

  it('answers bad filters with 400 and the field', async () => {
    for (const [query, field] of [
      ['kind=banana', 'kind'],
      ['activity=everything', 'activity'],
      ['actor=not-a-uuid', 'actor'],
      ['from=2026-02-30', 'from'],
      ['address=1.2.3.4%3Bdrop', 'address'],
      [`address=${'1'.repeat(65)}`, 'address'],
    ] as const) {
      const res = await admin.call('GET', `/api/v1/audit?${query}`);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual([expect.objectContaining({ field })]);
    }
    expect((await admin.call('GET', '/api/v1/audit/export?kind=banana')).status).toBe(400);
  });

  it('lists newest first, filtered by person, kind of record, action and Dublin dates', async () => {
    const all = await (await admin.call('GET', '/api/v1/audit?page_size=100')).json();
    expect(all.entries.map((entry: { action: string }) => entry.action).slice(-3)).toEqual(['contact deleted', 'post deleted', 'user created']);
    expect(all.people).toEqual([{ _id: adminId, name: 'Niamh Admin' }]);
    const byKind = await (await admin.call('GET', '/api/v1/audit?kind=post')).json();
    expect(byKind.entries).toHaveLength(1);
    expect(byKind.entries[0]).toMatchObject({ action: 'post deleted', actor: { name: 'Niamh Admin', email: 'niamh@shannon-insurance.ie' } });
    const byAction = await (await admin.call('GET', '/api/v1/audit?action=CREATED')).json();
    expect(byAction.entries.map((entry: { action: string }) => entry.action)).toEqual(['user created']);
    const byPerson = await (await admin.call('GET', `/api/v1/audit?actor=${adminId}&to=2026-12-31`)).json();
    expect(byPerson.total_items).toBe(2);
    // 23:30 UTC on 1 July is 00:30 on 2 July in Dublin (summer time).
    const onDay = await (await admin.call('GET', '/api/v1/audit?from=2026-07-02&to=2026-07-02')).json();
    expect(onDay.entries.map((entry: { action: string }) => entry.action).sort()).toEqual(['contact deleted', 'post deleted']);
  });

  it('exports CSV with Dublin times and records the export, and viewing or exporting leads is recorded', async () => {
    const csv = await admin.call('GET', '/api/v1/audit/export?kind=post');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Person,Email,Address,Action,Record,Details');
    expect(lines[1]).toMatch(/^2026-07-02T00:30:00\+01:00,Niamh Admin,niamh@shannon-insurance.ie,,post deleted,post:/);

    expect((await standard.call('GET', `/api/v1/quotes/get/${leadId}`)).status).toBe(200);
    expect((await standard.call('GET', '/api/v1/quotes/export?status=new')).status).toBe(200);
    const recorded = await (await admin.call('GET', '/api/v1/audit?page_size=100')).json();
    const actions = recorded.entries.map((entry: { action: string; target: string | null }) => `${entry.action} ${entry.target ?? ''}`.trim());
    expect(actions).toContain('audit log exported');
    expect(actions).toContain(`lead viewed lead:${leadId} VQ-2026-000001`);
    expect(actions).toContain('leads exported');

    // A privacy look-up reads a person's data and changes nothing: it is a view, whatever its name.
    expect((await admin.call('POST', '/api/v1/privacy/find', { email: 'nobody-held@example.ie' })).status).toBe(200);

    // Changes leave out the views and exports that would bury them; each has its own choice.
    const of = async (activity: string) =>
      ((await (await admin.call('GET', `/api/v1/audit?page_size=100&activity=${activity}`)).json()).entries as { action: string }[]).map(
        (entry) => entry.action,
      );
    const changes = await of('changes');
    expect(changes).toEqual(expect.arrayContaining(['user created', 'post deleted', 'contact deleted']));
    expect(changes.filter((action) => / (viewed|exported|looked up)$/.test(action))).toEqual([]);
    expect(await of('views')).toEqual(['personal data looked up', 'lead viewed']);
    expect((await of('exports')).sort()).toEqual(['audit log exported', 'leads exported']);
    // 'all' is the whole log, as no choice is: the screen opens on the changes, so its address needs a word for everything.
    expect((await of('all')).sort()).toEqual(
      ((await (await admin.call('GET', '/api/v1/audit?page_size=100')).json()).entries as { action: string }[]).map((entry) => entry.action).sort(),
    );
  });

  it('records the client address with every entry, as the rate limits see it, and filters and exports by it', async () => {
    // A client behind our proxy claiming another address: only the entry our proxy wrote counts.
    const spoofing = agent(t, '192.0.2.66, 203.0.113.9');
    expect((await spoofing.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
    expect((await spoofing.call('GET', '/api/v1/audit/export?kind=user')).status).toBe(200);
    const byAddress = await (await admin.call('GET', '/api/v1/audit?address=203.0.113.9')).json();
    expect(byAddress.entries.map((entry: { action: string; address: string }) => [entry.action, entry.address])).toEqual([
      ['audit log exported', '203.0.113.9'],
    ]);
    expect((await (await admin.call('GET', '/api/v1/audit?address=192.0.2.66')).json()).total_items).toBe(0);
    // The other agent's entries came from its own address; entries written before addresses were kept have none.
    const all = await (await admin.call('GET', '/api/v1/audit?page_size=100')).json();
    const leadViewed = all.entries.find((entry: { action: string }) => entry.action === 'lead viewed');
    expect(leadViewed.address).toBe('198.51.100.7');
    // The request still exists: named and linkable, though its entry carries its reference after the id.
    expect(leadViewed.record).toMatchObject({ name: expect.stringMatching(/^VQ-2026-000001 · /), leadKind: 'van' });
    expect(all.entries.find((entry: { action: string }) => entry.action === 'user created').address).toBeNull();
    // A redirect is named by its two addresses, as the Redirects screen shows it.
    expect((await admin.call('POST', '/api/v1/redirects/create', { from: '/old-vans', to: '/van-insurance', status: 301 })).status).toBe(201);
    const recent = await (await admin.call('GET', '/api/v1/audit?kind=redirect')).json();
    expect(recent.entries[0].record).toMatchObject({ name: '/old-vans → /van-insurance' });
    const csv = (await (await admin.call('GET', '/api/v1/audit/export?address=203.0.113.9')).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\+0[01]:00,Niamh Admin,niamh@shannon-insurance.ie,203\.0\.113\.9,audit log exported,,/);
  });
});
