import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_OFFSET_WALKED } from '#src/server/db/keyset/deep-page.ts';
import { SEARCH_AMONG_NEWEST } from '#src/server/db/keyset/search-reads.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

/**
 * A large list (src/server/db/keyset.ts), 25,000 enquiries made by the database in one
 * statement. A search looks for its page among the newest rows first (pageAmongNewest): the
 * pages it answers must be the very pages the ordinary query gives, forward and back, and a
 * search that matches only older rows must still find them. A page number deeper than the
 * index is walked for is found by the key's spread (pageByKeySpread): consecutive rows of the
 * list, near where the number puts them, with cursors that page on exactly.
 */

const ROWS = 25_000;
let t: TestApp;
let admin: Agent;

type Page = { contacts: { _id: string }[]; next_cursor: string | null; prev_cursor: string | null; total_items: number; total_is_estimate: boolean };

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'orla@shannon-insurance.ie', password: 'a long test password', isAdmin: true, firstName: 'Orla', lastName: 'Admin' });
  admin = agent(t);
  expect((await admin.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  const db = t.test.database.db;
  // Every 7th caller is a Murphy; only the oldest 40 rows hold Quigleys; three rows share each moment.
  await db.execute(sql`
    insert into contacts (name, email, phone, subject, message, created_at)
    select case when g % 7 = 0 then 'Aoife Murphy' when g <= 40 then 'Sean Quigley' else 'Caller ' || g end,
      'caller' || g || '@example.ie', '0871234567', 'Van', 'Call me', timestamptz '2026-01-01' + (g / 3) * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`analyze contacts`);
}, 180_000);
afterAll(() => t.test.drop());

/** A list's page, answered 200 (an enquiries page unless told). */
const get = async <Answer = Page>(path: string): Promise<Answer> => {
  const res = await admin.call('GET', path);
  const body = (await res.json()) as Answer;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
};
const ids = (page: Page) => page.contacts.map((row) => row._id);

/** The ids of the list's rows from `offset` on, newest first, straight from the database. */
async function listFrom(offset: number, limit: number): Promise<string[]> {
  const result = await t.test.database.db.execute(sql`select id from contacts order by created_at desc, id desc offset ${offset} limit ${limit}`);
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** Where a row stands in the list (how many rows come before it), straight from the database. */
async function positionOf(id: string): Promise<number> {
  const result = await t.test.database.db.execute(
    sql`select count(*)::int as n from contacts where (created_at, id) > (select created_at, id from contacts where id = ${id})`,
  );
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

/** The ids the search should give, newest first, straight from the database. */
async function expected(name: string, limit: number): Promise<string[]> {
  const result = await t.test.database.db.execute(
    sql`select id from contacts where name ilike ${`%${name}%`} order by created_at desc, id desc limit ${limit}`,
  );
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
}

describe('a search on a large list', () => {
  it('gives the ordinary pages, forward by next_cursor and back by prev_cursor', async () => {
    const want = await expected('Murphy', 30);
    const first = await get('/api/v1/contacts/?q=Murphy&page=0&page_size=10');
    const second = await get(`/api/v1/contacts/?q=Murphy&page=1&page_size=10&cursor=${first.next_cursor}`);
    const third = await get(`/api/v1/contacts/?q=Murphy&page=2&page_size=10&cursor=${second.next_cursor}`);
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(want);
    // The lower-cased copy the search scans stays in the database.
    expect(JSON.stringify(first)).not.toMatch(/search_?text/i);
    expect(first.prev_cursor).toBeNull();
    const back = await get(`/api/v1/contacts/?q=Murphy&page=1&page_size=10&cursor=${third.prev_cursor}`);
    expect(ids(back)).toEqual(ids(second));
    // A seventh of the rows match: far above the exact-count limit, so an estimate.
    expect(first.total_is_estimate).toBe(true);
    expect(first.total_items).toBeGreaterThan(500);
  });

  it('counts its total exactly when the matches are few, as every list does below the limit', async () => {
    // Caller 249, 2490-2499 and 24900-24999 (the newest), but the Murphys among them.
    const all = await expected('Caller 249', 1000);
    const page = await get('/api/v1/contacts/?q=Caller%20249&page=0&page_size=10');
    expect(ids(page)).toEqual(all.slice(0, 10));
    expect(page).toMatchObject({ total_items: all.length, total_is_estimate: false });
  });

  it('finds rows older than the newest it looks among first', async () => {
    expect(SEARCH_AMONG_NEWEST).toBeLessThan(ROWS - 40);
    const page = await get('/api/v1/contacts/?q=Quigley&page=0&page_size=50');
    expect(ids(page)).toEqual(await expected('Quigley', 50));
    // The first 40 rows but every 7th (a Murphy): 35, counted exactly.
    expect(page).toMatchObject({ total_items: 35, total_is_estimate: false, next_cursor: null });
  });

  it('pages a search found only in older rows by its cursors, in either case, and looks in every column it searches', async () => {
    const want = await expected('Quigley', 50);
    const first = await get('/api/v1/contacts/?q=QUIGLEY&page=0&page_size=10');
    expect(ids(first)).toEqual(want.slice(0, 10));
    expect(first).toMatchObject({ total_items: 35, total_is_estimate: false, prev_cursor: null });
    let page = first;
    const seen = ids(first);
    for (let n = 1; page.next_cursor; n++) {
      page = await get(`/api/v1/contacts/?q=quigley&page=${n}&page_size=10&cursor=${page.next_cursor}`);
      seen.push(...ids(page));
    }
    expect(seen).toEqual(want);
    const back = await get(`/api/v1/contacts/?q=quigley&page=2&page_size=10&cursor=${page.prev_cursor}`);
    expect(ids(back)).toEqual(want.slice(20, 30));
    // An address alone holds it: the oldest rows' (a rare search) and the newest's (found among the newest).
    expect((await get('/api/v1/contacts/?q=CALLER40@&page=0&page_size=10')).total_items).toBe(1);
    const newest = await get(`/api/v1/contacts/?q=${encodeURIComponent(`CALLER${ROWS - 1}@`)}&page=0&page_size=10`);
    const owner = await t.test.database.db.execute(sql`select id from contacts where email = ${`caller${ROWS - 1}@example.ie`}`);
    expect(ids(newest)).toEqual((owner as { rows: { id: string }[] }).rows.map((row) => row.id));
    expect(newest.total_items).toBe(1);
  });
});

describe('a search of several words', () => {
  it('finds the whole text, not its words apart (the index is asked for each word, the rows for the text)', async () => {
    expect(ids(await get('/api/v1/contacts/?q=sean%20QUIGLEY&page=0&page_size=10'))).toEqual(await expected('Sean Quigley', 10));
    expect(await get('/api/v1/contacts/?q=Quigley%20Sean&page=0&page_size=10')).toMatchObject({ contacts: [], total_items: 0 });
    expect(ids(await get('/api/v1/contacts/?q=Aoife%20Murphy&page=0&page_size=10'))).toEqual(await expected('Aoife Murphy', 10));
    expect(await get('/api/v1/contacts/?q=Murphy%20Aoife&page=0&page_size=10')).toMatchObject({ contacts: [], total_items: 0 });
    // A word too short for a trigram of its own is found within the text.
    expect((await get('/api/v1/contacts/?q=n%20Quigley&page=0&page_size=10')).total_items).toBe(35);
  });
});

describe('a search by page number', () => {
  it('gives the exact page among the newest rows, the same as the cursors give', async () => {
    const want = await expected('Murphy', 40);
    const third = await get('/api/v1/contacts/?q=Murphy&page=3&page_size=10');
    expect(ids(third)).toEqual(want.slice(30, 40));
    const first = await get('/api/v1/contacts/?q=Murphy&page=0&page_size=10');
    // The same "about N" on every page of the search, so its page count holds still.
    expect(third).toMatchObject({ total_items: first.total_items, total_is_estimate: true });
    expect(ids(await get(`/api/v1/contacts/?q=Murphy&page=2&page_size=10&cursor=${third.prev_cursor}`))).toEqual(want.slice(20, 30));
  });

  it('gives the exact page when it begins among the newest rows and ends past them', async () => {
    const want = await expected('Murphy', 400);
    // About a seventh of the newest rows are Murphys: this page starts among them and ends after.
    const page = Math.floor(SEARCH_AMONG_NEWEST / 7 / 10);
    const straddling = await get(`/api/v1/contacts/?q=Murphy&page=${page}&page_size=10`);
    expect(ids(straddling)).toEqual(want.slice(page * 10, page * 10 + 10));
    const next = await get(`/api/v1/contacts/?q=Murphy&page=${page + 1}&page_size=10`);
    expect(ids(next)).toEqual(want.slice(page * 10 + 10, page * 10 + 20));
  });

  it('places a page just past the newest rows after every match they hold, never among them', async () => {
    const want = await expected('Murphy', 1000);
    const inNewest = (await listFrom(0, SEARCH_AMONG_NEWEST)).filter((id) => want.includes(id)).length;
    const page = Math.ceil(inNewest / 10) + 1;
    const placed = await get(`/api/v1/contacts/?q=Murphy&page=${page}&page_size=10`);
    const at = want.indexOf(ids(placed)[0]!);
    expect(at).toBeGreaterThanOrEqual(inNewest);
    expect(ids(placed)).toEqual(want.slice(at, at + 10));
  });

  it('goes back to the first page by prev_cursor with the same rows and total', async () => {
    const first = await get('/api/v1/contacts/?q=Murphy&page=0&page_size=10');
    const second = await get(`/api/v1/contacts/?q=Murphy&page=1&page_size=10&cursor=${first.next_cursor}`);
    const back = await get(`/api/v1/contacts/?q=Murphy&page=0&page_size=10&cursor=${second.prev_cursor}`);
    expect(ids(back)).toEqual(ids(first));
    expect(back).toMatchObject({ total_items: first.total_items, total_is_estimate: true, prev_cursor: null });
  });

  it("gives a rare search's page from its matches, with its exact total, and pages on from it", async () => {
    const want = await expected('Quigley', 50);
    const second = await get('/api/v1/contacts/?q=Quigley&page=2&page_size=10');
    expect(ids(second)).toEqual(want.slice(20, 30));
    expect(second).toMatchObject({ total_items: 35, total_is_estimate: false });
    const last = await get(`/api/v1/contacts/?q=Quigley&page=3&page_size=10&cursor=${second.next_cursor}`);
    expect(ids(last)).toEqual(want.slice(30, 35));
    expect(last.next_cursor).toBeNull();
    // Past its end: no rows, the same total.
    expect(await get('/api/v1/contacts/?q=Quigley&page=9&page_size=10')).toMatchObject({ contacts: [], total_items: 35 });
  });

  it("finds a common search's page deeper than the newest rows near its share of the total: consecutive matches, paged on exactly", async () => {
    const want = await expected('Murphy', ROWS);
    const page = 200;
    expect(page * 10).toBeGreaterThan(SEARCH_AMONG_NEWEST / 7);
    const deep = await get(`/api/v1/contacts/?q=Murphy&page=${page}&page_size=10`);
    expect(deep.total_is_estimate).toBe(true);
    const at = want.indexOf(ids(deep)[0]!);
    expect(at).toBeGreaterThan(SEARCH_AMONG_NEWEST / 7);
    expect(ids(deep)).toEqual(want.slice(at, at + 10));
    const next = await get(`/api/v1/contacts/?q=Murphy&page=${page + 1}&page_size=10&cursor=${deep.next_cursor}`);
    expect(ids(next)).toEqual(want.slice(at + 10, at + 20));
    const back = await get(`/api/v1/contacts/?q=Murphy&page=${page - 1}&page_size=10&cursor=${deep.prev_cursor}`);
    expect(ids(back)).toEqual(want.slice(at - 10, at));
  });
});

describe("a rare search's cursors", () => {
  type CursorFields = { direction: string; rare: boolean; values: string[] };
  const fieldsOf = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorFields;
  const rareOf = (cursor: string) => fieldsOf(cursor).rare;

  it("are marked rare, and a common search's are not", async () => {
    expect(rareOf((await get('/api/v1/contacts/?q=Quigley&page=0&page_size=10')).next_cursor!)).toBe(true);
    expect(rareOf((await get('/api/v1/contacts/?q=Murphy&page=0&page_size=10')).next_cursor!)).toBe(false);
  });

  it('are not marked when the search is common but none of the newest rows hold it, and its total is the estimate every page gives', async () => {
    // "Caller 1…" is in thousands of rows, none of the newest (Caller 23001 on).
    const want = await expected('Caller 1', 20);
    const first = await get('/api/v1/contacts/?q=Caller%201&page=0&page_size=10');
    expect(ids(first)).toEqual(want.slice(0, 10));
    expect(rareOf(first.next_cursor!)).toBe(false);
    const second = await get(`/api/v1/contacts/?q=Caller%201&page=1&page_size=10&cursor=${first.next_cursor}`);
    expect(ids(second)).toEqual(want.slice(10, 20));
    expect(first).toMatchObject({ total_is_estimate: true, total_items: second.total_items });
  });

  it('still give the right page when the mark is set by hand on a common search', async () => {
    const want = await expected('Murphy', 20);
    const first = await get('/api/v1/contacts/?q=Murphy&page=0&page_size=10');
    const marked = Buffer.from(JSON.stringify({ ...fieldsOf(first.next_cursor!), rare: true })).toString('base64url');
    const second = await get(`/api/v1/contacts/?q=Murphy&page=1&page_size=10&cursor=${marked}`);
    expect(ids(second)).toEqual(want.slice(10, 20));
  });
});

describe('a page number deep in a large list', () => {
  it('walks the index for the exact page up to the limit', async () => {
    const page = DEEP_OFFSET_WALKED / 10 - 1;
    expect(ids(await get(`/api/v1/contacts/?page=${page}&page_size=10`))).toEqual(await listFrom(page * 10, 10));
  });

  it('finds a deeper page by the key spread: consecutive rows near its place, whose cursors page on exactly', async () => {
    const page = (DEEP_OFFSET_WALKED + 1000) / 10;
    const deep = await get(`/api/v1/contacts/?page=${page}&page_size=10`);
    expect(deep.total_is_estimate).toBe(true);
    const at = await positionOf(ids(deep)[0]!);
    // The rows are evenly spread in time here, so the histogram puts the page within a few rows.
    expect(Math.abs(at - page * 10)).toBeLessThan(ROWS / 1000);
    expect(ids(deep)).toEqual(await listFrom(at, 10));
    const next = await get(`/api/v1/contacts/?page=${page + 1}&page_size=10&cursor=${deep.next_cursor}`);
    expect(ids(next)).toEqual(await listFrom(at + 10, 10));
    const back = await get(`/api/v1/contacts/?page=${page - 1}&page_size=10&cursor=${deep.prev_cursor}`);
    expect(ids(back)).toEqual(await listFrom(at - 10, 10));
  });

  it('answers a page past the estimated end with the last rows', async () => {
    const past = await get(`/api/v1/contacts/?page=${ROWS}&page_size=10`);
    expect(ids(past)).toEqual(await listFrom(ROWS - 10, 10));
    expect(past.next_cursor).toBeNull();
  });
});

describe("a search of an earlier year's references", () => {
  type LeadPage = {
    leads: { _id: string; reference: string }[];
    next_cursor: string | null;
    prev_cursor: string | null;
    total_items: number;
    total_is_estimate: boolean;
  };
  const getLeads = (path: string) => get<LeadPage>(path);
  const leadIds = (page: LeadPage) => page.leads.map((row) => row._id);
  /** The quotes the search should give, in the list's order, straight from the database (its SQL written out here). */
  const wanted = async (text: string, order: 'desc' | 'asc' = 'desc'): Promise<string[]> => {
    const result = await t.test.database.db.execute(
      sql`select id from leads where kind <> 'renewal'
            and (name ilike ${`%${text}%`} or reference like ${`${text}%`} or replace(registration, '-', '') ilike ${`%${text.replace(/-/g, '')}%`})
          order by created_at ${sql.raw(order)}, id ${sql.raw(order)}`,
    );
    return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  };

  beforeAll(async () => {
    const db = t.test.database.db;
    // 3,000 van quotes of 2025, numbered in the order they were made (as reference.ts numbers
    // them), then 3,000 fleet quotes of 2026, the newest: none of those holds "VQ-2025". Two
    // more hold it elsewhere, among the 2025 quotes: in a name, and in a registration.
    await db.execute(sql`
      insert into leads (kind, reference, name, email, phone, registration, answers, created_at)
      select 'van', 'VQ-2025-' || lpad(g::text, 6, '0'), 'Van Caller ' || g, 'van' || g || '@example.ie', '0871234567', '', '{}'::jsonb, timestamptz '2025-01-01' + g * interval '1 hour'
      from generate_series(1, 3000) g
      union all
      select 'fleet', 'FQ-2026-' || lpad(g::text, 6, '0'), 'Fleet Caller ' || g, 'fleet' || g || '@example.ie', '0871234567', '', '{}'::jsonb, timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 3000) g
      union all
      select 'truck', 'TQ-2025-000001', 'Vq-2025 Haulage', 'haulage@example.ie', '0871234567', '', '{}'::jsonb, timestamptz '2025-04-20 10:30'
      union all
      select 'truck', 'TQ-2025-000002', 'Nuala Reg', 'reg@example.ie', '0871234567', '251-VQ-2025', '{}'::jsonb, timestamptz '2025-03-01 00:30'`);
    await db.execute(sql`analyze leads`);
  }, 60_000);

  it('gives its pages newest first, by number and by cursor both ways, with the estimated total, matches in every column among them', async () => {
    const want = await wanted('VQ-2025');
    expect(want.length).toBe(3002);
    const first = await getLeads('/api/v1/quotes/?q=vq-2025&page=0&page_size=10');
    expect(leadIds(first)).toEqual(want.slice(0, 10));
    expect(first.total_is_estimate).toBe(true);
    const next = await getLeads(`/api/v1/quotes/?q=vq-2025&page=1&page_size=10&cursor=${first.next_cursor}`);
    expect(leadIds(next)).toEqual(want.slice(10, 20));
    expect(leadIds(await getLeads(`/api/v1/quotes/?q=vq-2025&page=0&page_size=10&cursor=${next.prev_cursor}`))).toEqual(want.slice(0, 10));
    // The name's and the registration's matches fall on numbered pages among the references'.
    for (const reference of ['TQ-2025-000001', 'TQ-2025-000002']) {
      const found = (await t.test.database.db.execute(sql`select id from leads where reference = ${reference}`)) as { rows: { id: string }[] };
      const page = Math.floor(want.indexOf(found.rows[0]!.id) / 10);
      const numbered = await getLeads(`/api/v1/quotes/?q=VQ-2025&page=${page}&page_size=10`);
      expect(leadIds(numbered)).toEqual(want.slice(page * 10, page * 10 + 10));
      expect(numbered.leads.map((lead) => lead.reference)).toContain(reference);
    }
    expect(leadIds(await getLeads('/api/v1/quotes/?q=VQ-2025&page=250&page_size=10'))).toEqual(want.slice(2500, 2510));
    // The oldest first, and the last page, read from the other end.
    expect(leadIds(await getLeads('/api/v1/quotes/?q=VQ-2025&page=0&page_size=10&sort=oldest'))).toEqual((await wanted('VQ-2025', 'asc')).slice(0, 10));
    expect(leadIds(await getLeads('/api/v1/quotes/?q=VQ-2025&page_size=10&cursor=last'))).toEqual(want.slice(-10));
  });

  it('reads a series past 999,999 numbers from its matches, where its text no longer sorts as its numbers', async () => {
    const db = t.test.database.db;
    await db.execute(sql`
      insert into leads (kind, reference, name, email, phone, registration, answers, created_at)
      select 'truck', 'TQ-2025-' || n, 'Truck Caller ' || n, 'truck' || n || '@example.ie', '0871234567', '', '{}'::jsonb,
        timestamptz '2025-06-01' + (n - 998800) * interval '1 minute'
      from generate_series(998801, 1000400) n`);
    await db.execute(sql`insert into reference_counters (prefix, year, last) values ('TQ', 2025, 1000400)`);
    await db.execute(sql`analyze leads`);
    const want = await wanted('TQ-2025');
    const first = await getLeads('/api/v1/quotes/?q=TQ-2025&page=0&page_size=10');
    expect(first.leads[0]!.reference).toBe('TQ-2025-1000400');
    expect(leadIds(first)).toEqual(want.slice(0, 10));
    expect(leadIds(await getLeads('/api/v1/quotes/?q=TQ-2025&page=45&page_size=10'))).toEqual(want.slice(450, 460));
  });

  it('reads a run of the numbers in it, and none on a list that does not show its kind', async () => {
    const want = await wanted('VQ-2025-001');
    expect(want.length).toBe(1000);
    const first = await getLeads('/api/v1/quotes/?q=VQ-2025-001&page=0&page_size=10');
    expect(leadIds(first)).toEqual(want.slice(0, 10));
    expect(first.leads[0]!.reference).toBe('VQ-2025-001999');
    expect(leadIds(await getLeads('/api/v1/quotes/?q=VQ-2025-001&page=3&page_size=10'))).toEqual(want.slice(30, 40));
    expect((await getLeads('/api/v1/renewals/?q=VQ-2025&page=0&page_size=10')).leads).toEqual([]);
    expect((await getLeads('/api/v1/quotes/?q=VQ-2025&kind=fleet&page=0&page_size=10')).leads).toEqual([]);
  });
});

describe('a search of a series of references on a list whose total is estimated above ten rows', () => {
  let small: TestApp;
  let staff: Agent;
  beforeAll(async () => {
    small = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', LIST_EXACT_COUNT_LIMIT: '10' } });
    await createUser(small, { email: 'orla@shannon-insurance.ie', password: 'a long test password', isAdmin: true, firstName: 'Orla', lastName: 'Admin' });
    staff = agent(small);
    expect((await staff.call('POST', '/api/v1/auth/login', { email: 'orla@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
    // 40 van quotes of 2025, then 3,000 fleet quotes of 2026, the newest.
    await small.test.database.db.execute(sql`
      insert into leads (kind, reference, name, email, phone, answers, created_at)
      select 'van', 'VQ-2025-' || lpad(g::text, 6, '0'), 'Van Caller', 'van@example.ie', '0871234567', '{}'::jsonb, timestamptz '2025-01-01' + g * interval '1 hour'
      from generate_series(1, 40) g
      union all
      select 'fleet', 'FQ-2026-' || lpad(g::text, 6, '0'), 'Fleet Caller', 'fleet@example.ie', '0871234567', '{}'::jsonb, timestamptz '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 3000) g`);
    await small.test.database.db.execute(sql`analyze leads`);
  }, 60_000);
  afterAll(() => small.test.drop());

  it('counts a series it finds less than a page of, and none, exactly', async () => {
    const none = await (await staff.call('GET', '/api/v1/quotes/?q=VQ-2025-9&page=0&page_size=10')).json();
    expect(none).toMatchObject({ leads: [], total_items: 0, total_is_estimate: false });
    const few = await (await staff.call('GET', '/api/v1/quotes/?q=VQ-2025-00003&page=0&page_size=10')).json();
    const numbers = Array.from({ length: 10 }, (_, i) => `VQ-2025-0000${39 - i}`);
    expect(few.leads.map((lead: { reference: string }) => lead.reference)).toEqual(numbers);
    expect(few).toMatchObject({ total_items: 10, total_is_estimate: false });
  });
});
