import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { previewShares, users } from '#src/server/db/schema.ts';
import { createShare, deleteExpiredShares, findLiveShare } from '#src/server/previews/queries.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

/**
 * Shared previews: a link staff make for a draft, which works without an account until it
 * expires. Building one needs the site builder (the end-to-end suite shares a real draft);
 * here, who may ask, what is refused, and that an expired or unknown link opens nothing.
 */
let t: TestApp;
let editor: Agent;
let anon: Agent;
let editorId: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  editor = await signedInAs(t);
  anon = agent(t);
  const [row] = await t.test.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'editor@shannon-insurance.ie'));
  editorId = row!.id;
});
afterAll(() => t.test.drop());

describe('shared previews', () => {
  it('are made by staff only, for a page of the site or a post, in words when the ask is wrong', async () => {
    expect((await anon.call('POST', '/api/v1/previews/share', { kind: 'page', path: '/' })).status).toBe(401);
    const notAPage = await editor.call('POST', '/api/v1/previews/share', { kind: 'page', path: 'javascript:alert(1)' });
    expect(notAPage.status).toBe(400);
    expect((await notAPage.json()).errors).toContainEqual({ field: 'path', message: 'Choose a page of the site' });
    const neither = await editor.call('POST', '/api/v1/previews/share', { kind: 'everything' });
    expect(neither.status).toBe(400);
    expect(JSON.stringify(await neither.json())).toContain('Choose a page or a post to share');
    // This server has no site builder: it says so rather than failing.
    const noBuilder = await editor.call('POST', '/api/v1/previews/share', { kind: 'page', path: '/van-insurance' });
    expect(noBuilder.status).toBe(503);
    expect((await noBuilder.json()).message).toBe('Draft previews are not available on this server.');
  });

  it('opens nothing for an unknown, expired or withdrawn link, and keeps only the hash of the link', async () => {
    const { db } = t.test.database;
    const { row, token } = await createShare(db, { kind: 'page', target: '/van-insurance', path: '/van-insurance' }, editorId);
    expect(row.tokenHash).not.toContain(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await findLiveShare(db, token))?.id).toBe(row.id);
    // One character changed (never to itself: a random token ends in 'A' one time in 64).
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await findLiveShare(db, altered)).toBeNull();

    const unknown = await anon.call('GET', `/preview/shared/${'x'.repeat(43)}/van-insurance/`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('expired or was withdrawn');

    // A week later: the link opens nothing, and the clean-up removes it.
    await db.update(previewShares).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(previewShares.id, row.id));
    expect(await findLiveShare(db, token)).toBeNull();
    expect((await anon.call('GET', `/preview/shared/${token}/van-insurance/`)).status).toBe(404);
    const live = await createShare(db, { kind: 'page', target: '/', path: '/' }, editorId);
    expect(await deleteExpiredShares(db)).toEqual([row.id]);
    expect((await findLiveShare(db, live.token))?.id).toBe(live.row.id);

    // Withdrawn by staff: gone at once; a second withdrawal finds nothing.
    expect((await editor.call('DELETE', `/api/v1/previews/share/${live.row.id}`)).status).toBe(200);
    expect(await findLiveShare(db, live.token)).toBeNull();
    expect((await editor.call('DELETE', `/api/v1/previews/share/${live.row.id}`)).status).toBe(404);
    expect((await anon.call('DELETE', `/api/v1/previews/share/${live.row.id}`)).status).toBe(401);
  });
});
