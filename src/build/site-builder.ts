import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ONLY_LIST_PAGES_VARIABLE, ONLY_POSTS_VARIABLE } from '../site/blog-snapshot.ts';
import { SNAPSHOT_DIR_VARIABLE } from '../site/snapshot-dir.ts';
import { CONTENT_MARKERS_VARIABLE } from '../lib/content-markers.ts';
import type { Db } from '../server/db/client.ts';
import type { Logger } from '../server/log.ts';
import { IDLE_MS, startAstroProcess } from './astro-process.ts';
import { exportSnapshots } from './export-snapshots.ts';
import { BUILD_TIME_LIMIT_MS, buildSite, projectRoot } from './build-site.ts';

/**
 * Builds the whole static site into a fresh folder from the running server's database. The
 * rebuild job takes one as a parameter (tests give it a small one); the real one is
 * `npm run build`'s own buildSite.
 */
export type SiteBuilder = ((outDir: string, db: Db, previousDir?: string) => Promise<void>) & {
  /** Ends what the builder keeps between builds (the real one's Astro process), when the job stops. */
  close?(): void;
  /**
   * Loads and warms what builds need before a build is asked for (staff opened an editor):
   * resolves true once a warm-up build ran, false when there was nothing to do.
   */
  warm?(db: Db): Promise<boolean>;
  /**
   * A draft preview: the site's own pages from the snapshots in `snapshotDir`, every text
   * marked with the content element it came from (lib/content-markers.ts); of the posts, only
   * the pages of `postSlugs` (a draft post shared for review), none by default.
   */
  preview?(outDir: string, snapshotDir: string, postSlugs?: readonly string[], signal?: AbortSignal): Promise<void>;
};

/**
 * The rebuild's snapshots of published posts and content, a dot-folder in the builds folder
 * (which the job's tidying leaves alone): only the one server holding the leader lock builds,
 * so one folder serves every rebuild, and a developer's `npm run build` writes `.cache` instead.
 */
export const rebuildSnapshotDir = (buildsDir: string) => join(buildsDir, '.snapshots');

/**
 * The builder for builds under `buildsDir`: buildSite (Astro in its own staging folder,
 * precompression with copies kept by content hash in `buildsDir/.precompress-cache`, the
 * default beside each build), so a one-post publish compresses only the pages that changed;
 * given the build being served, one whose posts alone changed renders only those posts' pages
 * (partial-build.ts).
 */
export function siteBuilderFor(buildsDir: string, log: Logger, idleMs = IDLE_MS): SiteBuilder {
  // Astro stays loaded between rebuilds (astro-process.ts): a publish after another builds in about a second.
  const astro = startAstroProcess({ root: projectRoot, timeLimitMs: BUILD_TIME_LIMIT_MS, idleMs });
  const builder: SiteBuilder = async (outDir, db, previousDir) => {
    const { seconds, phases, precompress } = await buildSite({
      distDir: outDir,
      db,
      quiet: true,
      snapshotDir: rebuildSnapshotDir(buildsDir),
      previousDir,
      astro,
    });
    // How much a publish really recompressed: the figure that says the cache is doing its job.
    log.info('site build made', { folder: outDir, seconds: Number(seconds.toFixed(1)), phases, ...precompress });
  };
  builder.close = () => astro.close();
  let warming = false;
  builder.warm = async (db) => {
    // Loaded already (or building), or kept for no time after a build: nothing to warm.
    if (warming || astro.alive() || idleMs === 0) return false;
    warming = true;
    const started = performance.now();
    // Its own snapshots: a real build exporting meanwhile must never have its own overwritten by this older read.
    const snapshots = join(buildsDir, '.warm-up-snapshots');
    const outDir = join(projectRoot, '.cache', `warm-up-${process.pid}`);
    try {
      await exportSnapshots(snapshots, db);
      // The site's own pages only, no post or older list page: every module is compiled and
      // loaded all the same, which is what a first build spends its time on.
      await astro.build(outDir, {
        [SNAPSHOT_DIR_VARIABLE]: snapshots,
        [ONLY_POSTS_VARIABLE]: '[]',
        [ONLY_LIST_PAGES_VARIABLE]: '[]',
        [CONTENT_MARKERS_VARIABLE]: undefined,
      });
      log.info('site builder warmed', { seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
      return true;
    } catch (error) {
      log.error('site builder warm-up failed', { error: error instanceof Error ? error.message : String(error) });
      return false;
    } finally {
      warming = false;
      await rm(outDir, { recursive: true, force: true });
    }
  };
  builder.preview = (outDir, snapshotDir, postSlugs = [], signal) =>
    astro.build(
      outDir,
      {
        [SNAPSHOT_DIR_VARIABLE]: snapshotDir,
        [ONLY_POSTS_VARIABLE]: JSON.stringify(postSlugs),
        [ONLY_LIST_PAGES_VARIABLE]: '[]',
        [CONTENT_MARKERS_VARIABLE]: '1',
      },
      signal,
    );
  return builder;
}
