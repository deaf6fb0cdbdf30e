import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog } from '#src/server/db/schema.ts';
import { NO_SUCH_REVISION } from '#src/server/posts/revisions.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

/** Every save of a post is kept (who, when); staff read an earlier one whole and restore it as a new save. */

let t: TestApp;
let editor: Agent;
let anon: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  editor = await signedInAs(t);
  anon = agent(t);
});
afterAll(() => t.test.drop());

const json = async (res: Response | Promise<Response>) => (await res).json();
const NO_ID = '00000000-0000-4000-8000-000000000000';

describe('post revisions', () => {
  it('keeps each save with who and when, newest first, and restores an earlier one as a new save', async () => {
    const first = { title: 'Fleet tips', body: 'First words.', tags: ['fleet'], status: 'draft' };
    const { post } = await json(editor.call('POST', '/api/v1/posts/create', first));
    const id = post._id as string;
    expect(
      (await editor.call('PUT', `/api/v1/posts/update/${id}`, { ...first, title: 'Fleet tips for 2027', body: 'Second words.', tags: ['fleet', 'vans'] }))
        .status,
    ).toBe(200);

    const { revisions } = await json(editor.call('GET', `/api/v1/posts/revisions/${id}`));
    expect(revisions.map((revision: { title: string }) => revision.title)).toEqual(['Fleet tips for 2027', 'Fleet tips']);
    expect(revisions[0].savedBy).toMatch(/\S+ \S+/);
    expect(Date.parse(revisions[0].savedAt)).toBeGreaterThanOrEqual(Date.parse(revisions[1].savedAt));

    const older = await json(editor.call('GET', `/api/v1/posts/revisions/${id}/${revisions[1]._id}`));
    expect(older.revision.fields).toMatchObject({ title: 'Fleet tips', body: 'First words.', tags: ['fleet'], status: 'draft' });

    const restored = await editor.call('POST', `/api/v1/posts/restore/${id}/${revisions[1]._id}`);
    expect(restored.status).toBe(200);
    expect((await restored.json()).post).toMatchObject({ title: 'Fleet tips', body: 'First words.', tags: ['fleet'] });
    // The restore is itself a save: three now, the newest the restored words.
    const after = await json(editor.call('GET', `/api/v1/posts/revisions/${id}`));
    expect(after.revisions.map((revision: { title: string }) => revision.title)).toEqual(['Fleet tips', 'Fleet tips for 2027', 'Fleet tips']);
    const audited = await t.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `post:${id}`));
    expect(audited.map((entry) => entry.action)).toContain('post restored');
  });

  it('folds a draft’s saves by one person, minutes apart, into one version and one log entry', async () => {
    const draft = { title: 'Truck checks', body: 'One.', tags: [], status: 'draft' };
    const { post } = await json(editor.call('POST', '/api/v1/posts/create', draft));
    const id = post._id as string;
    // As a draft saving itself: three saves in a row.
    for (const body of ['Two.', 'Three.', 'Four.']) expect((await editor.call('PUT', `/api/v1/posts/update/${id}`, { ...draft, body })).status).toBe(200);
    const titles = async () => (await json(editor.call('GET', `/api/v1/posts/revisions/${id}`))).revisions as { _id: string }[];
    const history = await titles();
    // The first version as written, then one for the three saves, holding the last of them.
    expect(history).toHaveLength(2);
    expect((await json(editor.call('GET', `/api/v1/posts/revisions/${id}/${history[0]!._id}`))).revision.fields.body).toBe('Four.');
    expect((await json(editor.call('GET', `/api/v1/posts/revisions/${id}/${history[1]!._id}`))).revision.fields.body).toBe('One.');
    const updates = async () =>
      (
        await t.test.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `post:${id}`))
      ).filter((entry) => entry.action === 'post updated');
    expect(await updates()).toHaveLength(1);

    // Someone else's save is a version of its own; so is every save of a published post.
    const colleague = await signedInAs(t, 'colleague@shannon-insurance.ie');
    await colleague.call('PUT', `/api/v1/posts/update/${id}`, { ...draft, body: 'Five.' });
    expect(await titles()).toHaveLength(3);
    await colleague.call('PUT', `/api/v1/posts/update/${id}`, { ...draft, body: 'Six.', status: 'published' });
    await colleague.call('PUT', `/api/v1/posts/update/${id}`, { ...draft, body: 'Seven.', status: 'published' });
    expect(await titles()).toHaveLength(5);
    expect(await updates()).toHaveLength(4);

    // Older than the window: a new version.
    await editor.call('PUT', `/api/v1/posts/update/${id}`, { ...draft, body: 'Eight.' });
    await t.test.database.db.execute(sql`update post_revisions set saved_at = saved_at - interval '11 minutes' where post_id = ${id}`);
    await editor.call('PUT', `/api/v1/posts/update/${id}`, { ...draft, body: 'Nine.' });
    expect(await titles()).toHaveLength(7);
  });

  it('answers 404 for a revision of another post or none, and 401 to a visitor', async () => {
    const a = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Post A', body: 'A.' }));
    const b = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Post B', body: 'B.' }));
    const { revisions } = await json(editor.call('GET', `/api/v1/posts/revisions/${a.post._id}`));
    const crossed = await editor.call('GET', `/api/v1/posts/revisions/${b.post._id}/${revisions[0]._id}`);
    expect(crossed.status).toBe(404);
    expect((await crossed.json()).message).toBe(NO_SUCH_REVISION);
    expect((await editor.call('POST', `/api/v1/posts/restore/${a.post._id}/${NO_ID}`)).status).toBe(404);
    expect((await editor.call('POST', `/api/v1/posts/restore/${a.post._id}/not-an-id`)).status).toBe(404);
    expect((await anon.call('GET', `/api/v1/posts/revisions/${a.post._id}`)).status).toBe(401);
    expect((await anon.call('POST', `/api/v1/posts/restore/${a.post._id}/${revisions[0]._id}`)).status).toBe(401);
  });

  it('refuses, in words, to restore a save whose slug another post has taken since', async () => {
    const { post } = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Renewal guide', body: 'Text.' }));
    const { revisions } = await json(editor.call('GET', `/api/v1/posts/revisions/${post._id}`));
    await editor.call('PUT', `/api/v1/posts/update/${post._id}`, { title: 'Renewal guide', body: 'Text.', slug: 'renewal-guide-2027' });
    await editor.call('POST', '/api/v1/posts/create', { title: 'Renewal guide', body: 'Another.' });
    const refused = await editor.call('POST', `/api/v1/posts/restore/${post._id}/${revisions[0]._id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('Another post already uses this slug.');
  });
});
