import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { eq, sql } from 'drizzle-orm';
import { posts } from '#src/server/db/schema.ts';
import { publishDuePosts } from '#src/server/jobs/publish-scheduled.ts';

let t: TestApp;
let staff: Agent;
let anon: Agent;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  anon = agent(t, '192.0.2.200');
});
afterAll(() => t.test.drop());

const post = (fields: Record<string, unknown>) => staff.call('POST', '/api/v1/posts/create', { body: 'Body text.', ...fields });

describe('posts API', () => {
  it('creates posts with slugs made from their titles, unique, and sanitised HTML', async () => {
    const res = await post({
      title: 'Protecting your no-claims discount',
      body: '# NCD\n\n<script>alert(1)</script>Keep it safe.',
      tags: ['NCD', 'Van'],
      status: 'published',
      excerpt: 'How NCD protection works.',
    });
    expect(res.status).toBe(201);
    const { post: created } = await res.json();
    expect(created).toMatchObject({
      slug: 'protecting-your-no-claims-discount',
      status: 'published',
      tags: ['NCD', 'Van'],
      seoTitle: 'Protecting your no-claims discount',
      seoDescription: 'How NCD protection works.',
    });
    expect(created.bodyHtml).toContain('<h2>NCD</h2>');
    expect(created.bodyHtml).not.toContain('<script');
    expect(created.publishedAt).not.toBeNull();
    ids.ncd = created._id;

    const again = await (await post({ title: 'Protecting your no-claims discount', status: 'draft' })).json();
    expect(again.post.slug).toBe('protecting-your-no-claims-discount-2');
    ids.draft = again.post._id;

    const clash = await post({ title: 'Other', slug: 'protecting-your-no-claims-discount' });
    expect(clash.status).toBe(409);

    const fleet = await (
      await post({
        title: 'Fleet telematics and premiums',
        body: 'Dashcams and telematics can lower fleet premiums.',
        tags: ['Fleet'],
        status: 'published',
        publishedAt: '2026-01-10T09:00:00.000Z',
      })
    ).json();
    ids.fleet = fleet.post._id;
    const later = await (
      await post({ title: 'Coming up: tachograph rules', status: 'scheduled', publishedAt: '2099-01-01T09:00:00.000Z', tags: ['Truck'] })
    ).json();
    ids.scheduled = later.post._id;
  });

  it('shows the public only published posts, newest first, with paging', async () => {
    const list = await (await anon.call('GET', '/api/v1/posts/?page=0&page_size=1')).json();
    expect(list).toMatchObject({ ok: true, page: 0, page_size: 1, total_items: 2, total_pages: 2 });
    expect(list.data.map((p: { slug: string }) => p.slug)).toEqual(['protecting-your-no-claims-discount']);
    expect((await anon.call('GET', `/api/v1/posts/get/${ids.draft}`)).status).toBe(404);
    expect((await anon.call('GET', `/api/v1/posts/get/${ids.scheduled}`)).status).toBe(404);
    expect((await anon.call('GET', '/api/v1/posts/get/protecting-your-no-claims-discount')).status).toBe(200);
    // A status filter is for staff; the public still gets published posts only.
    expect((await (await anon.call('GET', '/api/v1/posts/?status=draft')).json()).total_items).toBe(2);

    const all = await (await staff.call('GET', '/api/v1/posts/?status=draft')).json();
    expect(all.data.map((p: { _id: string }) => p._id)).toEqual([ids.draft]);
    expect((await staff.call('GET', `/api/v1/posts/get/${ids.draft}`)).status).toBe(200);
  });

  it('filters by tag, counts tags and searches with ranking', async () => {
    const fleet = await (await anon.call('GET', '/api/v1/posts/?tag=fleet')).json();
    expect(fleet.data.map((p: { _id: string }) => p._id)).toEqual([ids.fleet]);
    const tagList = await (await anon.call('GET', '/api/v1/posts/tags')).json();
    expect(tagList.tags).toEqual([
      { name: 'Fleet', count: 1 },
      { name: 'NCD', count: 1 },
      { name: 'Van', count: 1 },
    ]);
    const found = await (await anon.call('GET', '/api/v1/posts/search?q=telematics')).json();
    expect(found.data.map((p: { _id: string }) => p._id)).toEqual([ids.fleet]);
    // A match in the title outranks one only in the body.
    await post({ title: 'Dashcams for vans', body: 'A dashcam is not the same as telematics, but it helps after a claim.', status: 'published' });
    const ranked = await (await anon.call('GET', '/api/v1/posts/search?q=telematics')).json();
    expect(ranked.data.map((p: { title: string }) => p.title)).toEqual(['Fleet telematics and premiums', 'Dashcams for vans']);
    expect((await anon.call('GET', '/api/v1/posts/search?q=tachograph')).status).toBe(200);
    expect((await (await anon.call('GET', '/api/v1/posts/search?q=tachograph')).json()).data).toEqual([]);
    expect((await anon.call('GET', '/api/v1/posts/search?q=')).status).toBe(400);
  });

  it('updates, and refuses writes to anyone signed out', async () => {
    const updated = await staff.call('PUT', `/api/v1/posts/update/${ids.draft}`, { title: 'Renamed draft', body: 'New body', status: 'published' });
    expect(updated.status).toBe(200);
    expect((await updated.json()).post).toMatchObject({ title: 'Renamed draft', slug: 'protecting-your-no-claims-discount-2', status: 'published' });
    expect((await anon.call('POST', '/api/v1/posts/create', { title: 'x', body: 'y' })).status).toBe(401);
    expect((await anon.call('PUT', `/api/v1/posts/update/${ids.ncd}`, { title: 'x', body: 'y' })).status).toBe(401);
    expect((await anon.call('DELETE', `/api/v1/posts/delete/${ids.ncd}`)).status).toBe(401);
    expect((await staff.call('POST', '/api/v1/posts/create', { title: '', body: '' })).status).toBe(400);
  });

  it('publishes a scheduled post when its time comes', async () => {
    const { db } = t.test.database;
    expect(await publishDuePosts(db)).toBe(0);
    await db.update(posts).set({ publishedAt: sql`now() - interval '1 minute'` }).where(eq(posts.id, ids.scheduled!));
    expect((await anon.call('GET', `/api/v1/posts/get/${ids.scheduled}`)).status).toBe(200);
    expect(await publishDuePosts(db)).toBe(1);
    const [row] = await db.select({ status: posts.status }).from(posts).where(eq(posts.id, ids.scheduled!));
    expect(row?.status).toBe('published');
  });

  it('lists without bodies when asked for a summary, compressed when the client accepts it', async () => {
    const full = await (await anon.call('GET', '/api/v1/posts')).json();
    expect(full.data[0].bodyHtml).not.toBe('');
    const summary = await (await anon.call('GET', '/api/v1/posts?summary=true')).json();
    expect(summary.data.map((post: { _id: string }) => post._id)).toEqual(full.data.map((post: { _id: string }) => post._id));
    expect(summary.data.every((post: { body: string; bodyHtml: string }) => post.body === '' && post.bodyHtml === '')).toBe(true);
    const found = await (await anon.call('GET', '/api/v1/posts/search?q=discount&summary=true')).json();
    expect(found.data[0]).toMatchObject({ body: '', bodyHtml: '' });
    const big = await t.app.request('/api/v1/posts?page_size=50', { headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
  });

  it('deletes', async () => {
    expect((await staff.call('DELETE', `/api/v1/posts/delete/${ids.ncd}`)).status).toBe(200);
    expect((await staff.call('GET', `/api/v1/posts/get/${ids.ncd}`)).status).toBe(404);
    expect((await staff.call('DELETE', `/api/v1/posts/delete/${ids.ncd}`)).status).toBe(404);
    expect((await staff.call('DELETE', '/api/v1/posts/delete/not-a-uuid')).status).toBe(404);
  });
});
