import type { Logger } from '../log.ts';
import { safeError } from '../log-safe-error.ts';
import { startIntervalJob } from './interval-job.ts';
import type { JobRunner, RecurringJob } from './runner.ts';

/**
 * The embedded database's runner: each job on its own interval timer in this process (the data
 * folder is this process's alone, so there is no other server to share with). A failed run is
 * logged and counted, and the next one runs on time; failures are counted since the process started.
 */
export function createIntervalRunner(log: Logger): JobRunner {
  const failed: Record<string, number> = {};
  let stopping = false;
  const stops: (() => Promise<void>)[] = [];
  const context = { shouldStop: () => stopping };
  const startOne = (job: RecurringJob) =>
    startIntervalJob(async () => {
      try {
        await job.run(context);
      } catch (error) {
        failed[job.name] = (failed[job.name] ?? 0) + 1;
        log.error(`${job.name} job failed`, { error: safeError(error) });
      }
    }, job.everyMs);
  return {
    kind: 'interval',
    async start(jobs) {
      for (const job of jobs) {
        failed[job.name] ??= 0;
        stops.push(startOne(job));
      }
    },
    async stop() {
      stopping = true;
      await Promise.all(stops.map((stop) => stop()));
    },
    async failedRuns() {
      return { ...failed };
    },
  };
}
