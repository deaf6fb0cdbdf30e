import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { COMPRESSIBLE_EXTENSIONS } from '../server/static-site.ts';
import type { PrecompressResult, PrecompressTask } from './precompress-worker.ts';

/** Below this a compressed copy saves less than the header it costs. */
const MIN_BYTES = 1024;

/**
 * Brotli's top level (11) costs about 2.3 times the CPU of level 10 for 2–3% fewer bytes: it
 * is kept for the hashed scripts and styles every visitor downloads (a few dozen files); the
 * site's own pages get 10. The blog's pages (posts, list and tag pages) grow with the blog, a
 * thousand and more: for them level 10 took 20 ms a page against 1.5 ms at level 5, for 9%
 * fewer bytes (about 800 of a post's 9 KB; levels 5 to 9 give the same size), which made a
 * build after a change to the layout (every page new) 17 s of compression alone at 1,000
 * posts. Gzip is cheap at 9 either way.
 */
const brotliQualityFor = (path: string) => {
  if (path.startsWith(`_astro${sep}`)) return 11;
  return path.startsWith(`blog${sep}`) || path === 'blog.html' ? 5 : 10;
};

/** Part of every cache key (with a file's brotli level): changing the compression settings (here or in the worker) must change this, so old copies are not reused. */
const SETTINGS = 'brotli-11-assets-10-pages-5-blog+gzip-9';

/** A cached copy not used by any build for this long is deleted. */
const KEEP_UNUSED_MS = 7 * 24 * 3600_000;

/** What the cache holds for one content hash: which copies were worth keeping, and when a build last used them. */
type Manifest = Record<string, { br: boolean; gz: boolean; usedAt: number }>;

export type PrecompressStats = { files: number; compressed: number; reused: number };

/**
 * Beside the dist folder, not in it (every build starts from an empty folder), and shared by
 * sibling builds (dist, a rebuild's staging folder, dist-e2e-analytics) since it is keyed by content.
 */
export const defaultCacheDir = (distDir: string) => join(dirname(resolve(distDir)), '.precompress-cache');

async function readManifest(path: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** A hard link when the cache and the build share a file system (no bytes copied), else a copy. */
async function place(from: string, to: string): Promise<void> {
  await rm(to, { force: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/** Runs the tasks on one worker thread per core, each taking the next file as it finishes one. */
async function compressAll(tasks: PrecompressTask[], threads: number): Promise<Map<number, { br: boolean; gz: boolean }>> {
  const results = new Map<number, { br: boolean; gz: boolean }>();
  const queue = [...tasks];
  const run = () =>
    new Promise<void>((done, fail) => {
      const worker = new Worker(new URL('./precompress-worker.ts', import.meta.url));
      const next = () => {
        const task = queue.shift();
        if (task) worker.postMessage(task);
        else void worker.terminate().then(() => done());
      };
      worker.on('message', (result: PrecompressResult) => {
        if ('error' in result) {
          void worker.terminate();
          fail(new Error(`precompression failed: ${result.error}`));
          return;
        }
        results.set(result.id, { br: result.br, gz: result.gz });
        next();
      });
      worker.on('error', fail);
      next();
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(threads, tasks.length)) }, run));
  return results;
}

/**
 * Writes a .br and .gz beside every text file of the build, so the server never
 * compresses on the fly. A copy that is not smaller is not kept. Copies are kept in a cache by
 * content hash: a file whose bytes did not change since an earlier build gets its copies from
 * there, so a rebuild after one post changed compresses only the pages that changed.
 */
export async function precompressSite(
  distDir: string,
  { cacheDir = defaultCacheDir(distDir), threads = availableParallelism() }: { cacheDir?: string; threads?: number } = {},
): Promise<PrecompressStats> {
  await mkdir(cacheDir, { recursive: true });
  const manifestPath = join(cacheDir, 'manifest.json');
  const manifest = await readManifest(manifestPath);
  const cached = (hash: string, suffix: '.br' | '.gz') => join(cacheDir, `${hash}${suffix}`);
  const now = Date.now();

  const entries = await readdir(distDir, { withFileTypes: true, recursive: true });
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(extname(entry.name)))
      .map(async (entry) => {
        const file = join(entry.parentPath, entry.name);
        const body = await readFile(file);
        // The level goes by the file's path within the site (a checkout under a folder named blog
        // is not the blog) and is part of the key: the same bytes under a blog path and elsewhere are compressed differently.
        const brotliQuality = brotliQualityFor(relative(distDir, file));
        return { file, size: body.byteLength, brotliQuality, hash: createHash('sha256').update(`${SETTINGS}:${brotliQuality}`).update(body).digest('hex') };
      }),
  );
  const worthIt = files.filter((file) => file.size >= MIN_BYTES);

  const isCached = (hash: string) => {
    const entry = manifest[hash];
    return entry && (!entry.br || existsSync(cached(hash, '.br'))) && (!entry.gz || existsSync(cached(hash, '.gz')));
  };
  // Two files with the same bytes are compressed once.
  const toCompress = new Map<string, PrecompressTask>();
  for (const { file, hash, brotliQuality } of worthIt) {
    if (isCached(hash) || toCompress.has(hash)) continue;
    toCompress.set(hash, { id: toCompress.size, file, brPath: cached(hash, '.br'), gzPath: cached(hash, '.gz'), brotliQuality });
  }
  const compressed = await compressAll([...toCompress.values()], threads);
  for (const [hash, task] of toCompress) {
    const result = compressed.get(task.id);
    if (result) manifest[hash] = { ...result, usedAt: now };
  }

  await Promise.all(
    worthIt.map(async ({ file, hash }) => {
      const entry = manifest[hash];
      if (!entry) return;
      entry.usedAt = now;
      if (entry.br) await place(cached(hash, '.br'), `${file}.br`);
      if (entry.gz) await place(cached(hash, '.gz'), `${file}.gz`);
    }),
  );

  for (const [hash, entry] of Object.entries(manifest)) {
    if (now - entry.usedAt < KEEP_UNUSED_MS) continue;
    delete manifest[hash];
    await Promise.all([rm(cached(hash, '.br'), { force: true }), rm(cached(hash, '.gz'), { force: true })]);
  }
  const temporary = `${manifestPath}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(manifest));
  await rename(temporary, manifestPath);
  return { files: worthIt.length, compressed: toCompress.size, reused: worthIt.length - toCompress.size };
}
