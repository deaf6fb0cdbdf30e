import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderShareImage, type ShareCard, shareImageInputs } from './share-image.ts';

/**
 * Share cards kept by what they are drawn from (share-image.ts's shareImageInputs), across
 * builds: drawing one costs satori and a palette PNG at level 9, a third of a second on a
 * loaded machine, and a build draws one per page of the table although their titles rarely
 * change. Outside src/ (ignored by git) beside the snapshots; a build that changes a title, the
 * brand, the phone, the layout, the fonts or the libraries asks for a new key and draws it.
 */
export const shareCardCacheDir = () => join(process.cwd(), '.cache', 'share-cards');

export async function cachedShareImage(card: ShareCard, dir = shareCardCacheDir()): Promise<Buffer> {
  const key = createHash('sha256').update(shareImageInputs(card)).digest('hex');
  const file = join(dir, `${key}.png`);
  try {
    return await readFile(file);
  } catch {
    const png = await renderShareImage(card);
    await mkdir(dir, { recursive: true });
    // Whole or not at all: a build running beside this one never reads half a card.
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, png);
    await rename(partial, file);
    return png;
  }
}
