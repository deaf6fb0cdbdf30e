import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type BlogSnapshot, listPageView, relatedPostsOf } from '../site/blog-snapshot.ts';
import { blogListPageCount, blogListPath } from '#src/lib/blog.ts';
import { type BuildStamp, readStamp } from './build-stamp.ts';

/**
 * A rebuild after posts alone changed renders only the pages those changes reach and takes
 * every other blog page from the build before (a hard link): Astro renders each route on
 * every build (7 s for 1,000 posts here), which a one-post publish need not pay. The pages
 * taken are the posts' pages and the older list pages (/blog/page/N); the site's own pages
 * and /blog are rendered as always. It applies only when the build before was made from the
 * same sources, site facts and content, and holds the pages it is to give; anything else is a
 * full build. A post's page depends on nothing but the post (its view as the snapshot holds
 * it), its related posts' cards and those three, and a list page on what listPageView gives it, so a hash of each says
 * when to redo the page. (`tests/api/partial-build.test.ts` compares a partial build with a
 * full one, file for file.)
 */

/** Written into the build (a dotfile, never served): a hash of what each blog page was rendered from. */
export const BUILT_PAGE_HASHES_FILE = '.blog-page-hashes.json';

/** More changed posts than this and a full build is as quick. */
const MOST_POSTS_TO_RENDER = 100;

export type PageHashes = { posts: Record<string, string>; lists: Record<string, string> };

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/** The hashes of a blog's pages: each post's view by slug, and each older list page's view by number. */
export function pageHashes(blog: BlogSnapshot): PageHashes {
  const lists: Record<string, string> = {};
  for (let page = 2; page <= blogListPageCount(blog.posts.length); page++) lists[page] = hashOf(listPageView(blog, page));
  // A post's page shows the post and the cards of its related posts: a change to either redoes it.
  return { posts: Object.fromEntries(blog.posts.map((post) => [post.slug, hashOf({ post, related: relatedPostsOf(blog.posts, post) })])), lists };
}

const postPage = (dir: string, slug: string) => join(dir, 'blog', `${slug}.html`);
const listPage = (dir: string, page: number) => join(dir, `${blogListPath(page)}.html`);

/** Which pages a partial build renders and which it takes from `from`: posts by slug, list pages by number. */
export type PartialPlan = { render: string[]; reuse: string[]; renderLists: number[]; reuseLists: number[]; from: string };

/** What a rebuild into a new folder can take from `previousDir`, given its own pages' hashes, or null for a full build. */
export function partialPlan(previousDir: string | undefined, current: BuildStamp, now: PageHashes): PartialPlan | null {
  if (!previousDir) return null;
  const before = readStamp(previousDir);
  const hashesFile = join(previousDir, BUILT_PAGE_HASHES_FILE);
  if (
    !before ||
    before.content === undefined ||
    before.content !== current.content ||
    before.sourcesTime < current.sourcesTime ||
    JSON.stringify(before.facts) !== JSON.stringify(current.facts) ||
    !existsSync(hashesFile)
  ) {
    return null;
  }
  const previous = JSON.parse(readFileSync(hashesFile, 'utf8')) as PageHashes;
  const plan: PartialPlan = { render: [], reuse: [], renderLists: [], reuseLists: [], from: previousDir };
  for (const [slug, hash] of Object.entries(now.posts)) {
    if (previous.posts[slug] === hash && existsSync(postPage(previousDir, slug))) plan.reuse.push(slug);
    else plan.render.push(slug);
  }
  for (const [page, hash] of Object.entries(now.lists)) {
    if (previous.lists[page] === hash && existsSync(listPage(previousDir, Number(page)))) plan.reuseLists.push(Number(page));
    else plan.renderLists.push(Number(page));
  }
  return plan.render.length > MOST_POSTS_TO_RENDER ? null : plan;
}

/** Puts the reused pages into the new build: hard links where the folders share a file system, else copies. */
export async function reusePages(plan: PartialPlan, outDir: string): Promise<void> {
  const take = async (from: string, to: string) => {
    await mkdir(dirname(to), { recursive: true });
    await rm(to, { force: true });
    await link(from, to).catch(() => copyFile(from, to));
  };
  await Promise.all([
    ...plan.reuse.map((slug) => take(postPage(plan.from, slug), postPage(outDir, slug))),
    ...plan.reuseLists.map((page) => take(listPage(plan.from, page), listPage(outDir, page))),
  ]);
}
