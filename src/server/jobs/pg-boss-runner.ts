import { PgBoss } from 'pg-boss';
import type { Logger } from '../log.ts';
import { safeError } from '../log-safe-error.ts';
import { startIntervalJob } from './interval-job.ts';
import type { JobRunner, RecurringJob } from './runner.ts';

/** pg-boss's tables live in their own schema beside the app's, in the same database. */
export const PG_BOSS_SCHEMA = 'pgboss';

export type PgBossRunnerOptions = {
  databaseUrl: string;
  log: Logger;
  /** Tries after the first that fail, and the first wait in seconds (doubling, with jitter, up to 10 minutes). */
  retry?: { limit: number; delaySeconds: number };
  /** How long a graceful stop waits for the runs in hand. */
  stopTimeoutMs?: number;
};

const DEFAULT_RETRY = { limit: 3, delaySeconds: 30 };

/** pg-boss cron is minute-grained: an interval of a minute or more becomes its cron expression. */
export function cronFor(everyMs: number): string {
  const minutes = Math.max(1, Math.round(everyMs / 60_000));
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  // Daily and longer: once a day, at 03:00 UTC, out of office hours.
  return '0 3 * * *';
}

/**
 * The PostgreSQL runner. Every job is a pg-boss queue, so each run happens
 * on one server, whichever fetches it first; a run that throws is retried with backoff and then
 * kept in pg-boss's failed state (for the queue's seven days), which the metrics count.
 *
 * A job a minute or more apart is a pg-boss cron schedule. Jobs under a minute apart (the mail
 * and webhook senders, every 2 s: cron cannot say that) keep a short local look instead:
 * every `everyMs` each server runs the job's `isDue` query and, only when something is due, asks
 * pg-boss for a run throttled to one per `everyMs` slot across all servers. The rows stay the
 * source of truth; pg-boss only decides when and where the sender runs.
 */
export function createPgBossRunner({ databaseUrl, log, retry = DEFAULT_RETRY, stopTimeoutMs = 20_000 }: PgBossRunnerOptions): JobRunner {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: PG_BOSS_SCHEMA,
    // Its own small pool: a burst of job traffic never takes the requests' connections.
    max: 3,
    application_name: 'broker-site jobs',
  });
  boss.on('error', (error: unknown) => log.error('job queue error', { error: safeError(error) }));
  let stopping = false;
  let started = false;
  const looks: (() => Promise<void>)[] = [];
  const names: string[] = [];

  async function register(job: RecurringJob) {
    names.push(job.name);
    const queue = {
      // One run queued and one running at most: a slow run does not pile up copies behind it.
      policy: 'stately' as const,
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: 600,
      // A run cut off by a dying server is handed to another after this.
      expireInSeconds: 3600,
    };
    if (await boss.getQueue(job.name)) {
      const { policy: _policy, ...changeable } = queue;
      await boss.updateQueue(job.name, changeable);
    } else await boss.createQueue(job.name, queue);
    // A job asked for by the local look is fetched within its interval (at most 2 s later); a
    // scheduled one within 30 s of its minute.
    const pollingIntervalSeconds = job.everyMs < 60_000 ? Math.min(2, Math.max(0.5, job.everyMs / 1000)) : 30;
    await boss.work(job.name, { pollingIntervalSeconds }, async ([handed]) => {
      try {
        await job.run({ shouldStop: () => stopping || handed?.signal.aborted === true });
      } catch (error) {
        log.error(`${job.name} job failed`, { error: safeError(error), attempt: (handed?.retryCount ?? 0) + 1 });
        throw error;
      }
    });
    if (job.everyMs >= 60_000) {
      await boss.schedule(job.name, cronFor(job.everyMs));
      return;
    }
    // Under a minute: each server's local look asks for a run when one is due, throttled to one
    // job per `everyMs` slot across all servers (the look itself runs no job).
    const seconds = Math.max(1, Math.round(job.everyMs / 1000));
    looks.push(
      startIntervalJob(async () => {
        if (stopping) return;
        try {
          if (job.isDue && !(await job.isDue())) return;
          await boss.sendThrottled(job.name, null, null, seconds);
        } catch (error) {
          log.error(`${job.name} job not queued`, { error: safeError(error) });
        }
      }, job.everyMs),
    );
  }

  return {
    kind: 'pg-boss',
    async start(jobs) {
      await boss.start();
      started = true;
      for (const job of jobs) await register(job);
    },
    async stop() {
      stopping = true;
      await Promise.all(looks.map((stop) => stop()));
      // Graceful: the runs in hand finish (they check shouldStop between items) before the pool closes.
      if (started) await boss.stop({ graceful: true, close: true, timeout: stopTimeoutMs });
    },
    async failedRuns() {
      const { rows } = await boss.getDb().executeSql(`select name, count(*)::int as failed from ${PG_BOSS_SCHEMA}.job where state = 'failed' group by name`);
      const failed: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
      for (const row of rows as { name: string; failed: number }[]) failed[row.name] = row.failed;
      return failed;
    },
  };
}
