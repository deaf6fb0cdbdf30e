import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { COMPRESSIBLE_EXTENSIONS } from '../server/static-site.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this a compressed copy saves less than the header it costs. */
const MIN_BYTES = 1024;

/**
 * Writes a maximum-effort .br and .gz beside every text file of the build, once, so the
 * server never compresses on the fly. A copy that is not smaller is not kept.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const entries = await readdir(root, { withFileTypes: true, recursive: true });
        let written = 0;
        for (const entry of entries) {
          if (!entry.isFile() || !COMPRESSIBLE_EXTENSIONS.has(extname(entry.name))) continue;
          const file = join(entry.parentPath, entry.name);
          const body = await readFile(file);
          if (body.byteLength < MIN_BYTES) continue;
          const [br, gzipped] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
            gz(body, { level: 9 }),
          ]);
          if (br.byteLength < body.byteLength) await writeFile(`${file}.br`, br);
          if (gzipped.byteLength < body.byteLength) await writeFile(`${file}.gz`, gzipped);
          written += 1;
        }
        logger.info(`precompressed ${written} files (brotli and gzip)`);
      },
    },
  };
}
