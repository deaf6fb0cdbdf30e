/**
 * A small load generator for the measuring scripts and fault tests: a fixed number of
 * workers send requests until a request count or a time limit is reached, whichever comes
 * first, and every outcome is recorded (status, or `dropped` when no answer came at all).
 * Loopback only: it refuses any other host.
 */
export type LoadOptions = {
  base: string;
  concurrency: number;
  maxRequests: number;
  maxMs: number;
  /** Makes request number `i`. */
  send(i: number): Promise<Response>;
};

export type LoadResult = {
  requests: number;
  seconds: number;
  /** How many answers had each status; `dropped` counts requests that got no answer. */
  outcomes: Record<string, number>;
  /** Latency in ms of every request, sorted. */
  latencies: number[];
  /** A few of the errors behind dropped requests. */
  dropped: string[];
};

export function assertLoopback(base: string): void {
  const { hostname } = new URL(base);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(hostname)) throw new Error(`load is for loopback only, not ${hostname}`);
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  assertLoopback(options.base);
  const outcomes: Record<string, number> = {};
  const latencies: number[] = [];
  const dropped: string[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < options.maxRequests && performance.now() - started < options.maxMs) {
      const i = next++;
      const t0 = performance.now();
      let outcome: string;
      try {
        const res = await options.send(i);
        await res.arrayBuffer();
        outcome = String(res.status);
      } catch (error) {
        outcome = 'dropped';
        if (dropped.length < 5) dropped.push(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error));
      }
      latencies.push(performance.now() - t0);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  latencies.sort((a, b) => a - b);
  return { requests: next, seconds: (performance.now() - started) / 1000, outcomes, latencies, dropped };
}

/** The q-quantile (0.99 for p99) of sorted latencies. */
export function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
