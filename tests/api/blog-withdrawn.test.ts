import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticSite } from '#src/server/static-site.ts';
import { BUILT_POST_VERSIONS_FILE } from '#src/site/blog-snapshot.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

/**
 * A post's built page, the sitemap and the feed follow the database at once: withdrawing or
 * deleting a post takes it off all three before any rebuild. Before, /blog/{slug} fell through
 * to the built page (the full article) and the sitemap was a built file.
 */
const SHELL = '<!doctype html><title>Blog</title><main id="reader"></main>';
const articleHtml = (slug: string) => `<!doctype html><title>${slug}</title><article>The full article of ${slug}.</article>`;
const slugs = { withdrawn: 'withdrawn-post', deleted: 'deleted-post', edited: 'edited-post', kept: 'kept-post' };

let dist: string;
let t: TestApp;
let staff: Agent;
const posts: Record<string, { _id: string; updatedAt: string }> = {};

beforeAll(async () => {
  const { rebuildSite, staffAgent } = await setUp();
  staff = staffAgent;
  await rebuildSite();
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
  await t.test.drop();
});

/** Publishes the posts, then "builds" the site from them: a page per post and the versions file, as ensure-built writes. */
async function setUp() {
  dist = await mkdtemp(join(tmpdir(), 'dist-blog-'));
  await mkdir(join(dist, 'blog'));
  await writeFile(join(dist, 'blog-reader.html'), SHELL);
  // The app is made first (the test database), the site loaded into it once the posts exist.
  const site = { current: null as Awaited<ReturnType<typeof loadStaticSite>> };
  t = await makeTestApp({
    env: { TWO_FACTOR_ENABLED: 'false' },
    site: {
      find: (path) => site.current?.find(path),
      get adminPage() {
        return site.current?.adminPage;
      },
      builtPostVersion: (slug) => site.current?.builtPostVersion(slug),
      get fileCount() {
        return site.current?.fileCount ?? 0;
      },
    },
  });
  await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  const staffAgent = agent(t);
  await staffAgent.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  for (const [name, slug] of Object.entries(slugs)) {
    const res = await staffAgent.call('POST', '/api/v1/posts/create', {
      title: `Post ${name}`,
      slug,
      body: `Body of ${name}.`,
      status: 'published',
      excerpt: `About ${name}.`,
    });
    expect(res.status).toBe(201);
    posts[name] = (await res.json()).post;
  }
  const rebuildSite = async () => {
    const versions: Record<string, string> = {};
    for (const [name, slug] of Object.entries(slugs)) {
      await writeFile(join(dist, 'blog', `${slug}.html`), articleHtml(slug));
      versions[slug] = posts[name]!.updatedAt;
    }
    await writeFile(join(dist, BUILT_POST_VERSIONS_FILE), JSON.stringify(versions));
    site.current = await loadStaticSite(dist);
  };
  return { rebuildSite, staffAgent };
}

const page = (path: string, method = 'GET') => t.call(method, path);
const update = (name: keyof typeof slugs, fields: Record<string, unknown>) =>
  staff.call('PUT', `/api/v1/posts/update/${posts[name]!._id}`, {
    title: `Post ${name}`,
    body: `Body of ${name}.`,
    excerpt: `About ${name}.`,
    status: 'published',
    ...fields,
  });

describe('a published post', () => {
  it('is served from its built page, listed in the sitemap and in the feed', async () => {
    for (const slug of Object.values(slugs)) {
      const res = await page(`/blog/${slug}`);
      expect(res.status, slug).toBe(200);
      expect(await res.text()).toBe(articleHtml(slug));
    }
    const sitemap = await (await page('/sitemap.xml')).text();
    const feed = await (await page('/rss.xml')).text();
    for (const slug of Object.values(slugs)) {
      expect(sitemap).toContain(`<loc>http://localhost:3000/blog/${slug}</loc>`);
      expect(feed).toContain(`<link>http://localhost:3000/blog/${slug}</link>`);
    }
  });
});

describe('a withdrawn or deleted post is gone at once, before any rebuild', () => {
  it('set back to draft: no page (by slug or id, GET or HEAD), not in the sitemap, not in the feed', async () => {
    expect((await update('withdrawn', { status: 'draft' })).status).toBe(200);
    await expectGone(slugs.withdrawn, posts.withdrawn!._id);
  });

  it('deleted: the same', async () => {
    expect((await staff.call('DELETE', `/api/v1/posts/delete/${posts.deleted!._id}`)).status).toBe(200);
    await expectGone(slugs.deleted, posts.deleted!._id);
  });

  it('edited after the build: the shell is served, never the older article', async () => {
    const res = await update('edited', { body: 'The corrected text.' });
    expect(res.status).toBe(200);
    const served = await page(`/blog/${slugs.edited}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(SHELL);
  });

  it('the others are still served', async () => {
    expect(await (await page(`/blog/${slugs.kept}`)).text()).toBe(articleHtml(slugs.kept));
    expect(await (await page('/sitemap.xml')).text()).toContain(`/blog/${slugs.kept}</loc>`);
  });
});

async function expectGone(slug: string, id: string) {
  for (const [path, method] of [
    [`/blog/${slug}`, 'GET'],
    [`/blog/${slug}`, 'HEAD'],
    [`/blog/${id}`, 'GET'],
    [`/blog/${slug}/`, 'GET'],
  ] as const) {
    const res = await page(path, method);
    expect(res.status, `${method} ${path}`).toBe(302);
    expect(res.headers.get('location'), `${method} ${path}`).toBe('/');
    expect(await res.text(), `${method} ${path}`).not.toContain('full article');
  }
  expect((await t.call('GET', `/api/v1/posts/get/${slug}`)).status).toBe(404);
  expect(await (await page('/sitemap.xml')).text()).not.toContain(`/blog/${slug}<`);
  expect(await (await page('/rss.xml')).text()).not.toContain(`/blog/${slug}<`);
}
