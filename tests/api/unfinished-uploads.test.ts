import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unfinishedUploads } from '#src/server/db/schema.ts';
import { folderObjectStore } from '#src/server/storage/folder-object-store.ts';
import { UnfinishedUploadStore } from '#src/server/storage/unfinished-upload-store.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

/**
 * The store behind resumable uploads: its state in the database, its pieces in the object
 * store, so that two app servers (two stores here) can share one upload safely.
 */
let test: TestDatabase;
let dataDir: string;
const DAY = 24 * 60 * 60 * 1000;
const storeAt = (name: string) => new UnfinishedUploadStore(test.database.db, folderObjectStore(dataDir), join(dataDir, name), DAY);

beforeAll(async () => {
  test = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'unfinished-uploads-'));
});
afterAll(async () => {
  await test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const begin = (store: UnfinishedUploadStore, id: string, size: number) =>
  store.create(new Upload({ id, size, offset: 0, metadata: { purpose: 'post-image' } }));

describe('unfinished uploads shared by app servers', () => {
  it('lets exactly one of two servers append at the same offset, and keeps only the winner’s bytes', async () => {
    const [one, two] = [storeAt('scratch-one'), storeAt('scratch-two')];
    await begin(one, 'race', 8);
    const results = await Promise.allSettled([
      one.write(Readable.from([Buffer.from('AAAA')]), 'race', 0),
      two.write(Readable.from([Buffer.from('BBBB')]), 'race', 0),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBe(ERRORS.INVALID_OFFSET);
    expect((await two.getUpload('race')).offset).toBe(4);

    await two.write(Readable.from([Buffer.from('CCCC')]), 'race', 4);
    const whole = await one.assemble('race');
    // The loser's piece was deleted: two pieces remain, put together in order.
    expect(readdirSync(join(dataDir, 'uploads/unfinished/race'))).toHaveLength(2);
    expect(['AAAACCCC', 'BBBBCCCC']).toContain(readFileSync(whole, 'utf8'));
    await one.remove('race');
    await expect(two.getUpload('race')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('deletes uploads begun more than a day ago with their pieces, and keeps newer ones', async () => {
    const store = storeAt('scratch-expiry');
    await begin(store, 'stale', 10);
    await store.write(Readable.from([Buffer.from('12345')]), 'stale', 0);
    await begin(store, 'fresh', 10);
    await test.database.db.update(unfinishedUploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(unfinishedUploads.id, 'stale'));

    expect(await store.deleteExpired()).toBe(1);
    await expect(store.getUpload('stale')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    expect(readdirSync(join(dataDir, 'uploads/unfinished'))).not.toContain('stale');
    expect((await store.getUpload('fresh')).offset).toBe(0);
  });
});
