import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, leads, outbox, posts, users } from '#src/server/db/schema.ts';
import { BAD_CURSOR, encodeCursor } from '#src/server/db/keyset/cursor.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

/**
 * Keyset paging on the staff lists (src/server/db/keyset.ts): next and previous by cursor
 * give the same pages as page numbers, in a total order even when many rows share a moment;
 * a damaged cursor is a 400; totals above the exact-count limit are flagged as estimates.
 */

type Page = {
  ok: boolean;
  page: number;
  page_size: number;
  total_pages: number;
  total_items: number;
  total_is_estimate: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
  [items: string]: unknown;
};

let t: TestApp;
let small: TestApp;
let admin: Agent;
let smallAdmin: Agent;

/** Three moments only, for 23 rows: most rows tie with others on created_at. */
const moment = (i: number) => new Date(Date.UTC(2026, 10, 1 + (i % 3), 9));

async function signedInAdmin(app: TestApp): Promise<Agent> {
  await createUser(app, { email: 'orla@shannon-insurance.ie', password: 'a long test password', isAdmin: true, firstName: 'Orla', lastName: 'Admin' });
  const a = agent(app);
  const login = await a.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' });
  expect(login.status).toBe(200);
  return a;
}

async function fill(app: TestApp) {
  const db = app.test.database.db;
  await db.insert(contacts).values(
    Array.from({ length: 23 }, (_, i) => ({
      name: `Caller ${i}`,
      email: `caller${i}@example.ie`,
      phone: '0871234567',
      subject: 'Van',
      message: 'Call me',
      createdAt: moment(i),
    })),
  );
  const kinds = ['van', 'fleet', 'truck', 'liability', 'renewal'] as const;
  await db.insert(leads).values(
    Array.from({ length: 25 }, (_, i) => ({
      kind: kinds[i % 5]!,
      reference: `XQ-2026-${String(i).padStart(6, '0')}`,
      status: i % 2 ? ('new' as const) : ('quoted' as const),
      name: `Lead ${i}`,
      email: `lead${i}@example.ie`,
      phone: '0871234567',
      // Renewals renew on three days, so the renewal-date orders have ties to break.
      answers: kinds[i % 5] === 'renewal' ? { renewalDate: `2027-01-0${(i % 3) + 1}` } : {},
      createdAt: moment(i),
    })),
  );
  // Drafts (no publication date) come first, then the latest published.
  await db.insert(posts).values(
    Array.from({ length: 13 }, (_, i) => ({
      title: `Post ${i}`,
      slug: `post-${i}`,
      body: 'Text',
      bodyHtml: '<p>Text</p>',
      status: i % 3 ? ('published' as const) : ('draft' as const),
      publishedAt: i % 3 ? moment(i) : null,
      createdAt: moment(i),
    })),
  );
  // Staff who never sign in here: the users list's order has rows sharing a moment too.
  await db.insert(users).values(
    Array.from({ length: 5 }, (_, i) => ({
      firstName: 'Staff',
      lastName: `${i}`,
      email: `staff${i}@example.ie`,
      passwordHash: 'unused',
      createdAt: moment(i),
    })),
  );
  await db
    .insert(auditLog)
    .values(Array.from({ length: 17 }, (_, i) => ({ actorId: null, action: `thing ${i} done`, target: `lead:${i}`, createdAt: moment(i) })));
}

// Two databases to create and fill: more than the default minute on a busy machine.
const SETUP_MS = 180_000;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  admin = await signedInAdmin(t);
  await fill(t);
}, SETUP_MS);
afterAll(() => t.test.drop());

const ids = (page: Page, key: string) => (page[key] as { _id: string }[]).map((item) => item._id);
const get = async (a: Agent, path: string): Promise<Page> => {
  const res = await a.call('GET', path);
  const body = (await res.json()) as Page;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};

const lists = [
  { name: 'contacts', path: '/api/v1/contacts/', key: 'contacts', rows: 23 },
  { name: 'quotes (every kind: the partial indexes)', path: '/api/v1/quotes', key: 'leads', rows: 20 },
  { name: 'quotes with a status', path: '/api/v1/quotes?status=quoted', key: 'leads', rows: 10 },
  { name: 'renewals', path: '/api/v1/renewals', key: 'leads', rows: 5 },
  // The pipeline's filters as the keyset's `where`, and the oldest-first order (the same key ascending).
  { name: 'contacts filtered by status and text', path: '/api/v1/contacts/?status=new&q=Caller%201', key: 'contacts', rows: 11 },
  { name: 'contacts oldest first', path: '/api/v1/contacts/?sort=oldest', key: 'contacts', rows: 23 },
  { name: 'contacts oldest first with a search', path: '/api/v1/contacts/?sort=oldest&q=Caller%201', key: 'contacts', rows: 11 },
  { name: 'quotes oldest first', path: '/api/v1/quotes?sort=oldest', key: 'leads', rows: 20 },
  { name: 'renewals oldest first with a status', path: '/api/v1/renewals?sort=oldest&status=quoted', key: 'leads', rows: 3 },
  { name: 'posts (drafts first)', path: '/api/v1/posts/', key: 'data', rows: 13 },
  { name: 'audit log', path: '/api/v1/audit/', key: 'entries', rows: 17 },
  { name: 'audit log oldest first', path: '/api/v1/audit/?sort=oldest', key: 'entries', rows: 17 },
];

describe.each(lists)('$name by cursor', ({ path, key, rows }) => {
  const at = (query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

  it('walks forward and back through the same pages as the page numbers, each row once, in a total order', async () => {
    const byNumber: string[][] = [];
    const first = await get(admin, at('page=0&page_size=4'));
    expect(first).toMatchObject({ total_items: rows, total_is_estimate: false, prev_cursor: null });
    for (let page = 0; page < first.total_pages; page++) byNumber.push(ids(await get(admin, at(`page=${page}&page_size=4`)), key));
    expect(new Set(byNumber.flat()).size).toBe(rows);

    // Forward by next_cursor, from the first page to the last.
    const forward: string[][] = [ids(first, key)];
    let current = first;
    while (current.next_cursor) {
      current = await get(admin, at(`page=${current.page + 1}&page_size=4&cursor=${current.next_cursor}`));
      expect(current.prev_cursor).not.toBeNull();
      forward.push(ids(current, key));
    }
    expect(forward).toEqual(byNumber);
    expect(current.page).toBe(first.total_pages - 1);

    // Back by prev_cursor, from the last page to the first.
    const backward: string[][] = [ids(current, key)];
    while (current.prev_cursor) {
      current = await get(admin, at(`page=${current.page - 1}&page_size=4&cursor=${current.prev_cursor}`));
      expect(current.next_cursor).not.toBeNull();
      backward.unshift(ids(current, key));
    }
    expect(backward).toEqual(byNumber);
    expect(current.page).toBe(0);
  });

  it('answers the last page for cursor=last, with its page number', async () => {
    const byNumber = await get(admin, at(`page=${Math.ceil(rows / 4) - 1}&page_size=4`));
    const last = await get(admin, at('page_size=4&cursor=last'));
    expect(ids(last, key)).toEqual(ids(byNumber, key));
    expect(last).toMatchObject({ page: byNumber.total_pages - 1, next_cursor: null });
  });
});

describe('cursors', () => {
  it('order rows that share a moment by id, newest first', async () => {
    const { contacts: list } = (await get(admin, '/api/v1/contacts/?page_size=100')) as Page & { contacts: { _id: string; createdAt: string }[] };
    const expected = [...list].sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
    expect(list.map((row) => row._id)).toEqual(expected.map((row) => row._id));
    expect(new Set(list.map((row) => row.createdAt)).size).toBe(3);
  });

  it('refuse a damaged or foreign cursor with 400 and a message on the cursor field', async () => {
    const posts = await get(admin, '/api/v1/posts/?page_size=2');
    const foreign = posts.next_cursor!; // three key parts: not a contacts cursor
    const damaged = [
      'not-a-cursor',
      foreign,
      encodeCursor('after', ['2026-11-01 09:00:00+00', 'not-a-uuid']),
      encodeCursor('after', ["2026-11-01'); drop table contacts; --", '00000000-0000-4000-8000-000000000000']),
      Buffer.from('{"direction":"sideways","rare":false,"values":["2026-11-01 09:00:00+00","00000000-0000-4000-8000-000000000000"]}').toString('base64url'),
      // The first form cursors took, a letter for the direction before the values: no longer read.
      Buffer.from('["a","2026-11-01 09:00:00+00","00000000-0000-4000-8000-000000000000"]').toString('base64url'),
      'a'.repeat(401),
    ];
    for (const cursor of damaged) {
      const res = await admin.call('GET', `/api/v1/contacts/?cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      const body = (await res.json()) as { ok: boolean; errors: { field: string; message: string }[] };
      expect(body.ok).toBe(false);
      expect(body.errors).toEqual([{ field: 'cursor', message: BAD_CURSOR }]);
    }
    expect((await admin.call('GET', '/api/v1/contacts/')).status).toBe(200);
  });

  it('walk oldest first when the list is sorted so, the id deciding between equal moments', async () => {
    const { leads: list } = (await get(admin, '/api/v1/quotes?sort=oldest&page_size=100')) as Page & { leads: { _id: string; createdAt: string }[] };
    const expected = [...list].sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
    expect(list.map((row) => row._id)).toEqual(expected.map((row) => row._id));
  });

  it('sort callbacks newest or oldest first, the id deciding between equal moments, and refuse any other order', async () => {
    type Row = { _id: string; createdAt: string };
    const rowsOf = async (query: string) => ((await get(admin, `/api/v1/contacts/?page_size=100${query}`)) as Page & { contacts: Row[] }).contacts;
    const oldestFirst = (a: Row, b: Row) => (a.createdAt === b.createdAt ? (a._id < b._id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);
    const oldest = await rowsOf('&sort=oldest');
    expect(oldest.map((row) => row._id)).toEqual([...oldest].sort(oldestFirst).map((row) => row._id));
    expect(new Set(oldest.map((row) => row.createdAt)).size).toBe(3);
    const newest = await rowsOf('&sort=newest');
    expect(newest.map((row) => row._id)).toEqual(oldest.map((row) => row._id).reverse());
    expect((await rowsOf('')).map((row) => row._id)).toEqual(newest.map((row) => row._id));
    expect((await rowsOf('&sort=')).map((row) => row._id)).toEqual(newest.map((row) => row._id));

    const refused = await admin.call('GET', '/api/v1/contacts/?sort=cheapest');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, errors: [{ field: 'sort', message: 'Sort by newest, oldest or due' }] });
    // The next page by cursor carries on in the same order.
    const firstOldest = await get(admin, '/api/v1/contacts/?sort=oldest&page_size=4');
    const onward = await get(admin, `/api/v1/contacts/?sort=oldest&page_size=4&cursor=${firstOldest.next_cursor}`);
    expect(ids(onward, 'contacts')).toEqual(oldest.slice(4, 8).map((row) => row._id));
  });

  it.each([
    { path: '/api/v1/audit/', key: 'entries' },
    { path: '/api/v1/users/', key: 'users' },
  ])('sort $path oldest first as the reverse of newest first, and refuse any other order', async ({ path, key }) => {
    const newest = ids(await get(admin, `${path}?page_size=100`), key);
    expect(newest.length).toBeGreaterThan(0);
    expect(ids(await get(admin, `${path}?page_size=100&sort=newest`), key)).toEqual(newest);
    expect(ids(await get(admin, `${path}?page_size=100&sort=oldest`), key)).toEqual([...newest].reverse());
    const refused = await admin.call('GET', `${path}?sort=cheapest`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, errors: [{ field: 'sort', message: 'Sort by newest or oldest' }] });
  });

  it('page the renewal-date orders too, soonest and latest first, by number and by cursor alike', async () => {
    const dateOf = (page: Page) => (page.leads as { renewalDate: string | null }[]).map((lead) => lead.renewalDate);
    for (const sort of ['renewal-soonest', 'renewal-latest']) {
      const all = await get(admin, `/api/v1/renewals?sort=${sort}&page_size=100`);
      const dates = dateOf(all);
      const sorted = [...dates].sort();
      expect(dates, sort).toEqual(sort === 'renewal-soonest' ? sorted : sorted.reverse());
      const byNumber: string[] = [];
      for (let page = 0; page < 3; page++) byNumber.push(...ids(await get(admin, `/api/v1/renewals?sort=${sort}&page_size=2&page=${page}`), 'leads'));
      expect(byNumber, sort).toEqual(ids(all, 'leads'));
      const byCursor: string[] = [];
      let page = await get(admin, `/api/v1/renewals?sort=${sort}&page_size=2`);
      byCursor.push(...ids(page, 'leads'));
      while (page.next_cursor) {
        page = await get(admin, `/api/v1/renewals?sort=${sort}&page_size=2&cursor=${page.next_cursor}`);
        byCursor.push(...ids(page, 'leads'));
      }
      expect(byCursor, sort).toEqual(byNumber);
      const back = await get(admin, `/api/v1/renewals?sort=${sort}&page_size=2&cursor=${page.prev_cursor}`);
      expect(ids(back, 'leads'), sort).toEqual(byNumber.slice(2, 4));
    }
    // A cursor of another order's key does not fit this one.
    const newest = await get(admin, '/api/v1/renewals?page_size=2');
    expect((await admin.call('GET', `/api/v1/renewals?sort=renewal-latest&cursor=${newest.next_cursor}`)).status).toBe(400);
  });

  it('are refused to a signed-out visitor like the list itself', async () => {
    const first = await get(admin, '/api/v1/contacts/?page_size=2');
    expect((await agent(t).call('GET', `/api/v1/contacts/?cursor=${first.next_cursor}`)).status).toBe(401);
  });
});

describe('totals', () => {
  beforeAll(async () => {
    small = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', LIST_EXACT_COUNT_LIMIT: '5' } });
    smallAdmin = await signedInAdmin(small);
    await fill(small);
  }, SETUP_MS);
  afterAll(() => small.test.drop());

  it('are exact up to the limit and flagged as estimates above it, never below what was counted', async () => {
    const estimated = await get(smallAdmin, '/api/v1/contacts/?page_size=10');
    expect(estimated.total_is_estimate).toBe(true);
    expect(estimated.total_items).toBeGreaterThanOrEqual(6);
    expect(estimated.total_pages).toBe(Math.max(1, Math.ceil(estimated.total_items / 10)));
    expect(ids(estimated, 'contacts')).toHaveLength(10);
    // A filter matching five rows or fewer is counted exactly.
    expect(await get(smallAdmin, '/api/v1/renewals')).toMatchObject({ total_items: 5, total_is_estimate: false });
    expect(await get(smallAdmin, '/api/v1/quotes?kind=van&status=quoted')).toMatchObject({ total_items: 3, total_is_estimate: false });
    // The same data under the default limit: exact.
    expect(await get(admin, '/api/v1/contacts/')).toMatchObject({ total_items: 23, total_is_estimate: false });
  });

  it('of a table the database has no statistics of yet are counted on past the limit, not taken from the planner', async () => {
    // 30 sent mails: the planner, with no statistics, guesses a few, and the capped count stopped at the limit.
    const db = small.test.database.db;
    await db.insert(outbox).values(
      Array.from({ length: 30 }, (_, i) => ({
        to: [`visitor${i}@example.ie`],
        subject: 'Thanks',
        text: 'Thanks',
        messageId: `<${i}@test>`,
        status: 'sent' as const,
      })),
    );
    try {
      const mail = (await get(smallAdmin, '/api/v1/mail?page_size=10')) as Page & { counts: Record<string, number>; counts_estimated: string[] };
      expect(mail).toMatchObject({ total_items: 30, total_is_estimate: true, counts: { queued: 0, sent: 30, failed: 0 }, counts_estimated: ['sent'] });
      expect(await get(smallAdmin, '/api/v1/mail?status=sent&page_size=10')).toMatchObject({ total_items: 30, total_pages: 3 });
    } finally {
      await db.delete(outbox);
    }
  });

  it('page a search of a series of references in renewal-date order, not in the references’ own', async () => {
    // Eight renewals of one series, the later the reference the sooner the renewal.
    const db = small.test.database.db;
    const added = await db
      .insert(leads)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          kind: 'renewal' as const,
          reference: `RN-2026-${String(i + 1).padStart(6, '0')}`,
          name: `Renewal ${i + 1}`,
          email: `renewal${i}@example.ie`,
          phone: '0871234567',
          answers: { renewalDate: `2027-02-${String(20 - i).padStart(2, '0')}` },
          createdAt: moment(40 + i),
        })),
      )
      .returning({ id: leads.id, reference: leads.reference });
    try {
      const bySoonest = [...added].reverse().map((row) => row.id);
      const walked: string[] = [];
      let page = await get(smallAdmin, '/api/v1/renewals?sort=renewal-soonest&q=RN-2026&page_size=2');
      walked.push(...ids(page, 'leads'));
      while (page.next_cursor) {
        page = await get(smallAdmin, `/api/v1/renewals?sort=renewal-soonest&q=RN-2026&page_size=2&cursor=${page.next_cursor}`);
        walked.push(...ids(page, 'leads'));
      }
      expect(walked).toEqual(bySoonest);
      expect(ids(await get(smallAdmin, '/api/v1/renewals?sort=renewal-latest&q=RN-2026&page_size=2&page=1'), 'leads')).toEqual(
        added.slice(2, 4).map((row) => row.id),
      );
    } finally {
      await db.delete(leads).where(like(leads.reference, 'RN-2026-%'));
    }
  });
});
