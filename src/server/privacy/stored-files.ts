import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxFolder } from '../mail/transport.ts';
import { type ObjectStore, storageKeys } from '../storage/object-store.ts';

/**
 * The files that belong to records: a request's documents (in the object store, by their id) and
 * the .eml copies of mails (named `<time>-<mail id>.eml`). Removed only after the
 * transaction that deleted their rows committed, so a rollback never loses a file; a crash
 * in between leaves files without rows, which the orphan sweep (documents) and the
 * retention job's age sweep (.eml) remove later.
 */
export async function removeLeadFiles(objects: ObjectStore, ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => objects.delete(storageKeys.leadFile(id))));
}

const EML_NAME = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/i;

/** The .eml files in the outbox folder by mail id (none without the folder: mail goes by SMTP). */
export async function mailFilesById(dataDir: string): Promise<Map<string, string>> {
  const names = await readdir(outboxFolder(dataDir)).catch(() => [] as string[]);
  const byId = new Map<string, string>();
  for (const name of names) {
    const id = EML_NAME.exec(name)?.[1];
    if (id) byId.set(id.toLowerCase(), name);
  }
  return byId;
}

/** Removes the .eml files of these mails; returns how many there were. */
export async function removeMailFiles(dataDir: string, mailIds: readonly string[], files?: Map<string, string>): Promise<number> {
  if (mailIds.length === 0) return 0;
  const byId = files ?? (await mailFilesById(dataDir));
  const names = mailIds.map((id) => byId.get(id.toLowerCase())).filter((name): name is string => name !== undefined);
  await Promise.all(names.map((name) => rm(join(outboxFolder(dataDir), name), { force: true })));
  return names.length;
}

/** Removes .eml files written more than `days` ago, whatever happened to their rows; returns how many. */
export async function removeMailFilesOlderThan(dataDir: string, days: number, now = Date.now()): Promise<number> {
  const folder = outboxFolder(dataDir);
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const info = await stat(join(folder, name)).catch(() => null);
    if (info && now - info.mtimeMs > days * 24 * 60 * 60 * 1000) {
      await rm(join(folder, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}
