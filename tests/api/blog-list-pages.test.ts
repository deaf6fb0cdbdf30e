import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticSite } from '#src/server/static-site.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/**
 * The blog list is built as /blog, /blog/page/2, /blog/page/3…: those are plain built pages,
 * served as such, while any other /blog/{key} is a post the database must vouch for.
 */
let dist: string;
let t: TestApp;
const listPage = (n: number) => `<!doctype html><title>Blog, page ${n}</title>`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-blog-pages-'));
  await mkdir(join(dist, 'blog', 'page'), { recursive: true });
  await writeFile(join(dist, 'blog.html'), listPage(1));
  await writeFile(join(dist, 'blog', 'page', '2.html'), listPage(2));
  await writeFile(join(dist, 'blog', 'page', '3.html'), listPage(3));
  await writeFile(join(dist, 'blog', 'not-published.html'), '<!doctype html><title>A post the database does not hold</title>');
  t = await makeTestApp({ site: await loadStaticSite(dist) });
});
afterAll(async () => {
  await rm(dist, { recursive: true });
  await t.test.drop();
});

describe('the blog list pages', () => {
  it('serves each built page of the list at its address, with revalidation', async () => {
    for (const n of [2, 3]) {
      const res = await t.call('GET', `/blog/page/${n}`);
      expect(res.status, `/blog/page/${n}`).toBe(200);
      expect(await res.text()).toBe(listPage(n));
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect(await (await t.call('GET', '/blog')).text()).toBe(listPage(1));
  });

  it('sends a page that was not built, and page 1 (which is /blog), home like any unknown address', async () => {
    for (const path of ['/blog/page/4', '/blog/page/1', '/blog/page/02', '/blog/page/2/extra']) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/');
    }
  });

  it('still serves a post page only when the database says the post is published', async () => {
    const res = await t.call('GET', '/blog/not-published');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});
