import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '#src/server/content/seed.ts';
import { contacts, leads, posts, privacyRequests } from '#src/server/db/schema.ts';
import { SEARCH_PER_KIND, SEARCH_TOO_SHORT, type NavigationCounts, type SearchView } from '#src/schemas/search.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

let t: TestApp;
let admin: Agent;
let broker: Agent;
let editor: Agent;

const DAY = 24 * 60 * 60 * 1000;
const dublinDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(at);

const lead = (kind: 'van' | 'renewal', n: number, fields: { name: string; status?: 'new' | 'contacted'; email?: string; createdAt?: Date }) => ({
  kind,
  reference: `${kind === 'van' ? 'VQ' : 'RN'}-2026-${String(n).padStart(6, '0')}`,
  status: fields.status ?? 'new',
  name: fields.name,
  email: fields.email ?? `person${n}@example.ie`,
  phone: '0871234567',
  registration: kind === 'van' ? '191-D-4521' : '',
  answers: {},
  ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
});

// Three sign-ins (password hashing) and the content seed: slow on a busy machine.
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  admin = await signedInAs(t, 'admin@shannon-insurance.ie', 'admin');
  broker = await signedInAs(t, 'broker@shannon-insurance.ie', 'broker');
  editor = await signedInAs(t, 'editor@shannon-insurance.ie', 'editor');
  await createUser(t, { email: 'siobhan.quinlan@shannon-insurance.ie', password: 'a long test password', firstName: 'Siobhan', lastName: 'Quinlan' });
  const db = t.test.database.db;
  await seedContent(db);
  await db.insert(contacts).values([
    { name: 'Siobhan Quinlan', email: 'sq@example.ie', phone: '0861112233', subject: 'Van cover', message: 'Please call' },
    { name: 'Aoife Brennan', email: 'aoife@example.ie', phone: '0871239999', subject: 'Fleet', message: 'After six', status: 'contacted' },
  ]);
  // Seven newer quotes name VQ-2026-000001 (the list's search finds a reference's text in names too); the request with that reference is the oldest.
  await db
    .insert(leads)
    .values([
      lead('van', 1, { name: 'Oldest Quinlan', createdAt: new Date(Date.now() - 30 * DAY), status: 'contacted' }),
      ...Array.from({ length: 7 }, (_, i) => lead('van', 10 + i * 10, { name: `Quinlan ${i} (re VQ-2026-000001)`, email: `q${i}@example.ie` })),
      lead('renewal', 2, { name: 'Renewing Quinlan', email: 'renewer@example.ie' }),
    ]);
  await db.insert(posts).values({ title: 'Quinlan’s guide to van cover', slug: 'van-cover-guide', body: 'Text', bodyHtml: '<p>Text</p>' });
  const today = dublinDate(new Date());
  await db.insert(privacyRequests).values([
    { reference: 'PR-2026-000001', kind: 'access', name: 'Due Person', email: 'due@example.ie', receivedOn: today, dueOn: today },
    { reference: 'PR-2026-000002', kind: 'access', name: 'Later Person', email: 'later@example.ie', receivedOn: today, dueOn: '2099-01-01' },
  ]);
}, 120_000);
afterAll(() => t.test.drop());

const search = async (who: Agent, q: string) => {
  const res = await who.call('GET', `/api/v1/search?q=${encodeURIComponent(q)}`);
  return { status: res.status, body: (await res.json()) as { search: SearchView; message: string; errors?: { field: string; message: string }[] } };
};
const kindsOf = (view: SearchView) => view.groups.map((group) => group.kind);

describe('GET /api/v1/search', () => {
  it('finds every kind an Administrator may use', async () => {
    const { status, body } = await search(admin, 'quinlan');
    expect(status).toBe(200);
    expect(kindsOf(body.search)).toEqual(['callback', 'quote', 'renewal', 'post', 'user']);
    const [callbacks] = body.search.groups;
    expect(callbacks!.results).toEqual([
      { kind: 'callback', id: expect.any(String), title: 'Siobhan Quinlan', detail: 'sq@example.ie · 0861112233', status: 'new' },
    ]);
    expect(body.search.groups.find((group) => group.kind === 'user')!.results[0]).toMatchObject({ title: 'Siobhan Quinlan' });
  });

  it('gives a few of each kind, and says when the list holds more', async () => {
    const { body } = await search(admin, 'quinlan');
    const quotes = body.search.groups.find((group) => group.kind === 'quote')!;
    expect(quotes.results).toHaveLength(SEARCH_PER_KIND);
    expect(quotes.more).toBe(true);
    expect(body.search.groups.find((group) => group.kind === 'renewal')).toMatchObject({ more: false, results: [{ title: 'Renewing Quinlan' }] });
  });

  it('puts a reference given whole first, though newer requests hold it too', async () => {
    const { body } = await search(broker, 'vq-2026-000001');
    const quotes = body.search.groups.find((group) => group.kind === 'quote')!;
    expect(quotes.results[0]).toMatchObject({ title: 'Oldest Quinlan', detail: 'VQ-2026-000001 · Van · 191-D-4521 · person1@example.ie', status: 'contacted' });
  });

  it('finds a request by its whole email address, and by its registration without dashes', async () => {
    expect((await search(broker, 'RENEWER@example.ie')).body.search.groups.map((group) => group.results.map((result) => result.title))).toEqual([
      ['Renewing Quinlan'],
    ]);
    const byRegistration = (await search(broker, '191d4521')).body.search.groups.find((group) => group.kind === 'quote');
    expect(byRegistration?.results.length).toBe(SEARCH_PER_KIND);
  });

  it('finds callbacks by phone and content pages by name or address', async () => {
    expect((await search(broker, '086111')).body.search.groups[0]!.results[0]).toMatchObject({ kind: 'callback', title: 'Siobhan Quinlan' });
    const pages = (await search(editor, 'CONVICTED')).body.search.groups;
    expect(pages).toEqual([
      {
        kind: 'page',
        more: false,
        results: [{ kind: 'page', id: expect.any(String), title: 'Convicted drivers', detail: '/van-insurance-for-convicted-drivers', status: null }],
      },
    ]);
    const byAddress = (await search(editor, '/van-insurance')).body.search.groups[0]!.results.map((result) => result.detail);
    expect(byAddress).toEqual(['/van-insurance', '/van-insurance-for-convicted-drivers', '/van-insurance-quotes']);
  });

  it('gives a Broker no users and an Editor no enquiries', async () => {
    expect(kindsOf((await search(broker, 'quinlan')).body.search)).toEqual(['callback', 'quote', 'renewal', 'post']);
    const asEditor = await search(editor, 'quinlan');
    expect(asEditor.status).toBe(200);
    expect(kindsOf(asEditor.body.search)).toEqual(['post']);
    expect(JSON.stringify(asEditor.body)).not.toMatch(/sq@example|Siobhan|renewer/);
  });

  it('refuses text too short, too long or missing with a plain message', async () => {
    for (const q of ['', ' a ', 'x'.repeat(101)]) {
      const { status, body } = await search(admin, q);
      expect(status, JSON.stringify(q)).toBe(400);
      expect(body.errors?.[0]?.field).toBe('q');
    }
    expect((await search(admin, ' a ')).body.errors?.[0]?.message).toBe(SEARCH_TOO_SHORT);
    expect((await admin.call('GET', '/api/v1/search')).status).toBe(400);
  });

  it('is for signed-in staff only', async () => {
    const res = await agent(t).call('GET', '/api/v1/search?q=quinlan');
    expect(res.status).toBe(401);
    expect(await res.text()).not.toMatch(/Quinlan/);
  });

  it('takes wildcards literally', async () => {
    expect((await search(admin, '%%')).body.search.groups).toEqual([]);
  });
});

describe('GET /api/v1/search/counts', () => {
  it('counts the New views and the privacy requests due soon or overdue', async () => {
    const res = await broker.call('GET', '/api/v1/search/counts');
    expect(res.status).toBe(200);
    const { counts } = (await res.json()) as { counts: NavigationCounts };
    expect(counts).toEqual({ callbacks: 1, quotes: 7, renewals: 1, privacyDue: 1 });
  });

  it('agrees with the lists’ own New view counts', async () => {
    const { counts } = (await (await broker.call('GET', '/api/v1/search/counts')).json()) as { counts: NavigationCounts };
    const list = (await (await broker.call('GET', '/api/v1/quotes')).json()) as { view_counts: { new: number } };
    expect(counts.quotes).toBe(list.view_counts.new);
  });

  it('is refused to an Editor and to a visitor', async () => {
    expect((await editor.call('GET', '/api/v1/search/counts')).status).toBe(403);
    expect((await agent(t).call('GET', '/api/v1/search/counts')).status).toBe(401);
  });
});
