/**
 * Runs `run` now and then every `everyMs` in this process. The timer never keeps the process
 * alive. The returned stop function cancels the next runs and waits for the one in hand, so
 * a shutdown stops a job between items, never in the middle of one.
 */
export function startIntervalJob(run: () => Promise<unknown>, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  // A run still going when the next is due is not doubled up: that tick is skipped.
  const tick = () => {
    if (stopped || busy) return;
    busy = true;
    running = run()
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
