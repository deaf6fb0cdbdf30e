import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/** Inputs and races a probe of the posts API found answering 500; each must get a clear 4xx. */
let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
});
afterAll(() => t.test.drop());

const create = async (fields: Record<string, unknown>) => staff.call('POST', '/api/v1/posts/create', { body: 'Body text.', status: 'draft', ...fields });
const createdId = async (fields: Record<string, unknown>) => {
  const res = await create(fields);
  expect(res.status).toBe(201);
  return (await res.json()).post._id as string;
};

describe('post edge cases', () => {
  it('keeps a tag whose lower case JavaScript and the database write differently', async () => {
    const res = await create({ title: 'Driving to Istanbul', tags: ['İstanbul'] });
    expect(res.status).toBe(201);
    expect((await res.json()).post.tags).toEqual(['İstanbul']);
    const mixed = await create({ title: 'Ferries', tags: ['Ferries', 'İstanbul', 'ferries'] });
    expect((await mixed.json()).post.tags).toEqual(['Ferries', 'İstanbul']);
  });

  it('refuses a publication date on a day that does not exist, or in year 0, with the date message', async () => {
    for (const publishedAt of ['2026-02-30T09:00:00Z', '0000-01-01T00:00:00Z']) {
      const res = await create({ title: `Dated ${publishedAt}`, status: 'published', publishedAt });
      expect(res.status, publishedAt).toBe(400);
      expect((await res.json()).errors).toEqual([{ field: 'publishedAt', message: 'Please enter a valid date' }]);
    }
  });

  it('answers 409 to the second of two posts given the same slug at the same moment', async () => {
    const a = await createdId({ title: 'First' });
    const b = await createdId({ title: 'Second' });
    const body = { title: 'Either', slug: 'contested-slug', body: 'x', status: 'draft' };
    const answers = await Promise.all([staff.call('PUT', `/api/v1/posts/update/${a}`, body), staff.call('PUT', `/api/v1/posts/update/${b}`, body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.status === 409)!;
    expect((await refused.json()).errors).toEqual([{ field: 'slug', message: 'Another post already uses this slug.' }]);
  });

  it('answers 404, never 500, to an update of a post deleted at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createdId({ title: `Short-lived ${round}`, tags: ['gone'] });
      const [updated, deleted] = await Promise.all([
        staff.call('PUT', `/api/v1/posts/update/${id}`, { title: 'Renamed', body: 'x', tags: ['still here'] }),
        staff.call('DELETE', `/api/v1/posts/delete/${id}`),
      ]);
      expect(deleted.status).toBe(200);
      expect([200, 404]).toContain(updated.status);
    }
  });
});

describe('quote list filters', () => {
  it('refuse a day that does not exist or year 0 with 400, never 500', async () => {
    for (const query of ['from=2026-02-30', 'to=2025-02-29', 'from=0000-01-01']) {
      for (const path of ['/api/v1/quotes/', '/api/v1/quotes/export', '/api/v1/quotes/van/', '/api/v1/renewals/export']) {
        const res = await staff.call('GET', `${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect((await res.json()).errors[0]).toMatchObject({ message: 'Please enter a valid date' });
      }
    }
  });
});
