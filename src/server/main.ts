import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startOutboxJob } from './jobs/outbox-sender.ts';
import { startCleanupJob } from './jobs/cleanup.ts';
import { startPublishJob } from './jobs/publish-scheduled.ts';
import { createLogger } from './log.ts';
import { createMailTransport } from './mail/transport.ts';
import { seedAdministrator } from './seed.ts';
import { seedBlogPosts } from './posts/seed.ts';
import { loadStaticSite } from './static-site.ts';
import { resolveSecretKey } from './auth/crypto.ts';
import { createUploadService } from './routes/uploads.ts';

/** Entry point: configuration, database and migrations, seed, background jobs, then HTTP. */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const log = createLogger(config.logLevel);
const started = performance.now();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();

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
