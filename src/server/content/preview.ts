import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { blogSnapshotFrom } from '#src/build/export-snapshots.ts';
import type { SiteBuilder } from '#src/build/site-builder.ts';
import { projectRoot } from '#src/build/build-site.ts';
import { BLOG_SNAPSHOT_NAME } from '#src/site/blog-snapshot.ts';
import type { Db } from '../db/client.ts';
import type { PostView } from '#src/schemas/post-view.ts';
import type { Logger } from '../log.ts';
import { contentSnapshotFrom } from './snapshot.ts';
import { CONTENT_SNAPSHOT_NAME } from '#src/site/snapshot-dir.ts';

/**
 * Draft previews: the site's own pages built from the saved (not yet published) content, each
 * text marked with the element it came from, for the page editor to show and point into. A
 * preview is named by a hash of what it was built from, so the same drafts are built once;
 * builds go one at a time through the site builder's Astro process (the publishes' own), and
 * the newest few are kept under `buildsDir/.previews`.
 */
export type PreviewService = {
  /**
   * A preview of the content as saved now: built, or the one already built from the same drafts.
   * Once every request waiting for a build has gone (`signal`: the editor saved again and asked
   * for a newer one), a build not yet started is dropped from the queue.
   */
  build(db: Db, signal?: AbortSignal): Promise<{ id: string; seconds: number }>;
  /** The same with one post's page, as it is saved now, shown as if published (a draft shared for review). */
  buildWithPost(db: Db, post: PostView): Promise<{ id: string; seconds: number }>;
  /** The folder of a built preview, or null when there is none (never built, or pruned). */
  folder(id: string): string | null;
  /** Keeps a copy of a built preview for a shared link, safe from pruning until `unshare`. */
  share(previewId: string, shareId: string): Promise<void>;
  /** A shared copy's folder, or null once it is gone. */
  sharedFolder(shareId: string): string | null;
  unshare(shareId: string): Promise<void>;
};

/** Previews kept on disk: enough for a few staff editing at once. */
const PREVIEWS_KEPT = 6;
/** What marks a preview folder as finished. */
const DONE_FILE = '.preview-done';
/** A preview's name: hex, as made here, so an address can name nothing else. */
const PREVIEW_ID = /^[0-9a-f]{32}$/;

/** Moves a folder, copying it where the two places are on different disks (the data folder elsewhere). */
async function moveFolder(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/** A shared copy's name: the share's uuid. */
const SHARE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Previews made by another build of the code (an earlier server) may differ from this one's pages. */
const CODE_RUN = randomUUID();

export function createPreviewService(buildsDir: string, builder: SiteBuilder, log: Logger): PreviewService | null {
  const preview = builder.preview;
  if (!preview) return null;
  const root = join(buildsDir, '.previews');
  /** Builds under way or queued, each with how many requests wait for it and a way to drop it. */
  const building = new Map<string, { done: Promise<void>; waiting: number; abandon: AbortController }>();

  /**
   * Waits for a build. A request that goes (its signal aborted) stops waiting at once, whether or
   * not others still wait; the last waiter to go drops the build if it has not started.
   */
  function waitFor(pending: { done: Promise<void>; waiting: number; abandon: AbortController }, signal?: AbortSignal): Promise<void> {
    pending.waiting += 1;
    if (!signal) return pending.done;
    return new Promise<void>((resolve, reject) => {
      const left = () => {
        pending.waiting -= 1;
        if (pending.waiting === 0) pending.abandon.abort(signal.reason);
        reject(signal.reason);
      };
      if (signal.aborted) {
        left();
        return;
      }
      signal.addEventListener('abort', left, { once: true });
      pending.done.then(resolve, reject).finally(() => signal.removeEventListener('abort', left));
    });
  }

  async function prune(keep: string): Promise<void> {
    const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
    const folders = await Promise.all(
      entries
        .filter((entry) => entry.isDirectory() && PREVIEW_ID.test(entry.name))
        .map(async (entry) => ({ name: entry.name, at: (await stat(join(root, entry.name))).mtimeMs })),
    );
    const old = folders.sort((a, b) => b.at - a.at).slice(PREVIEWS_KEPT);
    await Promise.all(
      old.filter((folder) => folder.name !== keep && !building.has(folder.name)).map((folder) => rm(join(root, folder.name), { recursive: true, force: true })),
    );
  }

  const sharedRoot = join(root, '.shared');

  async function make(id: string, blog: string, content: string, postSlugs: readonly string[], signal: AbortSignal): Promise<void> {
    const snapshots = join(root, `.snapshots-${id}`);
    // Astro builds an output folder outside the project through one fixed folder inside it, whose
    // modules the long-lived builder would then import once and reuse with their first build's
    // pages (a shared post's page missing after a publish). A folder of its own inside the project
    // is imported afresh each time.
    const staging = join(projectRoot, '.cache', `preview-${id}-${process.pid}-${Date.now()}`);
    try {
      await mkdir(snapshots, { recursive: true });
      await Promise.all([writeFile(join(snapshots, BLOG_SNAPSHOT_NAME), blog), writeFile(join(snapshots, CONTENT_SNAPSHOT_NAME), content)]);
      await rm(staging, { recursive: true, force: true });
      await preview!(staging, snapshots, postSlugs, signal);
      await writeFile(join(staging, DONE_FILE), new Date().toISOString());
      await rm(join(root, id), { recursive: true, force: true });
      await moveFolder(staging, join(root, id));
      await prune(id);
    } finally {
      await rm(snapshots, { recursive: true, force: true });
      await rm(staging, { recursive: true, force: true });
    }
  }

  async function buildFrom(db: Db, post: PostView | null, signal?: AbortSignal): Promise<{ id: string; seconds: number }> {
    const started = performance.now();
    const [blog, content] = await Promise.all([blogSnapshotFrom(db), contentSnapshotFrom(db, { draft: true })]);
    if (post) {
      // The post as readers would see it once published, first on the blog; its Markdown stays out, as in every snapshot.
      const shown = { ...post, body: '', status: 'published' as const, publishedAt: post.publishedAt ?? new Date().toISOString() };
      blog.posts = [shown, ...blog.posts.filter((other) => other._id !== post._id)];
    }
    // A request that went while its drafts were read has no one to answer, even if the build is ready.
    signal?.throwIfAborted();
    const postSlugs = post ? [post.slug] : [];
    const blogText = JSON.stringify(blog);
    const contentText = JSON.stringify(content);
    const id = createHash('sha256')
      .update(CODE_RUN)
      .update(blogText)
      .update('\n')
      .update(contentText)
      .update('\n')
      .update(postSlugs.join(','))
      .digest('hex')
      .slice(0, 32);
    if (!existsSync(join(root, id, DONE_FILE))) {
      let pending = building.get(id);
      // None under way, or one being dropped (its waiters gone): this request queues its own.
      if (!pending || pending.abandon.signal.aborted) {
        const before = pending?.done.catch(() => undefined);
        const abandon = new AbortController();
        const build = () => (existsSync(join(root, id, DONE_FILE)) ? undefined : make(id, blogText, contentText, postSlugs, abandon.signal));
        const made = {
          done: (before ? before.then(build) : Promise.resolve().then(build)).finally(() => {
            if (building.get(id) === made) building.delete(id);
          }),
          waiting: 0,
          abandon,
        };
        building.set(id, made);
        pending = made;
      }
      await waitFor(pending, signal);
      log.info('content preview built', { id, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
    }
    return { id, seconds: (performance.now() - started) / 1000 };
  }

  return {
    build: (db, signal) => buildFrom(db, null, signal),
    buildWithPost: (db, post) => buildFrom(db, post),
    async share(previewId, shareId) {
      const from = join(root, previewId);
      if (!PREVIEW_ID.test(previewId) || !existsSync(join(from, DONE_FILE))) throw new Error(`preview ${previewId} is not built`);
      await mkdir(sharedRoot, { recursive: true });
      await cp(from, join(sharedRoot, shareId), { recursive: true });
    },
    sharedFolder(shareId) {
      if (!SHARE_ID.test(shareId)) return null;
      const folder = join(sharedRoot, shareId);
      return existsSync(join(folder, DONE_FILE)) ? folder : null;
    },
    async unshare(shareId) {
      if (SHARE_ID.test(shareId)) await rm(join(sharedRoot, shareId), { recursive: true, force: true });
    },
    folder(id) {
      if (!PREVIEW_ID.test(id)) return null;
      const folder = join(root, id);
      return existsSync(join(folder, DONE_FILE)) ? folder : null;
    },
  };
}
