import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../server/db/client.ts';
import { BUILT_POST_VERSIONS_FILE, builtPostVersions, ONLY_LIST_PAGES_VARIABLE, ONLY_POSTS_VARIABLE } from '../site/blog-snapshot.ts';
import { DEFAULT_SNAPSHOT_DIR, SNAPSHOT_DIR_VARIABLE } from '../site/snapshot-dir.ts';
import { CONTENT_MARKERS_VARIABLE } from '../lib/content-markers.ts';
import { endedMessage, killWithThisProcess, outputTail } from './astro-children.ts';
import type { AstroProcess } from './astro-process.ts';
import { exportSnapshots } from './export-snapshots.ts';
import { type BuildStamp, readStamp, STAMP_FILE, siteFactsOf, sourcesTime } from './build-stamp.ts';
import { BUILT_PAGE_HASHES_FILE, pageHashes, partialPlan, reusePages } from './partial-build.ts';
import { defaultCacheDir, type PrecompressStats, precompressSite } from './precompress.ts';

export type BuildSiteOptions = {
  /** Where the site goes; anywhere (default DIST_DIR, else ./dist). It is replaced in one rename once complete. */
  distDir?: string;
  /** Build only when the sources, a site fact or the published posts changed since the last build in distDir. */
  changedOnly?: boolean;
  /** Read the published posts through this handle (a running server's) instead of opening the configured database. */
  db?: Db;
  /** Leave Astro's output out of this process's stdout (a background rebuild); a failure still reports its last lines. */
  quiet?: boolean;
  /**
   * Where the published posts and content are written for the pages to read (default
   * `.cache`). A server's rebuild has its own, so a developer's build in the same checkout
   * never swaps the snapshot under it.
   */
  snapshotDir?: string;
  /** The precompressed copies kept by content hash (default: `.precompress-cache` beside distDir). */
  cacheDir?: string;
  /** The build being served, whose post pages a rebuild may reuse (partial-build.ts); default distDir. */
  previousDir?: string;
  /** Astro in a long-lived process (the server's rebuilds); default a new `astro build` process. */
  astro?: AstroProcess;
};

/** Seconds spent in each step, so a slow build says where its time went. */
export type BuildPhases = {
  snapshots: number;
  astro?: number;
  precompress?: number;
  swap?: number;
  postsRendered?: number;
  postsReused?: number;
  listPagesRendered?: number;
  listPagesReused?: number;
};

export type BuildSiteResult = { built: boolean; seconds: number; phases: BuildPhases; precompress?: PrecompressStats };

/** The project's root: Astro runs here, and its node_modules serve the build's own code. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Whether the build in distDir was made from exactly these sources, site facts and snapshots. */
function isFresh(distDir: string, current: BuildStamp): boolean {
  const stamp = readStamp(distDir);
  return (
    stamp !== null &&
    stamp.sourcesTime >= current.sourcesTime &&
    JSON.stringify(stamp.facts) === JSON.stringify(current.facts) &&
    stamp.snapshots === current.snapshots
  );
}

/** A build still running after this is stuck; it is stopped and reported as failed. */
export const BUILD_TIME_LIMIT_MS = 10 * 60_000;
/** `astro build` in a new process, with the build's variables (an undefined one unset). */
function runAstroBuild(outDir: string, quiet: boolean, variables: Record<string, string | undefined>): Promise<void> {
  return new Promise((done, fail) => {
    const astro = join(projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
    const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...variables };
    for (const [name, value] of Object.entries(variables)) if (value === undefined) delete env[name];
    const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
      cwd: projectRoot,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    killWithThisProcess(child);
    const output = outputTail(child);
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIME_LIMIT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(endedMessage(code, signal, output.text()));
    });
  });
}

/**
 * Puts the finished build in distDir's place. A rename on one file system, so a server or a
 * reader never sees half a site; across file systems the copy is made beside distDir first.
 */
async function swapInto(staging: string, distDir: string): Promise<void> {
  await mkdir(dirname(distDir), { recursive: true });
  let ready = staging;
  const beside = `${distDir}.next-${process.pid}`;
  try {
    await rename(staging, beside);
    ready = beside;
  } catch {
    await cp(staging, beside, { recursive: true });
    await rm(staging, { recursive: true, force: true });
    ready = beside;
  }
  const old = `${distDir}.old-${process.pid}`;
  const hadOld = existsSync(distDir);
  if (hadOld) await rename(distDir, old);
  await rename(ready, distDir);
  if (hadOld) await rm(old, { recursive: true, force: true });
}

/**
 * Builds the static site into distDir, for `npm run build` and for the rebuild on publish
 * alike: the published posts and content are read from the database into the snapshots, Astro renders every page into a staging folder inside the project (its
 * pre-render bundle must find the project's node_modules, which a DIST_DIR elsewhere would
 * not), text files are precompressed (only those whose bytes changed since an earlier build;
 * see precompress.ts), and the result replaces distDir at once.
 */
export async function buildSite({
  distDir: wanted,
  changedOnly = false,
  db,
  quiet = false,
  snapshotDir = DEFAULT_SNAPSHOT_DIR,
  cacheDir,
  previousDir,
  astro,
}: BuildSiteOptions = {}): Promise<BuildSiteResult> {
  const started = performance.now();
  const since = (from: number) => Number(((performance.now() - from) / 1000).toFixed(2));
  const distDir = resolve(projectRoot, wanted ?? process.env.DIST_DIR ?? 'dist');
  const snapshots = await exportSnapshots(snapshotDir, db);
  const phases: BuildPhases = { snapshots: since(started) };
  const stamp: BuildStamp = {
    sourcesTime: sourcesTime(projectRoot),
    facts: siteFactsOf(process.env),
    snapshots: snapshots.hash,
    content: snapshots.contentHash,
  };
  if (changedOnly && isFresh(distDir, stamp)) return { built: false, seconds: (performance.now() - started) / 1000, phases };

  const staging = join(projectRoot, '.cache', `build-${basename(distDir)}-${process.pid}-${Date.now()}`);
  try {
    let step = performance.now();
    // Made once: the plan compares them with the build before's, and the new build keeps them for the next.
    const hashes = pageHashes(snapshots.blog);
    const partial = partialPlan(previousDir ?? distDir, stamp, hashes);
    const variables = {
      [SNAPSHOT_DIR_VARIABLE]: snapshotDir,
      [ONLY_POSTS_VARIABLE]: partial ? JSON.stringify(partial.render) : undefined,
      [ONLY_LIST_PAGES_VARIABLE]: partial ? JSON.stringify(partial.renderLists) : undefined,
      // A published build carries no content markers, whatever a preview before it asked the long-lived builder for.
      [CONTENT_MARKERS_VARIABLE]: undefined,
    };
    await (astro ? astro.build(staging, variables) : runAstroBuild(staging, quiet, variables));
    if (partial) {
      await reusePages(partial, staging);
      phases.postsRendered = partial.render.length;
      phases.postsReused = partial.reuse.length;
      phases.listPagesRendered = partial.renderLists.length;
      phases.listPagesReused = partial.reuseLists.length;
    }
    phases.astro = since(step);
    step = performance.now();
    const precompress = await precompressSite(staging, { cacheDir: cacheDir ?? defaultCacheDir(distDir) });
    phases.precompress = since(step);
    step = performance.now();
    await writeFile(join(staging, BUILT_POST_VERSIONS_FILE), JSON.stringify(builtPostVersions(snapshots.blog)));
    await writeFile(join(staging, BUILT_PAGE_HASHES_FILE), JSON.stringify(hashes));
    await writeFile(join(staging, STAMP_FILE), JSON.stringify(stamp));
    await swapInto(staging, distDir);
    phases.swap = since(step);
    return { built: true, seconds: (performance.now() - started) / 1000, phases, precompress };
  } finally {
    await removeStaging(staging);
  }
}

/**
 * Removes a build's staging folder without masking the build's own outcome. After a failed
 * build the long-lived builder can still be finishing writes into it (CI once saw `rmdir`
 * fail with ENOTEMPTY and report that instead of the page that broke the build), so the
 * removal retries as Node's rm does for ENOTEMPTY and EBUSY, and a folder that still cannot
 * go is left in `.cache` rather than turned into the build's error.
 */
async function removeStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true, maxRetries: 8, retryDelay: 100 }).catch(() => undefined);
}
