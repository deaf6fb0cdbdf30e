import type { Server } from 'node:http';
import type { Logger } from '../log.ts';
import type { Drain } from './drain.ts';

export type ShutdownSteps = {
  server: Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections'>;
  drain: Drain;
  /** How long requests in hand may take before their connections are cut. */
  timeoutMs: number;
  /** How long the listener still takes connections after readiness turns 503 (0: close at once). */
  graceMs?: number;
  /** Stops the background jobs; each finishes the item in hand first. */
  stopJobs(): Promise<unknown>;
  /** Closes what the requests and jobs used (mail transport, database): runs once both are done. */
  closeResources(): Promise<void>;
  log: Logger;
};

export type ShutdownResult = { ms: number; forced: boolean };

/**
 * Graceful shutdown: readiness turns 503 at once, while for `graceMs` the server still takes
 * and answers new connections (a load balancer takes a few seconds to see readiness fail and
 * stop sending; connections it already sent, some not yet accepted by a busy process, are
 * answered, not reset). Then the listener closes (new connections are refused), idle
 * kept-alive connections are closed, requests in hand finish (bounded by `timeoutMs`, then
 * their connections are cut), background jobs stop between items, and only then are the
 * database and the mail transport closed.
 */
export async function shutDown(steps: ShutdownSteps): Promise<ShutdownResult> {
  const started = performance.now();
  steps.drain.begin();
  const jobs = steps.stopJobs();
  if (steps.graceMs) {
    steps.log.info('shutdown grace: answering while readiness says 503', { graceMs: steps.graceMs });
    await new Promise((resolve) => setTimeout(resolve, steps.graceMs));
  }
  const closed = new Promise<void>((resolve) => steps.server.close(() => resolve()));
  steps.server.closeIdleConnections();

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), steps.timeoutMs);
  });
  const finished = Promise.all([closed, steps.drain.idle(), jobs]).then(() => 'done' as const);
  const forced = (await Promise.race([finished, deadline])) === 'timeout';
  clearTimeout(timer);
  if (forced) {
    // Whatever was cut is either rolled back (one transaction per request) or swept as an orphan at the next start.
    steps.log.error('shutdown timeout: cutting the connections still open', { inFlight: steps.drain.inFlight, timeoutMs: steps.timeoutMs });
    steps.server.closeAllConnections();
  }
  await steps.closeResources();
  return { ms: Math.round(performance.now() - started), forced };
}
