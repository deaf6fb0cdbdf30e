import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../server/db/client.ts';
import { BUILT_POST_VERSIONS_FILE, builtPostVersions, readBlogSnapshot } from '../site/blog-snapshot.ts';
import { siteFactVariables } from '../site/facts.ts';
import { exportBlogSnapshot } from './blog-snapshot.ts';
import { defaultCacheDir, type PrecompressStats, precompressSite } from './precompress.ts';

export type BuildSiteOptions = {
  /** Where the site goes; anywhere (default DIST_DIR, else ./dist). It is replaced in one rename once complete. */
  distDir?: string;
  /** Build only when the sources, a site fact or the published posts changed since the last build in distDir. */
  changedOnly?: boolean;
  /** Read the published posts through this handle (a running server's) instead of opening the configured database. */
  db?: Db;
  /** Leave Astro's output out of this process's stdout (a background rebuild). */
  quiet?: boolean;
};

export type BuildSiteResult = { built: boolean; seconds: number; precompress?: PrecompressStats };

/** The project's root: Astro runs here, and its node_modules serve the build's own code. */
const root = fileURLToPath(new URL('../..', import.meta.url));
const STAMP_FILE = '.build-stamp.json';
const INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** The server's own code (src/server) is not part of the static build and is not watched. */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.parentPath.includes(join('src', 'server'))) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

type Stamp = { sourcesTime: number; facts: Record<string, string>; blog: string };

function isFresh(distDir: string, current: Stamp): boolean {
  try {
    const stamp = JSON.parse(readFileSync(join(distDir, STAMP_FILE), 'utf8')) as Stamp;
    return stamp.sourcesTime >= current.sourcesTime && JSON.stringify(stamp.facts) === JSON.stringify(current.facts) && stamp.blog === current.blog;
  } catch {
    return false;
  }
}

function runAstroBuild(outDir: string, quiet: boolean): Promise<void> {
  return new Promise((done, fail) => {
    const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
    const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
      cwd: root,
      stdio: quiet ? 'ignore' : 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build exited with code ${code}`))));
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
 * Builds the static site into distDir: the published posts are read from the database into
 * the blog snapshot, Astro renders every page into a staging folder inside the project (its
 * pre-render bundle must find the project's node_modules, which a DIST_DIR elsewhere would
 * not), text files are precompressed (only those whose bytes changed since an earlier build;
 * see precompress.ts), and the result replaces distDir at once.
 */
export async function buildSite({ distDir: wanted, changedOnly = false, db, quiet = false }: BuildSiteOptions = {}): Promise<BuildSiteResult> {
  const started = performance.now();
  const distDir = resolve(root, wanted ?? process.env.DIST_DIR ?? 'dist');
  const stamp: Stamp = {
    sourcesTime: Math.max(...INPUTS.map((input) => newestMtime(join(root, input)))),
    facts: Object.fromEntries(siteFactVariables.map((name) => [name, process.env[name] ?? ''])),
    blog: await exportBlogSnapshot(db),
  };
  if (changedOnly && isFresh(distDir, stamp)) return { built: false, seconds: (performance.now() - started) / 1000 };

  const staging = join(root, '.cache', `build-${basename(distDir)}-${process.pid}-${Date.now()}`);
  try {
    await runAstroBuild(staging, quiet);
    const precompress = await precompressSite(staging, { cacheDir: defaultCacheDir(distDir) });
    await writeFile(join(staging, BUILT_POST_VERSIONS_FILE), JSON.stringify(builtPostVersions(readBlogSnapshot())));
    await writeFile(join(staging, STAMP_FILE), JSON.stringify(stamp));
    await swapInto(staging, distDir);
    return { built: true, seconds: (performance.now() - started) / 1000, precompress };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
