import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

/** One typed handle for both engines: embedded PGlite and PostgreSQL share the dialect. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several processes start at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: every process asking for it queues behind the one that holds it. */
const MIGRATION_LOCK_KEY = 724_113_001;

/**
 * PostgreSQL when `databaseUrl` is set; otherwise PGlite persisted under `dataDir`, or in
 * memory when `dataDir` is `memory://` (the API tests use that).
 */
export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 'error', msg: 'postgres pool error', error: error.message })));
  const db: Db = drizzlePg({ client: pool, schema });
  return {
    db,
    engine: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Thrown when another live process has the embedded database open. */
export class DatabaseInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt
 * it. A lock file holding the owner's pid keeps a build or a second server out; a lock left
 * by a process that died is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir.replace(/\/+$/, '')}/pgdata.lock`;
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(lockFile, 'utf8'));
    if (owner !== process.pid && Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new DatabaseInUseError(`The embedded database in ${dataDir} is in use by process ${owner}. Stop that process first, or use another DATA_DIR.`);
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => rmSync(lockFile, { force: true });
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  const client = inMemory ? new PGlite() : new PGlite(`${dataDir.replace(/\/+$/, '')}/pgdata`);
  await client.waitReady;
  const pgliteDb = drizzlePglite({ client, schema });
  const db: Db = pgliteDb;
  return {
    db,
    engine: 'pglite',
    // PGlite is one process's own database, so there is nobody to race with.
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
