import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser } from '../support/agent.ts';
import { contentElements, contentSections, users } from '#src/server/db/schema.ts';
import { placeholderAdministratorName } from '#src/server/seed.ts';
import { seedBlogPosts } from '#src/server/posts/seed.ts';
import { seedPosts } from '#src/server/posts/seed-posts.ts';
import { seedContent } from '#src/server/content/seed.ts';
import { demoTeam } from '#src/site/content-seed/demo-content.ts';
import { aboutUs } from '#src/site/content-seed/pages/about-us.ts';
import { teamMemberSection } from '#src/site/content-seed/trust.ts';

/**
 * A post's byline is its author's display name (first and last name); the first
 * Administrator's placeholder name is not a person's, so the broker signs such a post. A
 * demonstration post is signed by the demonstration team member whose work it covers, only
 * while About us names them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
});
afterAll(() => t.test.drop());

async function publishAs(email: string, names: { firstName: string; lastName: string }, title: string) {
  const id = await createUser(t, { email, password: 'a long test password', role: 'editor', ...names });
  const staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email, password: 'a long test password' });
  const res = await staff.call('POST', '/api/v1/posts/create', { title, body: 'Body text.', status: 'published' });
  expect(res.status).toBe(201);
  const { post } = await res.json();
  const read = await (await agent(t, '192.0.2.201').call('GET', `/api/v1/posts/get/${post._id}`)).json();
  return { id, author: read.post.author as string | null };
}

describe('the byline of a post', () => {
  it('names the author by first and last name, never by email', async () => {
    const { author } = await publishAs('aoife@shannon-insurance.ie', { firstName: 'Aoife', lastName: 'Byrne' }, 'Named author');
    expect(author).toBe('Aoife Byrne');
  });

  it('leaves out the first Administrator’s placeholder name until they set their own', async () => {
    const { id, author } = await publishAs('placeholder@shannon-insurance.ie', placeholderAdministratorName, 'Placeholder author');
    expect(author).toBeNull();
    await t.test.database.db.update(users).set({ firstName: 'Ciarán', lastName: 'Walsh' }).where(eq(users.id, id));
    const list = await (await agent(t, '192.0.2.202').call('GET', '/api/v1/posts/?page=0&page_size=10')).json();
    const post = list.data.find((row: { title: string }) => row.title === 'Placeholder author');
    expect(post.author).toBe('Ciarán Walsh');
  });

  it('signs a demonstration post by its team member only while About us names them, with its reading time', async () => {
    const db = t.test.database.db;
    await seedBlogPosts(db);
    const accident = seedPosts.find((post) => post.writer === demoTeam.claims)!;
    const read = async () => (await (await agent(t, '192.0.2.203').call('GET', `/api/v1/posts/get/${accident.slug}`)).json()).post;
    // No team on About us yet (a live site's start): the broker signs it.
    expect((await read()).author).toBeNull();
    await seedContent(db, { demo: true });
    const signed = await read();
    expect(signed.author).toBe(demoTeam.claims);
    expect(signed.readingMinutes).toBeGreaterThanOrEqual(2);
    // The broker names its own team in that place: the post goes back to the broker's name.
    const [section] = await db
      .select({ id: contentSections.id })
      .from(contentSections)
      .where(inArray(contentSections.namePath, [`${aboutUs.root}/${teamMemberSection(3)}`]));
    await db
      .update(contentElements)
      .set({ publishedValue: 'Máire Ní Bhriain' })
      .where(and(eq(contentElements.sectionId, section!.id), eq(contentElements.name, 'Name')));
    expect((await read()).author).toBeNull();
  });
});
