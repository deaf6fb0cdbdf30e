import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostView, TagCount } from '../schemas/post.ts';
import { snapshotDir } from './snapshot-dir.ts';

/** The published posts as they were when the site was built (written by src/build/blog-snapshot.ts). */
export type BlogSnapshot = { posts: PostView[]; tags: TagCount[] };

/** More than any broker's blog will hold; the built pages list them all, the island pages through the API. */
export const BLOG_SNAPSHOT_MAX_POSTS = 2000;

export const BLOG_SNAPSHOT_NAME = 'blog-snapshot.json';

/** Read at build time by the blog pages and the sitemap, from the build's snapshot folder; empty when no snapshot was made (a plain `astro dev`). */
export function readBlogSnapshot(): BlogSnapshot {
  const file = join(snapshotDir(), BLOG_SNAPSHOT_NAME);
  if (!existsSync(file)) return { posts: [], tags: [] };
  return JSON.parse(readFileSync(file, 'utf8')) as BlogSnapshot;
}

/**
 * Written into the build (a dotfile, never served): each pre-rendered post's slug and the
 * `updatedAt` it was rendered from. The server serves a post's built page only while the
 * database still holds that version, so an edit or a withdrawal is never hidden by an older page.
 */
export const BUILT_POST_VERSIONS_FILE = '.blog-post-versions.json';

export type BuiltPostVersions = Record<string, string>;

export const builtPostVersions = (snapshot: BlogSnapshot): BuiltPostVersions => Object.fromEntries(snapshot.posts.map((post) => [post.slug, post.updatedAt]));
