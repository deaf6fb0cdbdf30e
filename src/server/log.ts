import { randomUUID } from 'node:crypto';
import pino, { type DestinationStream, type Level, type Logger as Pino } from 'pino';
import { safeLogFields } from './log-safe-error.ts';
import { LOG_REDACT_PATHS, REDACTED } from './log-redact.ts';

/** Levels LOG_LEVEL may name, most severe first; `silent` writes nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

type Fields = Record<string, unknown>;
type Write = (msg: string, fields?: Fields) => void;

/**
 * The server's log: pino JSON lines (docs/operations/monitoring.md#logs). Calls read
 * `log.info(message, fields)`; fields pass through safeLogFields (errors without statement
 * parameters) and pino's redaction (personal data and secrets by name, log-redact.ts).
 */
export type Logger = {
  fatal: Write;
  error: Write;
  warn: Write;
  info: Write;
  debug: Write;
  /** A logger whose every line carries `bindings` (the request id on a request's logger). */
  child(bindings: Fields): Logger;
  /**
   * The line requestLog writes (`request` with reqId, method, path, status, ms) for an answer
   * made without the app: the static fast path. `reqId` is the client's X-Request-Id when it
   * sent a usable one, otherwise a fresh id.
   */
  request(method: string, path: string, status: number, ms: number, reqId?: string): void;
  /** Writes what is gathered now (before an exit that must not lose the last lines). */
  flush(): void;
};

export type LoggerOptions = {
  /** Where lines go instead of stdout (info and below) and stderr (error and fatal): a test's capture. */
  destination?: DestinationStream;
  /** Human-readable lines through pino-pretty (a dev dependency), for a developer's terminal. */
  pretty?: boolean;
};

/** Info lines gather up to this many bytes, or FLUSH_AFTER_MS, before one write: a busy server makes few system calls. */
const GATHER_BYTES = 8 * 1024;
const FLUSH_AFTER_MS = 100;

/** Where a logger's lines go: `all` by level; `info`, where request lines go straight (no level routing). */
type Destinations = { all: DestinationStream; info: DestinationStream };

let standard: (Destinations & { flush(): void }) | null = null;

/**
 * Information to stdout, errors to stderr; one pair for the process, however many loggers.
 * stdout gathers lines (GATHER_BYTES or FLUSH_AFTER_MS) and writes them synchronously, in
 * order, and whatever is gathered is written when the process exits, however it exits short
 * of SIGKILL. (pino's asynchronous mode could write the lines gathered at exit ahead of a
 * write still under way.) stderr writes each line at once.
 */
function standardStreams(): Destinations {
  if (standard) return standard;
  const out = pino.destination({ dest: 1, sync: true, minLength: GATHER_BYTES });
  let gathered = false;
  const flush = () => {
    if (!gathered) return;
    gathered = false;
    out.flushSync();
  };
  setInterval(flush, FLUSH_AFTER_MS).unref();
  process.on('exit', flush);
  const info = {
    write: (line: string) => {
      gathered = true;
      out.write(line);
    },
  };
  const all = pino.multistream(
    [
      { level: 'trace', stream: info },
      { level: 'error', stream: pino.destination({ dest: 2, sync: true }) },
    ],
    { dedupe: true },
  );
  standard = { all, info, flush };
  return standard;
}

/**
 * pino-pretty in a worker thread, when it is installed (a dev dependency: an install with
 * --omit=dev has none, and gets JSON lines). Only asked for in development, so production
 * never loads it.
 */
function prettyStream(): DestinationStream | null {
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    return null;
  }
  return pino.transport({ target: 'pino-pretty', options: { destination: 1, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } });
}

export function createLogger(level: LogLevel, options: LoggerOptions = {}): Logger {
  const given = options.destination ?? (options.pretty ? prettyStream() : null);
  const { all, info } = given ? { all: given, info: given } : standardStreams();
  // The level's name and an ISO time, as the log has always carried them.
  const shape = { level, formatters: { level: (label: string) => ({ level: label }) }, timestamp: pino.stdTimeFunctions.isoTime };
  const root = pino({ ...shape, redact: { paths: LOG_REDACT_PATHS, censor: REDACTED } }, all);
  // Request lines hold only fixed fields (id, method, path, status, time), none of them personal:
  // they skip redaction, whose wildcard paths cost some 60-90 µs a line (measured), and the
  // routing by level, on the path every request takes.
  const requests = pino(shape, info);
  return wrap(root, requests);
}

function wrap(p: Pino, requests: Pino): Logger {
  const at =
    (level: Level): Write =>
    (msg, fields) => {
      if (!p.isLevelEnabled(level)) return;
      if (fields) p[level](safeLogFields(fields), msg);
      else p[level](msg);
    };
  return {
    fatal: at('fatal'),
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    child: (bindings) => wrap(p.child(bindings), requests),
    request: (method, path, status, ms, reqId) => {
      if (requests.isLevelEnabled('info')) requests.info({ reqId: reqId ?? randomUUID(), method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
    },
    flush: () => standard?.flush(),
  };
}
