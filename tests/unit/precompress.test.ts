import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressSite } from '#src/build/precompress.ts';

/**
 * Precompression runs on worker threads and keeps its copies by content hash beside the build,
 * so a rebuild after one page changed compresses that page only.
 */
let work: string;
const page = (n: number) => `<!doctype html><title>Post ${n}</title>${`<p>Fleet insurance advice number ${n}.</p>`.repeat(80)}`;

/** A fresh build folder, as Astro leaves it: every page, no compressed copies. */
async function build(name: string, pages: Record<string, string>): Promise<string> {
  const dist = join(work, name);
  await rm(dist, { recursive: true, force: true });
  await mkdir(join(dist, 'blog'), { recursive: true });
  for (const [file, text] of Object.entries(pages)) await writeFile(join(dist, file), text);
  return dist;
}

const site = (edited = '') => ({
  'index.html': page(0),
  'blog/one.html': `${page(1)}${edited}`,
  'blog/two.html': page(2),
  'blog/three.html': page(3),
  'small.html': '<p>too small to be worth it</p>',
  'photo.png': 'not text'.repeat(400),
});

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'precompress-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('precompressing the build', () => {
  it('writes brotli and gzip twins that decompress to the page, only for text worth compressing', async () => {
    const dist = await build('dist', site());
    const stats = await precompressSite(dist, { cacheDir: join(work, 'cache'), threads: 2 });
    expect(stats).toEqual({ files: 4, compressed: 4, reused: 0 });
    const html = await readFile(join(dist, 'blog', 'two.html'));
    expect(brotliDecompressSync(await readFile(join(dist, 'blog', 'two.html.br')))).toEqual(html);
    expect(gunzipSync(await readFile(join(dist, 'blog', 'two.html.gz')))).toEqual(html);
    expect(existsSync(join(dist, 'small.html.br'))).toBe(false);
    expect(existsSync(join(dist, 'photo.png.br'))).toBe(false);
  });

  it('compresses the blog’s pages at level 5 and the others at 10 by their place in the site, wherever the site is', async () => {
    // A site built under a folder named blog: its own pages are not the blog's.
    const dist = await build(join('blog', 'dist'), site());
    await precompressSite(dist, { cacheDir: join(work, 'cache-levels'), threads: 2 });
    const at = (quality: number, body: Buffer) =>
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
    const home = await readFile(join(dist, 'index.html'));
    const post = await readFile(join(dist, 'blog', 'one.html'));
    expect(at(10, home).equals(at(5, home))).toBe(false);
    expect((await readFile(join(dist, 'index.html.br'))).equals(at(10, home))).toBe(true);
    expect((await readFile(join(dist, 'blog', 'one.html.br'))).equals(at(5, post))).toBe(true);
  });

  it('on the next build compresses only the page whose bytes changed, and reuses the rest', async () => {
    const dist = await build('dist-next', site(' <p>Edited.</p>'));
    const stats = await precompressSite(dist, { cacheDir: join(work, 'cache'), threads: 2 });
    expect(stats).toEqual({ files: 4, compressed: 1, reused: 3 });
    expect(brotliDecompressSync(await readFile(join(dist, 'blog', 'one.html.br'))).toString()).toBe(`${page(1)} <p>Edited.</p>`);
    expect(gunzipSync(await readFile(join(dist, 'index.html.gz'))).toString()).toBe(page(0));
    // Reused copies are links to the cache's file, not new bytes.
    expect((await stat(join(dist, 'index.html.br'))).nlink).toBeGreaterThan(1);
  });

  it('compresses again when a cached copy went missing', async () => {
    const dist = await build('dist-again', site(' <p>Edited.</p>'));
    const cacheDir = join(work, 'cache');
    const manifest = JSON.parse(await readFile(join(cacheDir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    const [someHash] = Object.keys(manifest);
    await rm(join(cacheDir, `${someHash}.br`));
    const stats = await precompressSite(dist, { cacheDir, threads: 1 });
    expect(stats.compressed).toBe(1);
  });
});
