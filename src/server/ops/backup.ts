import { spawn } from 'node:child_process';
import { chmod, copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';

/**
 * One archive (a tar file) holds everything needed to recover: the database (pg_dump's
 * custom format on PostgreSQL, PGlite's own dump of its folder when embedded), the uploads
 * and the mail written as .eml files, and the app secret that encrypts the two-factor secrets
 * (unless APP_SECRET comes from the environment: then it is not in DATA_DIR, nor in here).
 */
export const ARCHIVE_LAYOUT = {
  manifest: 'manifest.json',
  postgresDump: 'database.pgdump',
  pgliteDump: 'pglite-data.tar.gz',
  secret: 'app-secret.key',
  /** DATA_DIR's folders kept as they are (unfinished uploads are left out: a day's pieces, not worth restoring). */
  folders: ['uploads', 'outbox'],
} as const;

const SECRET_FILE = 'app-secret.key';

export type Manifest = { format: 1; createdAt: string; engine: 'pglite' | 'postgres'; secret: 'included' | 'from-environment' };
export type BackupTarget = { dataDir: string; databaseUrl: string | undefined; appSecretFromEnvironment: boolean };

/** Runs a program to its end; rejects with its stderr when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Writes the archive to `archivePath`; the embedded database must not be open in a server meanwhile (its lock says so). */
export async function backup(target: BackupTarget, archivePath: string): Promise<Manifest> {
  const staging = await mkdtemp(join(tmpdir(), 'backup-'));
  try {
    const engine = target.databaseUrl ? 'postgres' : 'pglite';
    // The database first, then the files: every row in the dump then has its file in the archive.
    if (target.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(staging, ARCHIVE_LAYOUT.postgresDump)}`, target.databaseUrl]);
    } else {
      const database = await openDatabase({ dataDir: target.dataDir });
      try {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('gzip');
        await writeFile(join(staging, ARCHIVE_LAYOUT.pgliteDump), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }
    const secretFile = join(target.dataDir, SECRET_FILE);
    const secret = !target.appSecretFromEnvironment && existsSync(secretFile) ? 'included' : 'from-environment';
    if (secret === 'included') await copyFile(secretFile, join(staging, ARCHIVE_LAYOUT.secret));
    const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), engine, secret };
    await writeFile(join(staging, ARCHIVE_LAYOUT.manifest), `${JSON.stringify(manifest, null, 2)}\n`);

    const folders = ARCHIVE_LAYOUT.folders.filter((folder) => existsSync(join(target.dataDir, folder)));
    const partial = `${archivePath}.partial`;
    await run('tar', [
      '--create',
      `--file=${partial}`,
      '--exclude=uploads/unfinished',
      `--directory=${staging}`,
      ...(await readdir(staging)),
      // GNU tar refuses a --directory with nothing after it (a data folder with no uploads yet).
      ...(folders.length > 0 ? [`--directory=${resolve(target.dataDir)}`, ...folders] : []),
    ]);
    // Readable by its owner only: it holds the key to the two-factor secrets.
    await chmod(partial, 0o600);
    await run('mv', [partial, archivePath]);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

/** What makes a target not empty: a database with tables, or a data folder holding data. */
async function problemsWithTarget(target: BackupTarget): Promise<string[]> {
  const problems: string[] = [];
  for (const name of ['pgdata', SECRET_FILE, ...ARCHIVE_LAYOUT.folders]) {
    const path = join(target.dataDir, name);
    if (!existsSync(path)) continue;
    const info = await stat(path);
    if (!info.isDirectory() || (await readdir(path, { recursive: true })).some((entry) => !entry.endsWith('unfinished'))) problems.push(path);
  }
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      if ((rows[0]?.n ?? 0) > 0) problems.push(`the database ${new URL(target.databaseUrl).pathname.slice(1)} (it has tables)`);
    } finally {
      await client.end();
    }
  }
  return problems;
}

/** Restores an archive into an empty data folder and an empty database (embedded or DATABASE_URL's); refuses anything else. */
export async function restore(target: BackupTarget, archivePath: string): Promise<Manifest> {
  const problems = await problemsWithTarget(target);
  if (problems.length > 0)
    throw new RestoreRefused(`Restore refused: the target is not empty: ${problems.join(', ')}. Restore into an empty data folder and an empty database.`);
  const staging = await mkdtemp(join(tmpdir(), 'restore-'));
  try {
    await run('tar', ['--extract', `--file=${resolve(archivePath)}`, `--directory=${staging}`]);
    const manifest = JSON.parse(await readFile(join(staging, ARCHIVE_LAYOUT.manifest), 'utf8')) as Manifest;
    const wanted = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.engine !== wanted) {
      throw new RestoreRefused(
        `Restore refused: the archive holds a ${manifest.engine === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL'} database and the target is ${wanted === 'pglite' ? 'the embedded database (DATABASE_URL is unset)' : 'PostgreSQL'}.`,
      );
    }
    await mkdir(target.dataDir, { recursive: true });
    if (target.databaseUrl) {
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${target.databaseUrl}`,
        join(staging, ARCHIVE_LAYOUT.postgresDump),
      ]);
    } else {
      // The folder's lock keeps a server from starting on it mid-restore.
      const lock = lockDataDir(target.dataDir);
      try {
        const dump = new Blob([await readFile(join(staging, ARCHIVE_LAYOUT.pgliteDump))]);
        const client = new PGlite(join(target.dataDir, 'pgdata'), { loadDataDir: dump, extensions: pgliteExtensions });
        await client.waitReady;
        await client.close();
      } finally {
        lock.release();
      }
    }
    for (const folder of ARCHIVE_LAYOUT.folders) {
      if (existsSync(join(staging, folder))) await cp(join(staging, folder), join(target.dataDir, folder), { recursive: true });
    }
    if (manifest.secret === 'included') {
      await copyFile(join(staging, ARCHIVE_LAYOUT.secret), join(target.dataDir, SECRET_FILE));
      await chmod(join(target.dataDir, SECRET_FILE), 0o600);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
