import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANONICAL_INVALID } from '#src/schemas/search-listing.ts';
import { postPageEntry } from '#src/site/blog-page-entries.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { signedInAs, type Agent } from '../support/agent.ts';

/**
 * A post's own search settings, as a page has them: a canonical address and "hide from search
 * engines", which asks for noindex on the post's page and leaves it out of the sitemap.
 */
let t: TestApp;
let editor: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  editor = await signedInAs(t);
});
afterAll(() => t.test.drop());

const json = async (res: Response | Promise<Response>) => (await res).json();
const sitemap = async () => (await t.call('GET', '/sitemap.xml')).text();

describe('a post hidden from search engines, or listed under another address', () => {
  it('keeps both settings, leaves the sitemap, and says noindex and the canonical on its page', async () => {
    const shown = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Listed post', body: 'Words.', status: 'published' }));
    const created = await editor.call('POST', '/api/v1/posts/create', {
      title: 'Hidden post',
      body: 'Words.',
      status: 'published',
      seoHidden: true,
      seoCanonical: '/van-insurance',
    });
    expect(created.status).toBe(201);
    const { post } = await created.json();
    expect(post).toMatchObject({ seoHidden: true, seoCanonical: '/van-insurance' });

    const xml = await sitemap();
    expect(xml).toContain(`/blog/${shown.post.slug}<`);
    expect(xml).not.toContain(`/blog/${post.slug}<`);

    const entry = postPageEntry(post);
    expect(entry).toMatchObject({ noindex: true, canonical: '/van-insurance', inSitemap: false });
    expect(postPageEntry(shown.post)).not.toHaveProperty('noindex');

    // Shown again: back in the sitemap; the setting is part of the post's history.
    const updated = await editor.call('PUT', `/api/v1/posts/update/${post._id}`, {
      title: 'Hidden post',
      body: 'Words.',
      status: 'published',
      seoHidden: false,
    });
    expect(updated.status).toBe(200);
    expect(await sitemap()).toContain(`/blog/${post.slug}<`);
    const { revisions } = await json(editor.call('GET', `/api/v1/posts/revisions/${post._id}`));
    const restored = await json(editor.call('POST', `/api/v1/posts/restore/${post._id}/${revisions[1]._id}`));
    expect(restored.post).toMatchObject({ seoHidden: true, seoCanonical: '/van-insurance' });
    expect(await sitemap()).not.toContain(`/blog/${post.slug}<`);
  });

  it('refuses a canonical address that is not one, in words, and keeps the post as it was', async () => {
    const { post } = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Careful post', body: 'Words.' }));
    for (const seoCanonical of ['javascript:alert(1)', 'van insurance', '//elsewhere.example/x']) {
      const res = await editor.call('PUT', `/api/v1/posts/update/${post._id}`, { title: 'Changed', body: 'Words.', seoCanonical });
      expect(res.status, seoCanonical).toBe(400);
      const body = await res.json();
      expect(body.errors).toContainEqual(expect.objectContaining({ field: 'seoCanonical', message: CANONICAL_INVALID }));
    }
    const wrongType = await editor.call('PUT', `/api/v1/posts/update/${post._id}`, { title: 'Changed', body: 'Words.', seoHidden: 'yes' });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(await wrongType.json())).not.toMatch(/Invalid type|Expected/);
    const { post: still } = await json(editor.call('GET', `/api/v1/posts/get/${post._id}`));
    expect(still).toMatchObject({ title: 'Careful post', seoCanonical: '', seoHidden: false });
  });
});
