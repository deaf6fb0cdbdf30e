/**
 * Where unexpected errors are reported beyond the log: nowhere by default; to Sentry when
 * SENTRY_DSN is set (observability/sentry.ts sets the reporter at start-up, so nothing of
 * Sentry is loaded otherwise). The app's 500s and the process handlers call reportError.
 */
export type ErrorReporter = {
  capture(error: unknown, context: Record<string, string | undefined>): void;
  /** Sends what is still queued, waiting at most `timeoutMs`; before the process exits. */
  flush(timeoutMs: number): Promise<void>;
};

let reporter: ErrorReporter | null = null;

export function setErrorReporter(next: ErrorReporter | null): void {
  reporter = next;
}

export function reportError(error: unknown, context: Record<string, string | undefined> = {}): void {
  reporter?.capture(error, context);
}

export async function flushErrorReports(timeoutMs: number): Promise<void> {
  await reporter?.flush(timeoutMs);
}
