import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DurableNodeFS, durableStartParams } from './durable-nodefs.ts';
import { safeError } from '../log-safe-error.ts';

export { DatabaseInUseError } from './data-dir-lock.ts';

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

export type OpenOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Embedded database only: sync every commit to disk (on unless PGLITE_FSYNC=false). */
  fsync?: boolean;
  /** Where connection losses are reported; they are expected during a database restart, so they are logged, not thrown. */
  onConnectionError?: (error: Error) => void;
  /** Embedded database only: more PGlite options (`npm run bench:pglite` tries some). */
  pglite?: Omit<PGliteOptions, 'dataDir' | 'fs'>;
};

/**
 * The extensions the migrations create, which the embedded database must have loaded at
 * construction: pg_trgm for the staff searches' trigram indexes (migration 0014).
 */
export const pgliteExtensions = { pg_trgm };

/** How long a request waits for a PostgreSQL connection before it answers 503: a dead database must fail fast, not hang. */
export const CONNECT_TIMEOUT_MS = 5_000;

const logConnectionError = (error: Error) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'database connection error', error: safeError(error) }));

/**
 * PostgreSQL when `databaseUrl` is set; otherwise PGlite persisted under `dataDir`, or in
 * memory when `dataDir` is `memory://` (the API tests use that).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onConnectionError ?? logConnectionError);
  return openPglite(options.dataDir, options.fsync ?? true, options.pglite ?? {});
}

async function openPostgres(url: string, onConnectionError: (error: Error) => void): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // pg emits 'error' on a client whose connection dies (a restart, pg_terminate_backend);
  // unheard, that event ends the process. The pool listens on idle clients only, so every
  // client gets its own listener for the time it is checked out. The query in flight
  // rejects on its own (its request answers 503), and the pool drops the dead client.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  pool.on('error', onConnectionError);
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

async function openPglite(dataDir: string, fsync: boolean, extra: Omit<PGliteOptions, 'dataDir' | 'fs'>): Promise<Database> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // PGlite is one process's database: a second process opening the same folder would corrupt it.
  const lock = inMemory ? null : lockDataDir(dataDir);
  let client: PGlite;
  try {
    const folder = `${dataDir.replace(/\/+$/, '')}/pgdata`;
    const extensions = pgliteExtensions;
    client = inMemory
      ? new PGlite({ ...extra, extensions: { ...extra.extensions, ...extensions } })
      : fsync
        ? new PGlite({
            ...extra,
            extensions: { ...extra.extensions, ...extensions },
            fs: new DurableNodeFS(folder),
            startParams: durableStartParams(extra.startParams ?? PGlite.defaultStartParams),
          })
        : new PGlite({ ...extra, extensions: { ...extra.extensions, ...extensions }, dataDir: folder });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const pgliteDb = drizzlePglite({ client, schema });
  const db: Db = pgliteDb;
  return {
    db,
    engine: 'pglite',
    // PGlite is one process's own database, so there is nobody to race with.
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: async () => {
      await client.close();
      lock?.release();
    },
  };
}

/** How many migrations the code brings: readiness waits until the database has them all. */
export const MIGRATION_COUNT = (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length;

/** How many migrations the database has applied (Drizzle's own table, the same for both engines). */
export async function appliedMigrations(db: Db): Promise<number> {
  // Both drivers answer raw SQL with `{ rows }`.
  const result = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as { rows: { applied: number }[] };
  return Number(result.rows[0]?.applied ?? 0);
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
