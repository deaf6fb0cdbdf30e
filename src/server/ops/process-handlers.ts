import type { Logger } from '../log.ts';
import { safeError, stackFrames } from '../log-safe-error.ts';
import { flushErrorReports, reportError } from './error-reporting.ts';

/** Exit code after an uncaught exception (sysexits.h EX_SOFTWARE): a process manager restarts the server. */
export const EXIT_UNCAUGHT = 70;

/** How long the last error report may take to leave before the process exits anyway. */
const REPORT_FLUSH_MS = 2000;

/**
 * The process's last line of defence (docs/operations/monitoring.md#process-errors).
 *
 * An uncaught exception leaves the process in a state nobody planned for: it is logged
 * (fatal) and reported, the log and the report are flushed, and the process exits with
 * EXIT_UNCAUGHT for the process manager to start a clean one. A rejected promise nobody
 * handled is a bug in one piece of work, not a broken process: it is logged and reported and
 * the server goes on (Node's default would end every request in hand).
 */
export function installProcessHandlers(log: Logger, exit: (code: number) => void = process.exit): void {
  let exiting = false;
  process.on('uncaughtException', (error, origin) => {
    if (exiting) return;
    exiting = true;
    log.fatal('uncaught exception; exiting', { origin, error: safeError(error), stack: stackFrames(error) });
    reportError(error, { origin });
    void Promise.allSettled([flushErrorReports(REPORT_FLUSH_MS), log.flush()]).then(() => exit(EXIT_UNCAUGHT));
  });
  process.on('unhandledRejection', (reason) => {
    log.error('unhandled promise rejection', { reason: safeError(reason), stack: stackFrames(reason) });
    reportError(reason, { origin: 'unhandledRejection' });
  });
}
