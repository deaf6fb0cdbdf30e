import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser } from '../support/agent.ts';
import { seedBlogPosts } from '#src/server/posts/seed.ts';
import { seedPosts } from '#src/server/posts/seed-posts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
});
afterAll(() => t.test.drop());

describe('blog seed', () => {
  it('publishes the demonstration posts once, readable by the public with their tags', async () => {
    const db = t.test.database.db;
    const [first, second] = await Promise.all([seedBlogPosts(db), seedBlogPosts(db)]);
    expect([first, second].sort()).toEqual([0, seedPosts.length]);
    const list = await (await t.call('GET', `/api/v1/posts?page_size=20`)).json();
    expect(list.total_items).toBe(seedPosts.length);
    // Newest first.
    const dates = list.data.map((post: { publishedAt: string }) => post.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const one = await (await t.call('GET', `/api/v1/posts/get/${seedPosts[0]!.slug}`)).json();
    expect(one.post).toMatchObject({ _id: seedPosts[0]!.id, tags: seedPosts[0]!.tags, status: 'published', author: null });
    expect(one.post.bodyHtml).toContain('<h2');
  });

  it('does not bring back a seeded post the staff deleted', async () => {
    await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
    const staff = agent(t);
    await staff.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
    expect((await staff.call('DELETE', `/api/v1/posts/delete/${seedPosts[1]!.id}`)).status).toBe(200);
    expect(await seedBlogPosts(t.test.database.db)).toBe(0);
    expect((await t.call('GET', `/api/v1/posts/get/${seedPosts[1]!.id}`)).status).toBe(404);
  });
});
