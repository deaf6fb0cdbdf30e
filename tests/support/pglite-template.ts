import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#src/server/db/client.ts';

/**
 * A migrated, empty embedded database as a tarball, made once and kept in the temporary
 * folder under a name that changes with PGlite's version and the migrations: each test
 * database then starts from it (PGlite's `loadDataDir`) instead of running initdb (a second
 * PostgreSQL instance inside PGlite) and every migration again. Written under another name and
 * renamed into place, so test processes starting together never read half a file.
 */
const migrationsFolder = new URL('../../src/server/db/migrations/', import.meta.url);

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version);
  for (const name of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = new URL(name, migrationsFolder);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | undefined;

export function migratedTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = join(tmpdir(), `pglite-migrated-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = await client.dumpDataDir('none');
    await database.close();
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, Buffer.from(await tarball.arrayBuffer()));
    renameSync(draft, file);
    return tarball;
  })();
  return cached;
}
