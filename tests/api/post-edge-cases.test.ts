import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents } from '#src/server/db/schema.ts';
import { agent, type Agent, signedInAs } from '../support/agent.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';

/** Inputs and races a probe of the posts and quotes API found answering 500 or recording wrongly; each must get a clear answer. */
let t: TestApp;
let staff: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staff = await signedInAs(t);
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

describe('quote requests moved at the same moment', () => {
  it('record each move from the status it really left, and a request deleted meanwhile is 404', async () => {
    const send = async () => {
      const res = await agent(t, '192.0.2.90').call('POST', '/api/v1/quotes/van/create', {
        ...validAnswers.van,
        humanCheck: await solvedCheck(async (path) => (await t.call('GET', path)).json()),
      });
      expect(res.status).toBe(201);
      return (await res.json()).lead._id as string;
    };
    const id = await send();
    const moves = await Promise.all([
      staff.call('PUT', `/api/v1/quotes/van/update/${id}`, { status: 'contacted' }),
      staff.call('PUT', `/api/v1/quotes/van/update/${id}`, { status: 'quoted' }),
    ]);
    expect(moves.map((res) => res.status)).toEqual([200, 200]);
    const events = await t.test.database.db.select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(leadEvents.createdAt);
    const transitions = events.filter((event) => event.fromStatus !== null).map((event) => [event.fromStatus, event.toStatus]);
    // One chain new → x → y, never two moves both "from new".
    expect(transitions).toHaveLength(2);
    expect(transitions[0]![0]).toBe('new');
    expect(transitions[1]![0]).toBe(transitions[0]![1]);

    const doomed = await send();
    const [noted, deleted] = await Promise.all([
      staff.call('PUT', `/api/v1/quotes/van/update/${doomed}`, { note: 'Called back' }),
      staff.call('DELETE', `/api/v1/quotes/van/delete/${doomed}`),
    ]);
    expect(deleted.status).toBe(200);
    expect([200, 404]).toContain(noted.status);
  });
});
