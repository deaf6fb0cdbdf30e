import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PostView, TagCount } from '../schemas/post.ts';

/** The published posts as they were when the site was built (written by src/build/blog-snapshot.ts). */
export type BlogSnapshot = { posts: PostView[]; tags: TagCount[] };

/** Outside src/, so writing it does not make the sources look newer than the build. */
export const BLOG_SNAPSHOT_FILE = join(process.cwd(), '.cache', 'blog-snapshot.json');

/** Read at build time by the blog pages and the sitemap; empty when no snapshot was made (a plain `astro dev`). */
export function readBlogSnapshot(): BlogSnapshot {
  if (!existsSync(BLOG_SNAPSHOT_FILE)) return { posts: [], tags: [] };
  return JSON.parse(readFileSync(BLOG_SNAPSHOT_FILE, 'utf8')) as BlogSnapshot;
}
