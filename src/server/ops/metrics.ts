import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppEnv } from '../app-env.ts';
import { RateLimitRefusal } from '../auth/rate-limit.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { sendFail } from '../http/envelope.ts';
import { UPLOADS_PATH } from '../storage/upload-address.ts';
import type { JobRunner } from '../jobs/runner.ts';

export const METRICS_PATH = '/metrics';
export const metricsRefused = 'Metrics are served to this machine only, or with the metrics token.';

export type SiteBuildOutcome = 'built' | 'failed';

export type Metrics = {
  registry: Registry;
  /** Counts and times every request by its route pattern; counts rate-limit refusals and upload bytes. */
  middleware: MiddlewareHandler<AppEnv>;
  /** `GET /metrics`, for loopback peers or a bearer token. */
  routes: Hono<AppEnv>;
  /** Call when a build of the static site ends (a background rebuild, a deploy's build in this process). */
  recordSiteBuild(seconds: number, outcome?: SiteBuildOutcome): void;
  /** Counts and times a built file answered ahead of the app (the static fast path), as route `*`. */
  recordStaticFile(method: string, status: number, seconds: number): void;
};

/** 127.0.0.0/8 and ::1, also in IPv4-mapped form: the machine itself. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return plain === '::1' || /^127\.\d+\.\d+\.\d+$/.test(plain);
}

/** The socket's peer, never a forwarded address: a proxy on this machine must not open /metrics to the world. */
const peerOf = (c: Context) => (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The built site's label: the app's catch-all route, which serves the same files when the fast path passes one on. */
const STATIC_ROUTE = '/*';

/** How long the fast path's answers may wait to be counted (a scrape counts them at once). */
const FOLD_AFTER_MS = 100;
/** How many answers of one kind may wait (a few thousand a second is the most one core answers). */
const FOLD_AT_ANSWERS = 1024;

/** A wildcard route answering 404 is "no route": one label for every unknown address, not one per address. */
function routeLabel(c: Context, status: number): string {
  const route = routePath(c);
  return status === 404 && (route === '*' || route === '/*') ? 'unmatched' : route;
}

/**
 * Prometheus metrics for this process (prom-client, its own registry): requests by route
 * pattern and status with their durations, rate-limit refusals per limit, upload bytes,
 * site builds, the outbox's backlog (read from the database at scrape, three index-backed
 * aggregates), the background jobs' failed runs and Node's process metrics.
 */
export function createMetrics({ db, token, jobs }: { db: Db; token: string | undefined; jobs?: Pick<JobRunner, 'failedRuns'> }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  // A scrape first counts the built files answered since the last fold (see recordStaticFile).
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status.',
    labelNames,
    registers: [registry],
    collect: () => foldStaticFiles(),
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the response starts), by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
    collect: () => foldStaticFiles(),
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 because a rate limit was spent, by limit.',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const uploadBytes = new Counter({ name: 'upload_bytes_total', help: 'Bytes received in accepted upload chunks.', registers: [registry] });
  const builds = new Counter({
    name: 'site_builds_total',
    help: 'Builds of the static site, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const buildSeconds = new Histogram({
    name: 'site_build_duration_seconds',
    help: 'Time a build of the static site took.',
    buckets: [1, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });

  // One query per scrape for the three outbox figures, over the partial indexes on queued and
  // failed mail (never the sent mail); each gauge's collect shares the scrape's answer.
  type Backlog = { queued: number; failed: number; oldest: number };
  // prom-client collects every metric of a scrape at once, so the three share the query in flight.
  let inFlight: Promise<Backlog> | null = null;
  const readBacklog = (): Promise<Backlog> => {
    if (inFlight) return inFlight;
    inFlight = (async () => {
      try {
        const result = (await db.execute(sql`
          select
            (select count(*) from ${outbox} where ${outbox.status} = 'queued')::int as queued,
            (select count(*) from ${outbox} where ${outbox.status} = 'failed')::int as failed,
            coalesce((select extract(epoch from now() - min(${outbox.createdAt})) from ${outbox} where ${outbox.status} = 'queued'), 0)::float8 as oldest
        `)) as unknown as { rows: Backlog[] };
        return result.rows[0] ?? { queued: 0, failed: 0, oldest: 0 };
      } catch {
        // The database is away: say so by giving no number rather than a stale one.
        return { queued: Number.NaN, failed: Number.NaN, oldest: Number.NaN };
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };
  const backlogGauge = (name: string, help: string, pick: (b: Backlog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await readBacklog()));
      },
    });
  backlogGauge('outbox_queued_mails', 'Mails waiting to be sent (including those waiting for a retry).', (b) => b.queued);
  backlogGauge('outbox_failed_mails', 'Mails given up on (refused for good or out of attempts).', (b) => b.failed);
  backlogGauge('outbox_oldest_queued_age_seconds', 'Age of the oldest mail still queued; 0 when none is.', (b) => b.oldest);

  // Read at each scrape: pg-boss's failed jobs in the database (every server reports the same
  // figure), or this process's failed runs since it started (the embedded database).
  if (jobs) {
    new Gauge({
      name: 'background_jobs_failed',
      // `name`, not `job`: Prometheus gives every scraped series a `job` label of its own.
      help: 'Background job runs that failed (after their retries), by job name.',
      labelNames: ['name'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const [name, failed] of Object.entries(await jobs.failedRuns())) this.set({ name }, failed);
        } catch {
          // The database is away: no figure rather than a stale one (the outbox gauges say why).
        }
      },
    });
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const started = performance.now();
    await next();
    const status = c.res.status;
    const labels = { method: c.req.method, route: routeLabel(c, status), status: String(status) };
    requests.inc(labels);
    durations.observe(labels, (performance.now() - started) / 1000);
    if (c.error instanceof RateLimitRefusal) refusals.inc({ limit: c.error.limit });
    if (c.req.method === 'PATCH' && status < 300 && c.req.path.startsWith(`${UPLOADS_PATH}/`)) {
      uploadBytes.inc(Number(c.req.header('content-length') ?? 0) || 0);
    }
  };

  /**
   * The built files answered by the fast path, by method and status: their durations, not yet
   * in the counter and histogram. prom-client hashes and checks the labels on every count and
   * observation, even through a label child; per answer, between two answers' system calls,
   * that cost about as much as the rest of the answer's own code. So an answer only notes its
   * duration, in a typed array made once (nothing young for the garbage collector to copy while
   * it waits), and the notes are folded in together when the array is full, at most
   * FOLD_AFTER_MS later, and at every scrape, before the figures are read: a scrape sees every
   * answer made before it.
   */
  type StaticTally = { requests: ReturnType<typeof requests.labels>; durations: ReturnType<typeof durations.labels>; seconds: Float64Array; count: number };
  const staticTallies = new Map<string, Map<number, StaticTally>>();
  let foldTimer: NodeJS.Timeout | null = null;
  const fold = (tally: StaticTally) => {
    if (tally.count === 0) return;
    tally.requests.inc(tally.count);
    for (let i = 0; i < tally.count; i++) tally.durations.observe(tally.seconds[i]!);
    tally.count = 0;
  };
  function foldStaticFiles(): void {
    if (foldTimer) clearTimeout(foldTimer);
    foldTimer = null;
    for (const byStatus of staticTallies.values()) for (const tally of byStatus.values()) fold(tally);
  }
  const tallyOf = (method: string, status: number): StaticTally => {
    let byStatus = staticTallies.get(method);
    if (!byStatus) {
      byStatus = new Map();
      staticTallies.set(method, byStatus);
    }
    let tally = byStatus.get(status);
    if (!tally) {
      const labels = { method, route: STATIC_ROUTE, status: String(status) };
      tally = { requests: requests.labels(labels), durations: durations.labels(labels), seconds: new Float64Array(FOLD_AT_ANSWERS), count: 0 };
      byStatus.set(status, tally);
    }
    return tally;
  };
  const tokenDigest = token ? digest(token) : null;
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c, next) => {
    // The app is not strict about a trailing slash ('/metrics/' reaches this route, and
    // c.req.path drops the slash), so the address as sent is checked: a proxy rule that denies
    // exactly '/metrics' would let '/metrics/' through.
    if (new URL(c.req.url).pathname !== METRICS_PATH) return next();
    const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const tokenOk = tokenDigest !== null && bearer !== undefined && timingSafeEqual(digest(bearer), tokenDigest);
    if (!tokenOk && !isLoopback(peerOf(c))) return sendFail(c, 403, metricsRefused);
    c.header('cache-control', 'no-store');
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType });
  });

  return {
    registry,
    middleware,
    routes,
    recordSiteBuild(seconds, outcome = 'built') {
      builds.inc({ outcome });
      if (outcome === 'built') buildSeconds.observe(seconds);
    },
    recordStaticFile(method, status, seconds) {
      const tally = tallyOf(method, status);
      tally.seconds[tally.count++] = seconds;
      if (tally.count === FOLD_AT_ANSWERS) fold(tally);
      foldTimer ??= setTimeout(foldStaticFiles, FOLD_AFTER_MS).unref();
    },
  };
}
