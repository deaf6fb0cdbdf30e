import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, createServerWithStaticFastPath } from './app.ts';
import { createWorkerApp } from './worker-app.ts';
import { loadConfig, type Config } from './config.ts';
import { DatabaseInUseError, openDatabase, type Database } from './db/client.ts';
import { isDatabaseUnavailable, rootCause } from './db/errors.ts';
import { safeError, safeErrorMessage } from './log-safe-error.ts';
import { outboxJob } from './jobs/outbox-sender.ts';
import { cleanupJob } from './jobs/cleanup.ts';
import { deleteExpiredShares } from './previews/queries.ts';
import { publishJob } from './jobs/publish-scheduled.ts';
import { webhookJob } from './jobs/webhook-sender.ts';
import { retentionJob } from './jobs/retention.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createLogger } from './log.ts';
import { createMailTransport } from './mail/transport.ts';
import { seedAdministrator } from './seed.ts';
import { seedBlogPosts } from './posts/seed.ts';
import { seedContent } from './content/seed.ts';
import { loadStaticSite, replaceable } from './static-site.ts';
import { siteBuildsDir, startSiteRebuildJob } from './jobs/site-rebuild.ts';
import { createPreviewService } from './content/preview.ts';
import { resolveSecretKey } from './auth/crypto.ts';
import { createUploadService } from './storage/uploads.ts';
import { StorageConfigError } from './storage/object-store.ts';
import { openObjectStore } from './storage/open-object-store.ts';
import { createDrain } from './ops/drain.ts';
import { shutDown } from './ops/shutdown.ts';
import { sweepOrphanUploads } from './ops/orphan-sweep.ts';
import { EXIT_SITE_NOT_BUILT, productionSiteProblem } from './ops/production-site.ts';
import { createMetrics } from './ops/metrics.ts';
import { installProcessHandlers } from './ops/process-handlers.ts';
import { flushErrorReports } from './ops/error-reporting.ts';
import { observabilityStarted, withMailTracing } from './observability/active.ts';

/** Said when SENTRY_DSN or OTEL_EXPORTER_OTLP_ENDPOINT is set but the server was started without the preload that starts them. */
const PRELOAD_MISSING = 'set, but not in effect: start the server with node --import ./src/server/observability/preload.ts';

/** Entry point: configuration, database and migrations, seed, background jobs, then HTTP. */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// A production server serves what `npm run build` made, or nothing: never a stale or missing site.
if (config.env === 'production') {
  const problem = productionSiteProblem(config.distDir, resolve(import.meta.dirname, '..', '..'), process.env);
  if (problem) {
    console.error(problem);
    process.exit(EXIT_SITE_NOT_BUILT);
  }
}

/** Exit codes (sysexits.h) that tell a process manager why start-up failed: the data folder is held by another process, or the database server is unreachable. */
const EXIT_IN_USE = 75;
const EXIT_DATABASE_UNREACHABLE = 69;
/** The bucket cannot be used: unreachable, the keys refused, or no such bucket (EX_IOERR). */
const EXIT_STORAGE_UNUSABLE = 74;

// Uploads and site builds: the data folder, or the bucket, which must answer before anything starts.
const objects = openObjectStore(config);
try {
  await objects.check();
} catch (error) {
  console.error(error instanceof StorageConfigError ? error.message : `Cannot use ${objects.description}: ${safeErrorMessage(error)}`);
  process.exit(EXIT_STORAGE_UNUSABLE);
}

// Readable lines in a developer's terminal; JSON lines everywhere else (a file, a container, a test).
const log = createLogger(config.logLevel, { pretty: config.env === 'development' && process.stdout.isTTY === true });
installProcessHandlers(log);
if (config.sentryDsn && !observabilityStarted.errorReporting) log.warn(PRELOAD_MISSING, { variable: 'SENTRY_DSN' });
if (config.otelEndpoint && !observabilityStarted.tracing) log.warn(PRELOAD_MISSING, { variable: 'OTEL_EXPORTER_OTLP_ENDPOINT' });
const startedAt = performance.now();
let database: Database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    fsync: config.pgliteFsync,
    onConnectionError: (error) => log.error('database connection lost', { error: safeError(error) }),
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
  // The administrator's address is ADMIN_EMAIL (the log names no one); a generated password is
  // shown this once, on purpose, for the operator: setting ADMIN_PASSWORD keeps it out of the log.
  if (seed.generatedPassword) {
    log.warn('created the administrator with a generated password, shown this once: sign in at /admin and keep it somewhere safe', {
      generatedPassword: seed.generatedPassword,
    });
  } else log.info('created the administrator from ADMIN_EMAIL and ADMIN_PASSWORD');
}

if (config.demoPosts) await seedBlogPosts(database.db);
await seedContent(database.db, { demo: config.demoContent });

// What a killed process (kill -9, power cut) left half-written: variant folders and documents with no row.
// At start-up on the embedded database with the folder store nothing else can be writing (the data
// folder is this process's alone), so everything without a row goes; otherwise a grace period spares other servers' work.
const sweep = (graceMs?: number) =>
  sweepOrphanUploads(database.db, objects, config.dataDir, graceMs).then((removed) => {
    const count = removed.media.length + removed.leadFiles.length + removed.converting.length;
    if (count > 0) log.info('removed unfinished uploads', removed);
    return count;
  });
await sweep(database.engine === 'pglite' && !objects.remote ? 0 : undefined);

// What this process runs (config.ts, Role): on one machine everything; apart, a web server never
// loads the site builder or runs background jobs, and a worker serves no pages.
const runsJobs = config.role !== 'web';
const servesPages = config.role !== 'worker';

const loadedSite = servesPages ? await loadStaticSite(config.distDir) : null;
// Replaceable: a publish's rebuild swaps the new build in while the server runs.
const site = loadedSite && replaceable(loadedSite);
if (!site && servesPages) log.error('no built site found; only the API is served', { distDir: config.distDir });

const transport = await withMailTracing(createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir }));
const uploads = createUploadService(config, database.db, objects);
const secretKey = resolveSecretKey(config.appSecret, config.dataDir);
const drain = createDrain();
// Background jobs: pg-boss on PostgreSQL, interval timers on the embedded database (jobs/runner.ts).
const jobs = runsJobs ? await createJobRunner(database, { log, databaseUrl: config.databaseUrl, stopTimeoutMs: config.shutdownTimeoutMs }) : null;
const metrics = createMetrics({ db: database.db, token: config.metricsToken, jobs: jobs ?? undefined });
// One site builder (one Astro process) for the publishes' rebuilds and the editors' draft previews,
// imported only where it runs so that a web server never holds its toolchain.
const siteBuilder = runsJobs
  ? (await import('../build/site-builder.ts')).siteBuilderFor(siteBuildsDir(config.dataDir), log, config.siteBuilderIdleMinutes * 60_000)
  : undefined;
const siteRebuilds = startSiteRebuildJob({
  db: database.db,
  log,
  site,
  buildsDir: siteBuildsDir(config.dataDir),
  objects,
  distDir: config.distDir,
  build: siteBuilder,
  onBuildFinished: (seconds, outcome) => metrics.recordSiteBuild(seconds, outcome),
});
const previews = siteBuilder ? createPreviewService(siteBuildsDir(config.dataDir), siteBuilder, log) : null;
/** pg-boss could not start: usually the database role may not create its schema (EX_NOPERM). */
const EXIT_JOBS_UNUSABLE = 77;
try {
  await startJobs();
} catch (error) {
  if (isDatabaseUnavailable(error)) {
    console.error(`Cannot reach the database: ${rootCause(error as Error).message}. Check DATABASE_URL and that the server is running.`);
    process.exit(EXIT_DATABASE_UNREACHABLE);
  }
  console.error(
    `Cannot start the background jobs (pg-boss, schema pgboss): ${safeErrorMessage(error)}. The database role must be allowed to create the pgboss schema, or own it.`,
  );
  process.exit(EXIT_JOBS_UNUSABLE);
}
async function startJobs() {
  await jobs?.start([
    outboxJob({ db: database.db, transport, from: config.mailFrom, log, maxAttempts: config.mailMaxAttempts }),
    publishJob({ db: database.db, origin: config.site.origin }),
    webhookJob({ db: database.db, log, secretKey, allowPrivate: config.webhooksAllowPrivate, origin: config.site.origin }),
    // What the privacy statement promises: enquiries deleted after RETENTION_MONTHS, mail bodies after MAIL_BODY_RETENTION_DAYS.
    retentionJob({
      db: database.db,
      log,
      settings: { retentionMonths: config.site.retentionMonths, mailBodyRetentionDays: config.mailBodyRetentionDays, dataDir: config.dataDir, objects },
    }),
    cleanupJob({
      db: database.db,
      cleanUploads: async () => (await uploads.cleanUpExpired(database.db, objects)) + (await sweep()),
      cleanShares: async () => {
        const expired = await deleteExpiredShares(database.db);
        await Promise.all(expired.map((id) => previews?.unshare(id)));
        return expired.length;
      },
    }),
  ]);
}
const app = servesPages
  ? createApp({ config, db: database.db, log, site, secretKey, objects, uploads, drain, metrics, previews })
  : createWorkerApp({ db: database.db, log, metrics });

const server = serve(
  { fetch: app.fetch, port: config.port, hostname: config.host, createServer: createServerWithStaticFastPath({ site, log, metrics, drain }) },
  (info) => {
    const host = info.address.includes(':') ? `[${info.address}]` : info.address;
    log.info(`${config.site.brand} is running at http://${host}:${info.port}`, {
      role: config.role,
      database: database.engine,
      files: objects.remote ? 's3' : 'folder',
      mail: transport.kind,
      jobs: jobs?.kind ?? 'none',
      readyMs: Math.round(performance.now() - startedAt),
    });
  },
);

/** Exit code when the shutdown timeout cut requests still in hand (0 after a clean drain). */
const EXIT_SHUTDOWN_CUT = 1;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info('shutting down', { signal });
  const { ms, forced } = await shutDown({
    // serve() gives a plain HTTP/1 server here (no TLS, no HTTP/2 options).
    server: server as Server,
    drain,
    timeoutMs: config.shutdownTimeoutMs,
    graceMs: config.shutdownGraceMs,
    // pg-boss stops gracefully (the runs in hand finish) before the database closes.
    stopJobs: () => Promise.all([jobs?.stop(), siteRebuilds.stop()]),
    closeResources: async () => {
      transport.close();
      await database.close();
    },
    log,
  });
  log.info('stopped', { signal, drainMs: ms, forced });
  // The last spans and error reports leave before the process does.
  await Promise.allSettled([observabilityStarted.tracing?.shutdown(), flushErrorReports(2000)]);
  process.exit(forced ? EXIT_SHUTDOWN_CUT : 0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
