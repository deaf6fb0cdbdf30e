import type { Database } from '../db/client.ts';
import type { Logger } from '../log.ts';
import { createIntervalRunner } from './interval-runner.ts';

/** What a run may ask while it works: a job that loops (batch after batch) checks between items. */
export type JobContext = { shouldStop(): boolean };

/** A recurring background job, as `main.ts` registers it. */
export type RecurringJob = {
  /** One word, also its pg-boss queue and its label in the metrics and the log (`outbox job failed`). */
  name: string;
  /** How often it runs: the interval on the embedded database, the schedule on PostgreSQL. */
  everyMs: number;
  /** One run. It throws when it failed, so the runner can log it, retry it and count it. */
  run(context: JobContext): Promise<unknown>;
  /**
   * A cheap look (one indexed query) at whether a run has anything to do. Jobs under a minute
   * apart have one: on PostgreSQL each server looks every `everyMs` and asks pg-boss for a run
   * only when it is due, so a quiet site makes no jobs.
   */
  isDue?(): Promise<boolean>;
};

export type JobRunner = {
  kind: 'interval' | 'pg-boss';
  /** Starts the jobs; the first runs begin now (interval) or as pg-boss hands them out. */
  start(jobs: RecurringJob[]): Promise<void>;
  /** Starts no more runs and waits for the ones in hand (a shutdown, before the database closes). */
  stop(): Promise<void>;
  /** Runs that ended failed, by job name (see each runner for how long they are counted). */
  failedRuns(): Promise<Record<string, number>>;
};

/**
 * The runner for this database: pg-boss on PostgreSQL (once across all servers, retries, a
 * failed state kept in its `pgboss` schema), interval timers in this process on the embedded
 * database ([decision 0007](../../../docs/decisions/0007-jobs-on-pg-boss.md)).
 */
export async function createJobRunner(
  database: Database,
  { log, databaseUrl, stopTimeoutMs }: { log: Logger; databaseUrl: string | undefined; stopTimeoutMs: number },
): Promise<JobRunner> {
  if (database.engine === 'pglite' || !databaseUrl) return createIntervalRunner(log);
  // Loaded only where it runs: the embedded default never holds pg-boss.
  const { createPgBossRunner } = await import('./pg-boss-runner.ts');
  return createPgBossRunner({ databaseUrl, log, stopTimeoutMs });
}
