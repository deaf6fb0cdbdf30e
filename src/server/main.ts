import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { DatabaseInUseError, openDatabase, type Database } from './db/client.ts';
import { isDatabaseUnavailable, rootCause } from './db/errors.ts';
import { startOutboxJob } from './jobs/outbox-sender.ts';
import { startCleanupJob } from './jobs/cleanup.ts';
import { startPublishJob } from './jobs/publish-scheduled.ts';
import { createLogger } from './log.ts';
import { createMailTransport } from './mail/transport.ts';
import { seedAdministrator } from './seed.ts';
import { seedBlogPosts } from './posts/seed.ts';
import { loadStaticSite } from './static-site.ts';
import { resolveSecretKey } from './auth/crypto.ts';
import { createUploadService } from './storage/uploads.ts';

/** Entry point: configuration, database and migrations, seed, background jobs, then HTTP. */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/** Exit codes (sysexits.h) that tell a process manager why start-up failed: the data folder is held by another process, or the database server is unreachable. */
const EXIT_IN_USE = 75;
const EXIT_DATABASE_UNREACHABLE = 69;

const log = createLogger(config.logLevel);
const started = performance.now();
let database: Database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    fsync: config.pgliteFsync,
    onConnectionError: (error) => log.error('database connection lost', { error: error.message }),
  });
  await database.migrate();
} catch (error) {
  // Expected failures get one clear line, not a stack trace.
  if (error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(EXIT_IN_USE);
  }
  if (isDatabaseUnavailable(error)) {
    console.error(`Cannot reach the database: ${rootCause(error as Error).message}. Check DATABASE_URL and that the server is running.`);
    process.exit(EXIT_DATABASE_UNREACHABLE);
  }
  throw error;
}

const seed = await seedAdministrator(database.db, config);
if (seed.created) {
  console.log(`\nCreated the administrator ${seed.email}.`);
  if (seed.generatedPassword) {
    console.log(`Its generated password, shown this once: ${seed.generatedPassword}\nSign in at /admin and keep it somewhere safe.\n`);
  }
}

await seedBlogPosts(database.db);

const site = await loadStaticSite(config.distDir);
if (!site) log.error('no built site found; only the API is served', { distDir: config.distDir });

const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir });
const stopOutbox = startOutboxJob({ db: database.db, transport, from: config.mailFrom, log, maxAttempts: config.mailMaxAttempts });
const uploads = createUploadService(config);
const stopCleanup = startCleanupJob({ db: database.db, log, cleanUploads: () => uploads.cleanUpExpired(database.db) });
const stopPublishing = startPublishJob({ db: database.db, log });
const secretKey = resolveSecretKey(config.appSecret, config.dataDir);
const app = createApp({ config, db: database.db, log, site, secretKey, uploads });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const host = info.address.includes(':') ? `[${info.address}]` : info.address;
  console.log(
    `${config.site.brand} is running at http://${host}:${info.port} (database: ${database.engine}, mail: ${transport.kind}, ready in ${Math.round(performance.now() - started)} ms)`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('shutting down', { signal });
  server.close();
  stopCleanup();
  stopPublishing();
  await stopOutbox();
  transport.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
