import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { auditLog, postRevisions, posts, webhookDeliveries, webhookEndpoints } from '#src/server/db/schema.ts';
import { BULK_MAX } from '#src/schemas/pipeline.ts';

/** Posts chosen on the list and published, made drafts or deleted at once: as the editor's own buttons do to one. */
let t: TestApp;
let editor: Agent;
let editorId: string;
let endpointId: string;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  // An Editor: the least a person needs to publish a post by hand may publish several.
  editorId = await createUser(t, { email: 'writer@shannon-insurance.ie', password: 'a long test password', role: 'editor' });
  editor = agent(t);
  await editor.call('POST', '/api/v1/auth/login', { email: 'writer@shannon-insurance.ie', password: 'a long test password' });
  const [endpoint] = await t.test.database.db
    .insert(webhookEndpoints)
    .values({ url: 'https://crm.example.ie/hooks', events: ['post.published'], secretSealed: 'sealed' })
    .returning({ id: webhookEndpoints.id });
  endpointId = endpoint!.id;
});
afterAll(() => t.test.drop());

const draft = async (title: string, status = 'draft') =>
  (await (await editor.call('POST', '/api/v1/posts/create', { title, body: 'Body text.', tags: ['Bulk'], status })).json()).post._id as string;
const bulk = async (body: unknown) => {
  const res = await editor.call('POST', '/api/v1/posts/bulk', body);
  return { status: res.status, body: await res.json() };
};
const rowsOf = (ids: string[]) => t.test.database.db.select().from(posts).where(inArray(posts.id, ids));
const auditOf = (id: string) =>
  t.test.database.db
    .select({ action: auditLog.action, details: auditLog.details, actorId: auditLog.actorId })
    .from(auditLog)
    .where(eq(auditLog.target, `post:${id}`));
const publishedHooks = async (id: string) =>
  (
    await t.test.database.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.event, 'post.published')))
  ).filter((delivery) => JSON.stringify(delivery.payload).includes(id));

describe('POST /api/v1/posts/bulk', () => {
  it('is refused to a visitor', async () => {
    const id = await draft('Not for visitors');
    expect((await agent(t).call('POST', '/api/v1/posts/bulk', { action: 'delete', ids: [id] })).status).toBe(401);
    expect(await rowsOf([id])).toHaveLength(1);
  });

  it('publishes the chosen drafts now: a version each, audited with what changed, the webhook told, one already live left alone', async () => {
    const [a, b, live] = [await draft('Bulk one'), await draft('Bulk two'), await draft('Already live', 'published')];
    const res = await bulk({ action: 'status', ids: [a, b, live], status: 'published' });
    expect(res).toMatchObject({ status: 200, body: { ok: true, changed: 2, message: '2 posts published.' } });
    const rows = await rowsOf([a, b]);
    expect(rows.map((row) => row.status)).toEqual(['published', 'published']);
    expect(rows.every((row) => row.publishedAt !== null && row.publishedAt.getTime() <= Date.now())).toBe(true);
    // The public can read them at once.
    expect((await agent(t).call('GET', `/api/v1/posts/get/${a}`)).status).toBe(200);
    const entries = await auditOf(a);
    const update = entries.find((entry) => entry.action === 'post updated');
    expect(update).toMatchObject({ actorId: editorId, details: { bulk: true } });
    expect(JSON.stringify(update!.details)).toContain('status');
    expect(await t.test.database.db.select().from(postRevisions).where(eq(postRevisions.postId, a))).toHaveLength(2);
    expect(await publishedHooks(a)).toHaveLength(1);
    expect(await publishedHooks(b)).toHaveLength(1);
    // Live already: no second webhook, no new version.
    expect((await auditOf(live)).filter((entry) => entry.action === 'post updated')).toEqual([]);
    expect(await t.test.database.db.select().from(postRevisions).where(eq(postRevisions.postId, live))).toHaveLength(1);
  });

  it('makes drafts of live and scheduled posts, keeping their dates, and says so', async () => {
    const live = await draft('Back to draft', 'published');
    const later = (
      await (
        await editor.call('POST', '/api/v1/posts/create', {
          title: 'Scheduled',
          body: 'x',
          status: 'scheduled',
          publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
        })
      ).json()
    ).post._id as string;
    const before = await rowsOf([live]);
    const res = await bulk({ action: 'status', ids: [live, later], status: 'draft' });
    expect(res).toMatchObject({ status: 200, body: { changed: 2, message: '2 posts made drafts.' } });
    const after = await rowsOf([live]);
    expect(after[0]!.status).toBe('draft');
    expect(after[0]!.publishedAt).toEqual(before[0]!.publishedAt);
    expect((await agent(t).call('GET', `/api/v1/posts/get/${live}`)).status).toBe(404);
    expect((await auditOf(later)).map((entry) => entry.action)).toContain('post updated');
  });

  it('refuses bad input with 400, and changes nothing when one post is gone (404)', async () => {
    const id = await draft('Stays a draft');
    const bad: unknown[] = [
      {},
      { action: 'archive', ids: [id] },
      { action: 'status', ids: [], status: 'published' },
      { action: 'status', ids: [id], status: 'scheduled' },
      { action: 'status', ids: ['not-an-id'], status: 'published' },
      { action: 'delete', ids: Array.from({ length: BULK_MAX + 1 }, () => crypto.randomUUID()) },
      { action: 'delete', ids: id },
    ];
    for (const body of bad) expect((await bulk(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await bulk({ action: 'status', ids: [id, MISSING], status: 'published' })).status).toBe(404);
    expect((await bulk({ action: 'delete', ids: [id, MISSING] })).status).toBe(404);
    const [row] = await rowsOf([id]);
    expect(row!.status).toBe('draft');
    expect(await publishedHooks(id)).toEqual([]);
  });

  it('deletes the chosen posts, each audited', async () => {
    const [a, b] = [await draft('Delete one'), await draft('Delete two', 'published')];
    const res = await bulk({ action: 'delete', ids: [a, b, a] });
    expect(res).toMatchObject({ status: 200, body: { ok: true, changed: 2, message: '2 posts deleted.' } });
    expect(await rowsOf([a, b])).toEqual([]);
    expect((await auditOf(b)).map((entry) => entry.action)).toContain('post deleted');
  });
});
