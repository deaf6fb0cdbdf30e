import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser } from '../support/agent.ts';
import { users } from '#src/server/db/schema.ts';
import { placeholderAdministratorName } from '#src/server/seed.ts';

/**
 * A post's byline is its author's display name (first and last name); the first
 * Administrator's placeholder name is not a person's, so the broker signs such a post.
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
});
