import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlogSnapshot } from '../site/blog-snapshot.ts';
import { type BuildStamp, readStamp } from './build-stamp.ts';

/**
 * A rebuild after posts alone changed renders only those posts' pages and takes every other
 * post's page from the build before (a hard link): Astro renders each route on every build
 * (7 s for 1,000 posts here), which a one-post publish need not pay. Everything else (the
 * site's pages, the blog's list pages) is rendered as always. It applies only when the build
 * before was made from the same sources, site facts and content, and holds the pages it is to
 * give; anything else is a full build. A post's page depends on nothing but the post (its
 * view as the snapshot holds it) and those three, so a hash of the view says when to redo it.
 * (`tests/api/partial-build.test.ts` compares a partial build with a full one, file for file.)
 */

/** Written into the build (a dotfile, never served): a hash of each post's view as its page was rendered from. */
export const BUILT_POST_HASHES_FILE = '.blog-post-hashes.json';

/** More changed posts than this and a full build is as quick. */
const MOST_POSTS_TO_RENDER = 100;

export const postHashes = (blog: BlogSnapshot): Record<string, string> =>
  Object.fromEntries(blog.posts.map((post) => [post.slug, createHash('sha256').update(JSON.stringify(post)).digest('base64url')]));

const postPage = (dir: string, slug: string) => join(dir, 'blog', `${slug}.html`);

export type PartialPlan = { render: string[]; reuse: string[]; from: string };

/** What a rebuild into a new folder can take from `previousDir`, or null for a full build. */
export function partialPlan(previousDir: string | undefined, current: BuildStamp, blog: BlogSnapshot): PartialPlan | null {
  if (!previousDir) return null;
  const before = readStamp(previousDir);
  const hashesFile = join(previousDir, BUILT_POST_HASHES_FILE);
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
  const previous = JSON.parse(readFileSync(hashesFile, 'utf8')) as Record<string, string>;
  const render: string[] = [];
  const reuse: string[] = [];
  for (const [slug, hash] of Object.entries(postHashes(blog))) {
    if (previous[slug] === hash && existsSync(postPage(previousDir, slug))) reuse.push(slug);
    else render.push(slug);
  }
  return render.length > MOST_POSTS_TO_RENDER ? null : { render, reuse, from: previousDir };
}

/** Puts the reused posts' pages into the new build: hard links where the folders share a file system, else copies. */
export async function reusePostPages(plan: PartialPlan, outDir: string): Promise<void> {
  await mkdir(join(outDir, 'blog'), { recursive: true });
  await Promise.all(
    plan.reuse.map(async (slug) => {
      const to = postPage(outDir, slug);
      await rm(to, { force: true });
      await link(postPage(plan.from, slug), to).catch(() => copyFile(postPage(plan.from, slug), to));
    }),
  );
}
