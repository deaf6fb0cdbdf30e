import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS, IMAGE_MIN_WIDTH, isImageType, uploadMessages } from '#src/schemas/upload.ts';
import { HttpError } from '../http/envelope.ts';

/** Widths of the responsive variants; an image is never enlarged, so small ones get fewer. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The JPEG every image also gets: the fallback `<img>` and the share card (1200 px wide suits every network). */
export const SHARE_WIDTH = 1200;

export type ImageVariant = { file: string; format: 'avif' | 'webp' | 'jpeg'; width: number; height: number; bytes: number };
export type ProcessedImage = { mime: string; width: number; height: number; variants: ImageVariant[] };

/** SVG is text (sniffed as XML or nothing); look for its root element to say why it is refused. */
async function looksLikeSvg(path: string): Promise<boolean> {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    return /<svg[\s>]/i.test(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

/**
 * Checks an uploaded file by its bytes and writes its variants into `outDir`: AVIF and WebP
 * at each width, plus one JPEG. Re-encoding drops every metadata block (EXIF, GPS, XMP)
 * after the orientation has been applied to the pixels. Throws a 415/422 HttpError when the
 * file is not an image we accept; nothing is left behind then.
 */
export async function processImage(path: string, outDir: string): Promise<ProcessedImage> {
  const sniffed = await fileTypeFromFile(path);
  if (!isImageType(sniffed?.mime)) {
    const svg = await looksLikeSvg(path);
    throw new HttpError(415, svg ? uploadMessages.svgRefused : uploadMessages.notImage, [
      { field: 'file', message: svg ? uploadMessages.svgRefused : uploadMessages.notImage },
    ]);
  }
  const source = () => sharp(path, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(path, { limitInputPixels: IMAGE_MAX_PIXELS }).metadata();
    // `autoOrient` gives the dimensions as they look once the EXIF orientation is applied.
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (error) {
    const pixels = error instanceof Error && /pixel limit/i.test(error.message);
    throw new HttpError(422, pixels ? uploadMessages.tooManyPixels : uploadMessages.unreadable);
  }
  if (width < IMAGE_MIN_WIDTH) throw new HttpError(422, uploadMessages.tooNarrow, [{ field: 'file', message: uploadMessages.tooNarrow }]);

  await mkdir(outDir, { recursive: true });
  try {
    const variants: ImageVariant[] = [];
    const targets = [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))];
    const encode = async (target: number, format: ImageVariant['format']) => {
      const pipeline = source().resize({ width: target, withoutEnlargement: true });
      const encoded =
        format === 'avif'
          ? pipeline.avif({ quality: 55, effort: 2 })
          : format === 'webp'
            ? pipeline.webp({ quality: 78 })
            : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      const file = `${target}.${format === 'jpeg' ? 'jpg' : format}`;
      await writeFile(join(outDir, file), data);
      variants.push({ file, format, width: info.width, height: info.height, bytes: info.size });
    };
    for (const target of targets) {
      await encode(target, 'avif');
      await encode(target, 'webp');
    }
    await encode(Math.min(SHARE_WIDTH, width), 'jpeg');
    return { mime: sniffed.mime, width, height, variants };
  } catch (error) {
    await rm(outDir, { recursive: true, force: true });
    if (error instanceof HttpError) throw error;
    throw new HttpError(422, uploadMessages.unreadable);
  }
}
