import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#src/server/db/client.ts';

/** fsync(2) calls the embedded database makes while it commits one insert. */
async function fsyncsPerCommit(fsync: boolean | undefined): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'durable-'));
  const database = await openDatabase({ dataDir: dir, fsync });
  try {
    await database.db.execute(sql`create table note (body text)`);
    const spy = vi.spyOn(fs, 'fsyncSync');
    await database.db.execute(sql`insert into note values ('acknowledged')`);
    return spy.mock.calls.length;
  } finally {
    vi.restoreAllMocks();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

afterEach(() => vi.restoreAllMocks());

describe('the embedded database on disk', () => {
  it('syncs every commit to the disk by default, so a power cut cannot lose an acknowledged write', async () => {
    expect(await fsyncsPerCommit(undefined)).toBeGreaterThan(0);
  }, 120_000);

  it('does not when PGLITE_FSYNC=false chose speed', async () => {
    expect(await fsyncsPerCommit(false)).toBe(0);
  }, 120_000);
});
