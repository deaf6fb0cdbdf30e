import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { leadFiles, media } from '../db/schema.ts';
import { leadFilesRoot, mediaRoot } from '../storage/media-store.ts';

/**
 * Files younger than this are left alone: another server sharing the uploads folder may be
 * converting them right now, its database row not yet committed. A conversion never takes
 * this long, and a server's shutdown waits at most SHUTDOWN_TIMEOUT_SECONDS for one.
 */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

/** Entries of a folder older than the grace period (none when the folder does not exist yet). */
async function oldEntries(folder: string, now: number, graceMs: number): Promise<string[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const old: string[] = [];
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (info && now - info.mtimeMs >= graceMs) old.push(name);
  }
  return old;
}

/** The names that have no database row, asked in slices so a large folder is one query per thousand. */
async function withoutRow(names: string[], known: (ids: string[]) => Promise<string[]>): Promise<string[]> {
  const ids = names.filter((name) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(name));
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 1000) for (const id of await known(ids.slice(i, i + 1000))) found.add(id);
  return ids.filter((id) => !found.has(id));
}

/**
 * Removes what a process killed mid-upload (kill -9, a power cut, a shutdown cut short) left
 * half-written: an image's variant folder with no media row, a quote document with no
 * lead_files row. Runs at start-up and with the hourly cleanup. Returns what it removed.
 */
export async function sweepOrphanUploads(db: Db, dataDir: string, graceMs = ORPHAN_GRACE_MS): Promise<{ media: string[]; leadFiles: string[] }> {
  const now = Date.now();
  const mediaFolder = mediaRoot(dataDir);
  const filesFolder = leadFilesRoot(dataDir);
  const orphanMedia = await withoutRow(await oldEntries(mediaFolder, now, graceMs), async (ids) =>
    (await db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((row) => row.id),
  );
  const orphanFiles = await withoutRow(await oldEntries(filesFolder, now, graceMs), async (ids) =>
    (await db.select({ id: leadFiles.id }).from(leadFiles).where(inArray(leadFiles.id, ids))).map((row) => row.id),
  );
  await Promise.all([
    ...orphanMedia.map((id) => rm(join(mediaFolder, id), { recursive: true, force: true })),
    ...orphanFiles.map((id) => rm(join(filesFolder, id), { force: true })),
  ]);
  return { media: orphanMedia, leadFiles: orphanFiles };
}
