import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { seedContent } from '#src/server/content/seed.ts';
import { SEARCH_ELEMENTS, SEARCH_SECTION } from '#src/site/content-seed/define.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { contentElements, contentSections, posts } from '#src/server/db/schema.ts';
import { BLOG_PAGE_SIZE } from '#src/lib/blog.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/**
 * The blog list's further pages (/blog/page/2…) are built pages of their own, so the sitemap
 * lists them, as many as the published posts fill, from the database like the posts.
 */
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.test.drop();
});

const sitemap = async () => {
  const res = await t.call('GET', '/sitemap.xml');
  expect(res.status).toBe(200);
  return res.text();
};
const listPages = (xml: string) => [...xml.matchAll(/<loc>[^<]*(\/blog\/page\/\d+)<\/loc>/g)].map((match) => match[1]);

describe('the sitemap and the blog list pages', () => {
  it('lists /blog/page/2… for every further page the published posts fill, and no page for drafts', async () => {
    const { db } = t.test.database;
    const existing = await db.$count(posts);
    expect(existing).toBe(0);
    expect(listPages(await sitemap())).toEqual([]);

    // Two pages and one post: three list pages. A draft does not make a fourth.
    const published = BLOG_PAGE_SIZE * 2 + 1;
    await db.insert(posts).values(
      Array.from({ length: published }, (_, i) => ({
        title: `Post ${i}`,
        slug: `post-${i}`,
        excerpt: `About post ${i}.`,
        body: 'Body.',
        bodyHtml: '<p>Body.</p>',
        status: 'published' as const,
        publishedAt: new Date(Date.now() - 60_000 - i * 1000),
      })),
    );
    await db.insert(posts).values(
      Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => ({
        title: `Draft ${i}`,
        slug: `draft-${i}`,
        excerpt: 'Draft.',
        body: 'Body.',
        bodyHtml: '<p>Body.</p>',
        status: 'draft' as const,
      })),
    );

    const xml = await sitemap();
    expect(listPages(xml)).toEqual(['/blog/page/2', '/blog/page/3']);
    expect(xml).toContain('<loc>http://localhost:3000/blog/page/2</loc>');
    expect(xml).toContain('<loc>http://localhost:3000/blog</loc>');
  });

  it('leaves every list page out once the blog is hidden from search engines, not only the first', async () => {
    const { db } = t.test.database;
    await seedContent(db);
    const blogRoot = seedPages.find((page) => page.path === '/blog')!.root;
    const [section] = await db
      .select({ id: contentSections.id })
      .from(contentSections)
      .where(eq(contentSections.namePath, `${blogRoot}/${SEARCH_SECTION}`));
    await db
      .update(contentElements)
      .set({ value: true, publishedValue: true })
      .where(and(eq(contentElements.sectionId, section!.id), eq(contentElements.name, SEARCH_ELEMENTS.hidden)));
    const xml = await sitemap();
    expect(listPages(xml)).toEqual([]);
    expect(xml).not.toContain('<loc>http://localhost:3000/blog</loc>');
    // The posts themselves are not the list: they stay.
    expect(xml).toContain('<loc>http://localhost:3000/blog/post-0</loc>');
  });
});
