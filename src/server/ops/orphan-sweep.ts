import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { leadFiles, media } from '../db/schema.ts';
import { convertingRoot } from '../storage/media-store.ts';
import { type ObjectStore, storageKeys } from '../storage/object-store.ts';

/**
 * Objects younger than this are left alone: another server sharing the store may be
 * converting them right now, its database row not yet committed. A conversion never takes
 * this long, and a server's shutdown waits at most SHUTDOWN_TIMEOUT_SECONDS for one.
 */
export const ORPHAN_GRACE_MS = 10 * 60 * 1000;

/** Entries under a prefix older than the grace period (none when there are none yet). */
async function oldEntries(objects: ObjectStore, prefix: string, now: number, graceMs: number): Promise<string[]> {
  const entries = await objects.listFolders(prefix);
  return entries.filter((entry) => now - entry.lastModified.getTime() >= graceMs).map((entry) => entry.name);
}

/** This machine's half-made variants folders past the grace period (a conversion cut short). */
async function sweepConverting(dataDir: string, now: number, graceMs: number): Promise<string[]> {
  const folder = convertingRoot(dataDir);
  const old: string[] = [];
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (info && now - info.mtimeMs >= graceMs) old.push(name);
  }
  await Promise.all(old.map((name) => rm(join(folder, name), { recursive: true, force: true })));
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
 * Removes what a process killed mid-upload (kill -9, a power cut, a shutdown cut short) or a
 * store failing part-way left half-written: variants still being made on this machine, an
 * image's stored variants with no media row, a quote document with no lead_files row. Runs at start-up and with the hourly cleanup. Returns what
 * it removed.
 */
export async function sweepOrphanUploads(
  db: Db,
  objects: ObjectStore,
  dataDir: string,
  graceMs = ORPHAN_GRACE_MS,
): Promise<{ media: string[]; leadFiles: string[]; converting: string[] }> {
  const now = Date.now();
  const converting = await sweepConverting(dataDir, now, graceMs);
  const orphanMedia = await withoutRow(await oldEntries(objects, storageKeys.mediaRoot, now, graceMs), async (ids) =>
    (await db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((row) => row.id),
  );
  const orphanFiles = await withoutRow(await oldEntries(objects, storageKeys.leadFilesRoot, now, graceMs), async (ids) =>
    (await db.select({ id: leadFiles.id }).from(leadFiles).where(inArray(leadFiles.id, ids))).map((row) => row.id),
  );
  await Promise.all([
    ...orphanMedia.map((id) => objects.deletePrefix(storageKeys.mediaFolder(id))),
    ...orphanFiles.map((id) => objects.delete(storageKeys.leadFile(id))),
  ]);
  return { media: orphanMedia, leadFiles: orphanFiles, converting };
}
