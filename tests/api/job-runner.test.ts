import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#src/server/log.ts';
import { createIntervalRunner } from '#src/server/jobs/interval-runner.ts';
import { createPgBossRunner } from '#src/server/jobs/pg-boss-runner.ts';
import type { JobRunner, RecurringJob } from '#src/server/jobs/runner.ts';
import { createMetrics } from '#src/server/ops/metrics.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

// The runner main.ts picks for the database under test: pg-boss on PostgreSQL (DATABASE_URL set),
// interval timers in this process on the embedded database.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = createLogger('silent');
const onPostgres = Boolean(process.env.DATABASE_URL);
let test: TestDatabase;
let runners: JobRunner[] = [];

function runner(): JobRunner {
  const made = test.url
    ? // One retry a second after the first failure, so a failing job reaches the failed state quickly.
      createPgBossRunner({ databaseUrl: test.url, log, retry: { limit: 1, delaySeconds: 1 }, stopTimeoutMs: 5000 })
    : createIntervalRunner(log);
  runners.push(made);
  return made;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}

/** The failed-runs figure as a scrape of /metrics shows it. */
async function scrapedFailures(jobs: JobRunner, job: string): Promise<number | null> {
  const metrics = createMetrics({ db: test.database.db, token: undefined, jobs });
  const line = (await metrics.registry.metrics()).split('\n').find((l) => l.startsWith(`background_jobs_failed{name="${job}"}`));
  return line ? Number(line.split(' ').pop()) : null;
}

beforeAll(async () => {
  test = await freshDatabase();
});
afterEach(async () => {
  // pg-boss stops (its pool closed) before the database is dropped.
  await Promise.all(runners.map((r) => r.stop()));
  runners = [];
});
afterAll(async () => {
  await test.drop();
});

describe('the background job runner', () => {
  it('uses pg-boss on PostgreSQL and interval timers on the embedded database', () => {
    expect(runner().kind).toBe(test.url ? 'pg-boss' : 'interval');
  });

  if (onPostgres) {
    it('runs a due job once, not twice, with two runners on one database (two servers)', async () => {
      const slotMs = 30_000;
      // Both runners ask within one throttle slot: start away from a slot's end.
      if (Date.now() % slotMs > slotMs - 8000) await sleep(slotMs - (Date.now() % slotMs) + 200);
      let runs = 0;
      let running = 0;
      let most = 0;
      const job: RecurringJob = {
        name: 'tally',
        everyMs: slotMs,
        isDue: async () => true,
        async run() {
          runs += 1;
          running += 1;
          most = Math.max(most, running);
          await sleep(300);
          running -= 1;
        },
      };
      await Promise.all([runner().start([job]), runner().start([job])]);
      await until(() => runs > 0);
      // Both servers' workers poll every 2 s: time for a second run, were there one.
      await sleep(4500);
      expect(runs).toBe(1);
      expect(most).toBe(1);
    });

    it('runs a cron-scheduled job once per occurrence with two runners on one database', async () => {
      let runs = 0;
      const job: RecurringJob = {
        name: 'minutely',
        everyMs: 60_000,
        async run() {
          runs += 1;
        },
      };
      // Both schedule '* * * * *'; each runner's cron pass files the occurrence, one job is made.
      await Promise.all([runner().start([job]), runner().start([job])]);
      // The next minute, then a worker's poll (30 s for jobs a minute or more apart).
      await until(() => runs > 0, 120_000);
      await sleep(5000);
      expect(runs).toBe(1);
    }, 180_000);
  } else {
    it('runs a job now and then on every interval, never two runs at once', async () => {
      let runs = 0;
      let running = 0;
      let most = 0;
      await runner().start([
        {
          name: 'tally',
          everyMs: 100,
          async run() {
            runs += 1;
            running += 1;
            most = Math.max(most, running);
            await sleep(150);
            running -= 1;
          },
        },
      ]);
      await until(() => runs >= 3);
      expect(most).toBe(1);
    });
  }

  it('keeps a failing job in the failed state, counted in the metrics', async () => {
    let attempts = 0;
    let asked = false;
    const jobs = runner();
    await jobs.start([
      {
        name: 'broken',
        everyMs: 1000,
        // Asked for once: one job, which fails, is retried, and fails again.
        async isDue() {
          const first = !asked;
          asked = true;
          return first;
        },
        async run() {
          attempts += 1;
          throw new Error('the mail server is away');
        },
      },
    ]);
    await until(async () => ((await jobs.failedRuns()).broken ?? 0) >= 1);
    expect(await scrapedFailures(jobs, 'broken')).toBeGreaterThanOrEqual(1);
    if (test.url) {
      // pg-boss retried it once before giving up: one failed job, two attempts.
      await sleep(2500);
      expect(attempts).toBe(2);
      expect((await jobs.failedRuns()).broken).toBe(1);
    } else expect(attempts).toBeGreaterThanOrEqual(1);
  });

  it('stops between runs: stopping waits for the run in hand', async () => {
    const events: string[] = [];
    const jobs = runner();
    await jobs.start([
      {
        name: 'slow',
        everyMs: 1000,
        isDue: async () => true,
        async run({ shouldStop }) {
          events.push('start');
          while (!shouldStop()) await sleep(50);
          events.push('end');
        },
      },
    ]);
    await until(() => events.includes('start'));
    await jobs.stop();
    expect(events).toEqual(['start', 'end']);
  });
});
