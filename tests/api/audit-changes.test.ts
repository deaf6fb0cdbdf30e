import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

const PASSWORD = 'a long test password';
let t: TestApp;
let admin: Agent;
let adminId: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  adminId = await createUser(t, { email: 'niamh@shannon-insurance.ie', password: PASSWORD, isAdmin: true, firstName: 'Niamh', lastName: 'Admin' });
  admin = agent(t);
  expect((await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: PASSWORD })).status).toBe(200);
});
afterAll(() => t.test.drop());

const json = async (res: Response | Promise<Response>) => (await res).json();

/** The entries about `target` with `action`, oldest first. */
const entriesOf = (action: string, target: string) =>
  t.test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

async function lastEntry(action: string, target: string) {
  const entry = (await entriesOf(action, target)).at(-1);
  expect(entry, `${action} on ${target}`).toBeDefined();
  return entry!;
}

describe('an edit’s audit entry', () => {
  it('lists exactly the fields of a staff account that changed, from and to; a password only as changed', async () => {
    const id = await createUser(t, { email: 'orla@shannon-insurance.ie', password: PASSWORD, firstName: 'Orla', lastName: 'Quinn' });
    const res = await admin.call('PUT', `/api/v1/users/update/${id}`, {
      first_name: 'Orlaith',
      last_name: 'Quinn',
      email: 'orla@shannon-insurance.ie',
      isAdmin: true,
      password: 'another long password',
    });
    expect(res.status).toBe(200);
    const entry = await lastEntry('user updated', `user:${id}`);
    expect(entry.details!.changes).toEqual([
      { field: 'firstName', from: 'Orla', to: 'Orlaith' },
      { field: 'role', from: 'broker', to: 'admin' },
      { field: 'password', withheld: true },
    ]);
    // No hash, and nothing of the new password.
    expect(JSON.stringify(entry.details)).not.toMatch(/argon|scrypt|\$2[aby]\$|another long password/);
    // Saved again unchanged: the entry says nothing changed.
    await admin.call('PUT', `/api/v1/users/update/${id}`, { first_name: 'Orlaith', last_name: 'Quinn', email: 'orla@shannon-insurance.ie', isAdmin: true });
    expect((await lastEntry('user updated', `user:${id}`)).details).not.toHaveProperty('changes');
    // A suspension says the account is no longer active.
    expect((await admin.call('POST', `/api/v1/users/suspend/${id}`, {})).status).toBe(200);
    expect((await lastEntry('user suspended', `user:${id}`)).details).toEqual({ changes: [{ field: 'active', from: true, to: false }] });
  });

  it('keeps a post’s title, tags and status with their values, its body by length only', async () => {
    const { post } = await json(admin.call('POST', '/api/v1/posts/create', { title: 'Van tips', body: 'Secret draft words.', tags: ['vans'] }));
    const res = await admin.call('PUT', `/api/v1/posts/update/${post._id}`, {
      title: 'Van tips for 2027',
      body: 'Longer secret draft words.',
      tags: ['vans', 'fleet'],
      status: 'published',
    });
    expect(res.status).toBe(200);
    const { changes } = (await lastEntry('post updated', `post:${post._id}`)).details as { changes: { field: string }[] };
    expect(changes.map((change) => change.field)).toEqual(['title', 'status', 'tags', 'publishedAt', 'body']);
    expect(changes).toContainEqual({ field: 'title', from: 'Van tips', to: 'Van tips for 2027' });
    expect(changes).toContainEqual({ field: 'tags', from: ['vans'], to: ['vans', 'fleet'] });
    expect(changes).toContainEqual({ field: 'body', withheld: true, fromLength: 19, toLength: 26 });
    expect(JSON.stringify(changes)).not.toContain('secret draft');
  });

  it('folds a draft’s quick saves into one entry that says what the run changed', async () => {
    const { post } = await json(admin.call('POST', '/api/v1/posts/create', { title: 'Draft one', body: 'A.' }));
    const edit = (title: string) => admin.call('PUT', `/api/v1/posts/update/${post._id}`, { title, body: 'A.' });
    for (const title of ['Draft two', 'Draft three', 'Draft four']) expect((await edit(title)).status).toBe(200);
    const entries = await entriesOf('post updated', `post:${post._id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({ changes: [{ field: 'title', from: 'Draft one', to: 'Draft four' }] });
  });

  it('names a content element’s page and section, with its value before and after, cut short when long', async () => {
    const home = await json(admin.call('POST', '/api/v1/cms/section/', { name: 'Home', parent: null, level: 0, namePath: 'Home' }));
    const hero = await json(admin.call('POST', '/api/v1/cms/section/', { name: 'Hero', parent: home.section.id, level: 1, namePath: 'Home/Hero' }));
    const created = await json(
      admin.call('POST', '/api/v1/cms/element/create', { sectionId: hero.section.id, name: 'Heading', fieldType: 'text', value: 'Van insurance' }),
    );
    const id = created.element.id as string;
    const long = `Cover ${'x'.repeat(300)}`;
    expect((await admin.call('PUT', `/api/v1/cms/element/update/${id}`, { value: long })).status).toBe(200);
    const entry = await lastEntry('content element updated', `content-element:${id}`);
    expect(entry.details).toMatchObject({ place: 'Home / Hero / Heading' });
    const [change] = (entry.details as { changes: { field: string; from: string; to: string }[] }).changes;
    expect(change).toMatchObject({ field: 'value', from: 'Van insurance' });
    expect(change!.to).toHaveLength(200);
    expect(change!.to.endsWith('…')).toBe(true);
    // The screen's line names the page.
    const listed = await json(admin.call('GET', '/api/v1/audit?action=content%20element%20updated'));
    expect(listed.entries[0].record).toMatchObject({ name: 'Home / Hero / Heading' });
  });

  it('keeps a redirect’s addresses and a webhook’s address and events, never the signing secret', async () => {
    const { redirect } = await json(admin.call('POST', '/api/v1/redirects/create', { from: '/old-vans', to: '/van-insurance', status: 301 }));
    expect((await admin.call('PUT', `/api/v1/redirects/update/${redirect._id}`, { from: '/old-vans', to: '/vans', status: 302 })).status).toBe(200);
    expect((await lastEntry('redirect updated', `redirect:${redirect._id}`)).details!.changes).toEqual([
      { field: 'newAddress', from: '/van-insurance', to: '/vans' },
      { field: 'kind', from: 301, to: 302 },
    ]);
    const created = await json(
      admin.call('POST', '/api/v1/webhooks/create', { url: 'https://crm.example.ie/hooks', description: 'CRM', events: ['callback.received'] }),
    );
    const id = created.endpoint.id as string;
    const change = { url: 'https://crm.example.ie/v2/hooks', events: ['callback.received', 'quote.received'], enabled: false };
    expect((await admin.call('PUT', `/api/v1/webhooks/update/${id}`, change)).status).toBe(200);
    const entry = await lastEntry('webhook endpoint changed', `webhook:${id}`);
    expect(entry.details!.changes).toEqual([
      { field: 'url', from: 'https://crm.example.ie/hooks', to: 'https://crm.example.ie/v2/hooks' },
      { field: 'events', from: ['callback.received'], to: ['callback.received', 'quote.received'] },
      { field: 'enabled', from: true, to: false },
    ]);
    const rotated = await json(admin.call('POST', `/api/v1/webhooks/rotate-secret/${id}`, {}));
    const all = JSON.stringify(await t.test.database.db.select().from(auditLog));
    for (const secret of [created.secret, rotated.secret].filter(Boolean)) expect(all).not.toContain(secret);
  });

  it('keeps a request’s move, owner and outcome as before and after', async () => {
    const [lead] = await t.test.database.db
      .insert(leads)
      .values({ kind: 'van', reference: 'VQ-2026-000009', name: 'Aoife Byrne', email: 'aoife@example.ie', phone: '0871234567', answers: {} })
      .returning();
    const target = `lead:${lead!.id}`;
    expect((await admin.call('PUT', `/api/v1/quotes/update/${lead!.id}`, { status: 'quoted', ownerId: adminId })).status).toBe(200);
    expect((await lastEntry('lead moved to quoted', target)).details).toEqual({ changes: [{ field: 'status', from: 'new', to: 'quoted' }] });
    expect((await lastEntry('lead assigned', target)).details).toEqual({ changes: [{ field: 'owner', from: null, to: adminId }] });
    expect((await admin.call('PUT', `/api/v1/quotes/outcome/${lead!.id}`, { outcome: 'quoted', premium: '980', insurer: 'Aviva' })).status).toBe(200);
    expect((await lastEntry('lead outcome recorded', target)).details!.changes).toEqual([
      { field: 'premium', from: null, to: '980.00' },
      { field: 'insurer', from: '', to: 'Aviva' },
    ]);
  });
});

describe('erasing a person', () => {
  it('blanks the values their records’ entries kept, and their staff account’s name and address', async () => {
    const { db } = t.test.database;
    const id = await createUser(t, { email: 'ciara@shannon-insurance.ie', password: PASSWORD, firstName: 'Ciara', lastName: 'Walsh' });
    await admin.call('PUT', `/api/v1/users/update/${id}`, { first_name: 'Ciarán', last_name: 'Walshe', email: 'ciara@shannon-insurance.ie', role: 'editor' });
    const [lead] = await db
      .insert(leads)
      .values({ kind: 'van', reference: 'VQ-2026-000010', name: 'Ciara Walsh', email: 'ciara@shannon-insurance.ie', phone: '0871234567', answers: {} })
      .returning();
    await admin.call('PUT', `/api/v1/quotes/update/${lead!.id}`, { status: 'quoted' });
    await admin.call('PUT', `/api/v1/quotes/outcome/${lead!.id}`, { outcome: 'quoted', premium: '1234.56', insurer: 'Zurich' });
    const before = JSON.stringify(await db.select().from(auditLog));
    expect(before).toMatch(/Ciarán|Walshe|1234\.56/);

    expect((await admin.call('POST', '/api/v1/privacy/erase', { email: 'ciara@shannon-insurance.ie' })).status).toBe(200);
    const after = JSON.stringify(await db.select().from(auditLog));
    expect(after).not.toMatch(/Ciar|Walsh|1234\.56|Zurich/);
    // The fields stay, marked erased; the role change, which names nobody, stays whole.
    expect((await lastEntry('user updated', `user:${id}`)).details!.changes).toEqual([
      { field: 'firstName', erased: true },
      { field: 'lastName', erased: true },
      { field: 'role', from: 'broker', to: 'editor' },
    ]);
    expect((await lastEntry('lead outcome recorded', `lead:${lead!.id}`)).details!.changes).toContainEqual({ field: 'premium', erased: true });
  });

  it('blanks a deleted staff account’s name and address too, and an address it had before wherever it appears', async () => {
    const { db } = t.test.database;
    const id = await createUser(t, { email: 'padraig@shannon-insurance.ie', password: PASSWORD, firstName: 'Pádraig', lastName: 'Ó Sé' });
    await admin.call('PUT', `/api/v1/users/update/${id}`, { first_name: 'Pádraig', last_name: 'Ó Séaghdha', email: 'padraig@shannon-insurance.ie' });
    expect((await admin.call('DELETE', `/api/v1/users/delete/${id}`)).status).toBe(200);
    expect((await lastEntry('user updated', `user:${id}`)).details!.changes).toEqual([{ field: 'lastName', erased: true }]);
    // An address kept as a change of some other record's (an address since moved on) goes with its erasure.
    await db.insert(auditLog).values({
      actorId: adminId,
      action: 'email changed',
      target: `user:${adminId}`,
      details: { changes: [{ field: 'email', from: 'Old.Address@example.ie', to: 'niamh@shannon-insurance.ie' }] },
    });
    expect((await admin.call('POST', '/api/v1/privacy/erase', { email: 'old.address@example.ie' })).status).toBe(200);
    expect((await lastEntry('email changed', `user:${adminId}`)).details).toEqual({ changes: [{ field: 'email', erased: true }] });
  });
});
