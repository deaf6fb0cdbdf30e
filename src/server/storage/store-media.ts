import { join } from 'node:path';
import { mediaTypeOf } from './media-store.ts';
import { type ObjectStore, storageKeys } from './object-store.ts';

/**
 * Puts a new upload's files (its image variants, or its video) under its id, all or none: a
 * failure part-way removes what went up before it is passed on (and what even that could not
 * remove has no database row, so the orphan sweep takes it; ops/orphan-sweep.ts).
 */
export async function storeMedia(objects: ObjectStore, id: string, folder: string, files: readonly string[]): Promise<void> {
  try {
    for (const file of files) await objects.putFile(storageKeys.media(id, file), join(folder, file), mediaTypeOf(file));
  } catch (error) {
    await forgetMedia(objects, id);
    throw error;
  }
}

/** Removes an upload's files; a store that is away keeps them for the orphan sweep. */
export async function forgetMedia(objects: ObjectStore, id: string): Promise<void> {
  await objects.deletePrefix(storageKeys.mediaFolder(id)).catch(() => undefined);
}
