import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type PostView, type TagCount, withoutBodies } from '../schemas/post.ts';
import { BLOG_PAGE_SIZE, blogListPageCount } from '#src/lib/blog.ts';
import { snapshotDir } from './snapshot-dir.ts';

/** The published posts as they were when the site was built (written by src/build/export-snapshots.ts). */
export type BlogSnapshot = { posts: PostView[]; tags: TagCount[] };

/** More than any broker's blog will hold; the built pages list them all, the island pages through the API. */
export const BLOG_SNAPSHOT_MAX_POSTS = 2000;

export const BLOG_SNAPSHOT_NAME = 'blog-snapshot.json';

/** The last snapshot read, by file and version: a build renders a thousand post pages and eighty list pages from one file. */
let last: { key: string; snapshot: BlogSnapshot } | undefined;

/**
 * Read at build time by the blog pages and the sitemap, from the build's snapshot folder; empty
 * when no snapshot was made (a plain `astro dev`). Parsed once per build, not once per page
 * (the file is megabytes with a big blog): read again only when the file changed (its size or
 * time), as under `astro dev`. The result is shared, so callers must not change it.
 */
export function readBlogSnapshot(): BlogSnapshot {
  const file = join(snapshotDir(), BLOG_SNAPSHOT_NAME);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return { posts: [], tags: [] };
  const key = `${file}\0${stat.size}\0${stat.mtimeMs}\0${stat.ino}`;
  if (last?.key !== key) last = { key, snapshot: JSON.parse(readFileSync(file, 'utf8')) as BlogSnapshot };
  return last.snapshot;
}

/** What one page of /blog (one-based) shows: everything its HTML is made from beside the sources, site facts and content. */
export function listPageView({ posts, tags }: BlogSnapshot, page: number) {
  return {
    // A card needs no body: leaving it out keeps the island's preloaded state small.
    shown: withoutBodies(posts.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE)),
    tags,
    totalItems: posts.length,
    totalPages: blogListPageCount(posts.length),
  };
}

/** How many other posts a post's page offers to read next. */
export const RELATED_POSTS = 3;

const timeOf = (post: PostView) => (post.publishedAt ? Date.parse(post.publishedAt) : 0);

/**
 * The posts a post's page offers to read next: those sharing most of its topics, then those
 * published closest to it (not the newest: a new post then changes the pages of its few
 * neighbours, not of every post, so a publish stays a partial rebuild). Without bodies: a
 * card needs none, and the page's hash (partial-build.ts) covers exactly what it shows.
 */
export function relatedPostsOf(posts: readonly PostView[], post: PostView): PostView[] {
  const topics = new Set(post.tags);
  const at = timeOf(post);
  type Candidate = { other: PostView; shared: number; distance: number };
  const before = (a: Candidate, b: Candidate) => b.shared - a.shared || a.distance - b.distance || a.other.slug.localeCompare(b.other.slug);
  // The best few kept in order in one pass: every post's page asks this of every other post, so
  // a build with a thousand posts must not sort the whole blog a thousand times.
  const best: Candidate[] = [];
  for (const other of posts) {
    if (other.slug === post.slug) continue;
    const candidate = { other, shared: other.tags.filter((tag) => topics.has(tag)).length, distance: Math.abs(timeOf(other) - at) };
    const place = best.findIndex((kept) => before(candidate, kept) < 0);
    if (place === -1) {
      if (best.length < RELATED_POSTS) best.push(candidate);
    } else {
      best.splice(place, 0, candidate);
      if (best.length > RELATED_POSTS) best.pop();
    }
  }
  return withoutBodies(best.map(({ other }) => other));
}

/**
 * Written into the build (a dotfile, never served): each pre-rendered post's slug and the
 * `updatedAt` it was rendered from. The server serves a post's built page only while the
 * database still holds that version, so an edit or a withdrawal is never hidden by an older page.
 */
export const BUILT_POST_VERSIONS_FILE = '.blog-post-versions.json';

export type BuiltPostVersions = Record<string, string>;

export const builtPostVersions = (snapshot: BlogSnapshot): BuiltPostVersions => Object.fromEntries(snapshot.posts.map((post) => [post.slug, post.updatedAt]));

/**
 * Set by a partial rebuild (src/build/partial-build.ts) to the JSON list of the slugs whose
 * pages Astro is to render; the other posts' pages are taken from the build before. Unset, every post.
 */
export const ONLY_POSTS_VARIABLE = 'BLOG_ONLY_POSTS';

/** The posts whose pages this build renders. */
export function postsToRender(posts: PostView[]): PostView[] {
  const only = process.env[ONLY_POSTS_VARIABLE];
  if (only === undefined) return posts;
  const slugs = new Set(JSON.parse(only) as string[]);
  return posts.filter((post) => slugs.has(post.slug));
}

/**
 * Set by a partial rebuild to the JSON list of the older list pages (/blog/page/N, one-based
 * numbers) Astro is to render; the others are taken from the build before. Unset, every one.
 */
export const ONLY_LIST_PAGES_VARIABLE = 'BLOG_ONLY_LIST_PAGES';

/** The numbers of the older list pages (2, 3…, of `count`) this build renders. */
export function listPagesToRender(count: number): number[] {
  const all = Array.from({ length: Math.max(0, count - 1) }, (_, index) => index + 2);
  const only = process.env[ONLY_LIST_PAGES_VARIABLE];
  if (only === undefined) return all;
  const pages = new Set(JSON.parse(only) as number[]);
  return all.filter((page) => pages.has(page));
}
