import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { STAMP_FILE } from '#src/build/build-stamp.ts';
import type { SiteBuilder } from '#src/build/site-builder.ts';
import { BUILD_EXPECTED, POSTS_WRITTEN, queueRebuild, REBUILD_QUEUED, rebuildRequests } from '../content/rebuild-queue.ts';
import type { Db } from '../db/client.ts';
import { posts, siteBuilds } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { visible } from '../posts/views.ts';
import { loadStaticSite, type ReplaceableSite } from '../static-site.ts';
import { safeError, safeErrorMessage } from '../log-safe-error.ts';
import { type ObjectStore, storageKeys } from '../storage/object-store.ts';

/**
 * Site rebuilds in the background, and every server serving the newest one.
 *
 * - Building: one build at a time across all servers. The builder is the server holding a
 *   PostgreSQL advisory lock (on PGlite, the one process); it builds every queued build in
 *   turn into a fresh folder under the shared builds folder, then marks it live.
 * - Serving: each server checks every few seconds for a newer live build and reads its folder
 *   into memory, then swaps it in whole (ReplaceableSite); a failed build changes nothing.
 *   The builds are shared by the servers like the uploads (the data folder, or the bucket, from
 *   which each server copies a build before serving it), so one build serves them all: each server rebuilding would cost every server a full build's CPU, and
 *   a check of one indexed row every few seconds needs no extra connection (LISTEN would
 *   hold one per server and still need this check after a lost connection).
 * - Posts: a post published, edited or withdrawn (now, or when its scheduled time comes)
 *   changes the published posts' signature; the check queues a build when it differs from
 *   the one the latest build was made from.
 */

/** Any fixed number: the one server holding it builds. */
const BUILD_LEADER_LOCK = 724_113_014;
/** How often each server looks for a newer live build and for changed posts: well inside the minute we promise. */
export const SYNC_EVERY_MS = 10_000;
/** Live build folders kept on disk (the newest); older ones are deleted after a build. */
const KEEP_BUILDS = 3;
const INTERRUPTED = 'The server that was building it stopped before it finished.';

export type SiteRebuildDeps = {
  db: Db;
  log: Logger;
  /** The site this server serves; null when it started without one (then builds are made, not served). */
  site: ReplaceableSite | null;
  /** Where builds are written and read from; shared by every server (DATA_DIR/site-builds), or this server's copies when `objects` is a bucket. */
  buildsDir: string;
  /** The object store: with a bucket, each build goes up when made and comes down to every server that serves it. */
  objects?: ObjectStore;
  /** The folder the server started with (its build time decides whether an older live build replaces it). */
  distDir?: string;
  /** What makes builds; none on a ROLE=web server, which only serves what a worker built. */
  build?: SiteBuilder;
  syncEveryMs?: number;
  /** Told of every build this server ran, with its time (the metrics' site build count and duration). */
  onBuildFinished?: (seconds: number, outcome: 'built' | 'failed') => void;
};

export type SiteRebuildJob = {
  /** Builds what is queued, if this server can lead; resolves when the queue is empty or another server leads. */
  drain(): Promise<void>;
  /** Serves the newest live build if it is not served yet; queues a build when the published posts changed. */
  sync(): Promise<void>;
  stop(): void;
};

/** Builds under `DATA_DIR/site-builds`: the folder store's place for them, shared by servers sharing the data folder. */
export const siteBuildsDir = (dataDir: string) => join(dataDir, storageKeys.siteBuildsRoot);

/** A hash of what the blog shows: every visible post's id and version. */
export async function postsSignature(db: Db): Promise<string> {
  const result = (await db
    .select({ signature: sql<string>`md5(coalesce(string_agg(${posts.id}::text || ':' || ${posts.updatedAt}::text, ',' order by ${posts.id}), ''))` })
    .from(posts)
    .where(visible)) as { signature: string }[];
  return result[0]?.signature ?? '';
}

/** Runs `fn` while holding the build leader lock; undefined when another server holds it. */
async function asLeader<T>(db: Db, fn: () => Promise<T>): Promise<T | undefined> {
  const client = (db as unknown as { $client?: unknown }).$client;
  // PGlite is one process's database: the job's own one-at-a-time rule is the whole lock.
  if (!(client instanceof pg.Pool)) return fn();
  // A session lock needs one connection for the whole build; it is released if that connection dies.
  const connection = await client.connect();
  try {
    const { rows } = await connection.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [BUILD_LEADER_LOCK]);
    if (!rows[0]?.got) return undefined;
    try {
      return await fn();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [BUILD_LEADER_LOCK]);
    }
  } finally {
    connection.release();
  }
}

export function startSiteRebuildJob({
  db,
  log,
  site,
  buildsDir,
  objects,
  distDir,
  build,
  syncEveryMs = SYNC_EVERY_MS,
  onBuildFinished,
}: SiteRebuildDeps): SiteRebuildJob {
  let draining: Promise<void> | null = null;
  let again = false;
  let servedBuildId: string | null = null;
  // The folder this server serves: a rebuild may take its unchanged post pages (partial-build.ts).
  let servedFolder: string | undefined = distDir;
  let servedFinishedAt = distDir && existsSync(join(distDir, STAMP_FILE)) ? statSync(join(distDir, STAMP_FILE)).mtime : new Date(0);
  let baselineSignature: string | null = null;
  let stopped = false;

  async function serve(id: string, folder: string, finishedAt: Date) {
    if (!site) return;
    const next = await loadStaticSite(folder);
    if (!next) throw new Error(`build ${id} has no folder ${folder}`);
    site.replace(next);
    servedBuildId = id;
    servedFolder = folder;
    servedFinishedAt = finishedAt;
    log.info('site build served', { build: id, files: next.fileCount });
  }

  /** Builds the queued build, if any; false when there was none. */
  async function buildNext(make: SiteBuilder): Promise<boolean> {
    // Under the lock, a build still marked building was left by a server that stopped mid-build.
    await db.update(siteBuilds).set({ status: 'failed', error: INTERRUPTED, finishedAt: sql`clock_timestamp()` }).where(eq(siteBuilds.status, 'building'));
    const [claimed] = await db
      .update(siteBuilds)
      .set({ status: 'building', startedAt: sql`clock_timestamp()` })
      .where(eq(siteBuilds.status, 'queued'))
      .returning();
    if (!claimed) return false;
    const folder = join(buildsDir, claimed.id);
    const started = performance.now();
    let signature: string | null = null;
    try {
      signature = await postsSignature(db);
      await mkdir(buildsDir, { recursive: true });
      await rm(folder, { recursive: true, force: true });
      await make(folder, db, servedFolder);
      // Up before it is live: a server told of it can always fetch it whole.
      await objects?.putFolder(storageKeys.siteBuild(claimed.id), folder);
      const [live] = await db
        .update(siteBuilds)
        .set({ status: 'live', folder, postsSignature: signature, finishedAt: sql`clock_timestamp()` })
        .where(and(eq(siteBuilds.id, claimed.id), eq(siteBuilds.status, 'building')))
        .returning();
      if (!live?.finishedAt) throw new Error(INTERRUPTED);
      log.info('site build live', { build: claimed.id, ms: Math.round(performance.now() - started) });
      onBuildFinished?.((performance.now() - started) / 1000, 'built');
      // Live from here on: a failure to load or tidy is this server's to log, not the build's.
      await serve(live.id, folder, live.finishedAt)
        .then(pruneOldBuilds)
        .catch((error: unknown) => log.error('site build not served', { build: claimed.id, error: safeError(error) }));
    } catch (error) {
      const reason = safeErrorMessage(error);
      log.error('site build failed', { build: claimed.id, error: safeError(error) });
      onBuildFinished?.((performance.now() - started) / 1000, 'failed');
      await db
        .update(siteBuilds)
        .set({ status: 'failed', error: reason.slice(0, 4000), postsSignature: signature, finishedAt: sql`clock_timestamp()` })
        .where(and(eq(siteBuilds.id, claimed.id), eq(siteBuilds.status, 'building')));
      await rm(folder, { recursive: true, force: true });
    }
    return true;
  }

  async function pruneOldBuilds() {
    const keep = await db
      .select({ id: siteBuilds.id })
      .from(siteBuilds)
      .where(eq(siteBuilds.status, 'live'))
      .orderBy(desc(siteBuilds.finishedAt))
      .limit(KEEP_BUILDS);
    const kept = new Set(keep.map((row) => row.id));
    if (servedBuildId) kept.add(servedBuildId);
    const [building] = await db.select({ id: siteBuilds.id }).from(siteBuilds).where(eq(siteBuilds.status, 'building'));
    if (building) kept.add(building.id);
    for (const entry of await readdir(buildsDir).catch(() => [] as string[])) {
      // Dot-folders are the builder's own (its snapshots and precompression cache), not builds.
      if (!kept.has(entry) && !entry.startsWith('.')) await rm(join(buildsDir, entry), { recursive: true, force: true });
    }
    if (!objects?.remote) return;
    for (const { name } of await objects.listFolders(storageKeys.siteBuildsRoot)) {
      if (!kept.has(name)) await objects.deletePrefix(storageKeys.siteBuild(name));
    }
  }

  /** This server's folder of a live build: already here, or fetched from the bucket; null when neither has it. */
  async function localCopy(id: string): Promise<string | null> {
    const folder = join(buildsDir, id);
    if (existsSync(folder)) return folder;
    if (!objects) return null;
    await mkdir(buildsDir, { recursive: true });
    return (await objects.getFolder(storageKeys.siteBuild(id), folder)) ? folder : null;
  }

  function drain(): Promise<void> {
    const make = build;
    if (!make) return Promise.resolve();
    // One at a time in this process: a request meanwhile is picked up by the running loop.
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          await asLeader(db, async () => {
            while (!stopped && (await buildNext(make)));
          });
        } while (again && !stopped);
      } catch (error) {
        log.error('site rebuild job failed', { error: safeError(error) });
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  async function sync() {
    const [latest] = await db.select().from(siteBuilds).where(eq(siteBuilds.status, 'live')).orderBy(desc(siteBuilds.finishedAt)).limit(1);
    if (latest?.folder && latest.finishedAt && latest.id !== servedBuildId && latest.finishedAt > servedFinishedAt) {
      const folder = await localCopy(latest.id);
      if (folder) {
        await serve(latest.id, folder, latest.finishedAt);
        // With a bucket each server keeps its own copies: the old ones go once the new one is served.
        if (objects?.remote) await pruneOldBuilds();
      }
    }
    const [last] = await db.select().from(siteBuilds).orderBy(desc(siteBuilds.queuedAt)).limit(1);
    // Queued: build it if we can lead. Building: if nobody holds the lock, the builder stopped
    // (a crash, a restart), and the leader marks it failed before building on.
    if (last?.status === 'queued' || last?.status === 'building') return void drain();
    // Noticing changed posts is the builder's job: a server without one only serves.
    if (!build) return;
    const signature = await postsSignature(db);
    baselineSignature ??= last?.postsSignature ?? signature;
    const builtFrom = last?.postsSignature ?? baselineSignature;
    if (signature !== builtFrom) {
      await queueRebuild(db, 'posts', null);
      log.info('published posts changed; site build queued');
      void drain();
    }
  }

  const onQueued = () => void drain();
  rebuildRequests.on(REBUILD_QUEUED, onQueued);
  const tick = () => sync().catch((error: unknown) => log.error('site sync failed', { error: safeError(error) }));
  rebuildRequests.on(POSTS_WRITTEN, tick);
  // Staff opened an editor: the builder loads Astro now, so the build their save causes is a warm
  // one (a first build in a new Astro process took 6 s at 1,000 posts, a warm one 2-3 s). Not while
  // building: the builder is loaded then, or about to be.
  const onExpected = () => {
    if (!stopped && !draining) void build?.warm?.(db);
  };
  rebuildRequests.on(BUILD_EXPECTED, onExpected);
  const timer = setInterval(tick, syncEveryMs);
  timer.unref();
  void tick();

  return {
    drain,
    sync,
    stop() {
      stopped = true;
      clearInterval(timer);
      build?.close?.();
      rebuildRequests.off(REBUILD_QUEUED, onQueued);
      rebuildRequests.off(POSTS_WRITTEN, tick);
      rebuildRequests.off(BUILD_EXPECTED, onExpected);
    },
  };
}
