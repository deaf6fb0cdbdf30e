import { readFile, rename, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * One precompression thread (src/build/precompress.ts runs one per core): reads a file,
 * writes its brotli and gzip copies into the cache under its content hash,
 * and says which were worth keeping (a copy that is not smaller is not kept).
 */
export type PrecompressTask = { id: number; file: string; brPath: string; gzPath: string; brotliQuality: number };
export type PrecompressResult = { id: number; br: boolean; gz: boolean } | { id: number; error: string };

/** Written under a temporary name first, so a cache entry is never seen half-written. */
async function writeAtomically(path: string, body: Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, path);
}

parentPort?.on('message', async ({ id, file, brPath, gzPath, brotliQuality }: PrecompressTask) => {
  try {
    const body = await readFile(file);
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
    const gz = gzipSync(body, { level: 9 });
    const keepBr = br.byteLength < body.byteLength;
    const keepGz = gz.byteLength < body.byteLength;
    await Promise.all([keepBr && writeAtomically(brPath, br), keepGz && writeAtomically(gzPath, gz)]);
    parentPort?.postMessage({ id, br: keepBr, gz: keepGz } satisfies PrecompressResult);
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies PrecompressResult);
  }
});
