import { randomUUID } from 'node:crypto';
import { safeLogFields } from './log-safe-error.ts';

/** Structured logging: one JSON object per line on stdout (errors on stderr). */
export type Logger = {
  info(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /**
   * The request line requestLog writes (`info('request', { reqId, method, path, status, ms })`,
   * with a fresh id), for an answer made without the app: the static fast path. Only the
   * figures are kept per request; the line is made when the batch is written (see below), so
   * method and path should be strings that live on anyway (constants, the site's own keys).
   */
  request(method: string, path: string, status: number, ms: number): void;
};

/** ISO time of a Date.now() value; under load many lines share a millisecond, so the last one is kept. */
let isoOf = { ms: Number.NaN, text: '' };
function isoTime(ms: number): string {
  if (isoOf.ms !== ms) isoOf = { ms, text: new Date(ms).toISOString() };
  return isoOf.text;
}

/** Errors in the fields are made safe first: no statement parameters, no personal data (log-safe-error.ts). */
const line = (lvl: string, msg: string, fields?: Record<string, unknown>) =>
  `${JSON.stringify({ time: isoTime(Date.now()), level: lvl, msg, ...(fields && safeLogFields(fields)) })}\n`;

/** The same bytes as line('info', 'request', { reqId, method, path, status, ms }), without the object spread. */
const requestLine = (time: number, method: string, path: string, status: number, ms: number) =>
  `{"time":"${isoTime(time)}","level":"info","msg":"request","reqId":"${randomUUID()}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${Math.round(ms * 10) / 10}}\n`;

/**
 * Info lines (one per request) are gathered and written together at most 100 ms later (or at
 * 64 KB): under load one write carries many lines instead of a system call each.
 * What is gathered is written before the process exits, however it exits short of SIGKILL;
 * errors are written at once.
 *
 * A fast-path request is gathered as its figures, and its line made with the rest of the
 * batch, where the line's JSON, date and id run on warm caches. The figures go in arrays made
 * once: numbers in typed arrays, method and path as the long-lived strings the caller passes
 * (the site's own keys), so a batch in waiting holds no young object for every scavenge
 * to copy on its way.
 */
const FLUSH_AFTER_MS = 100;
const FLUSH_AT_CHARS = 64 * 1024;
/** About 64 KB of request lines (some 200 characters each). */
const FLUSH_AT_REQUESTS = 320;
let pending = '';
/** Requests not yet made lines, the first `gathered` of each array. */
const gathered = {
  count: 0,
  times: new Float64Array(FLUSH_AT_REQUESTS),
  methods: new Array<string>(FLUSH_AT_REQUESTS).fill(''),
  paths: new Array<string>(FLUSH_AT_REQUESTS).fill(''),
  statuses: new Uint16Array(FLUSH_AT_REQUESTS),
  ms: new Float64Array(FLUSH_AT_REQUESTS),
};
let timer: NodeJS.Timeout | null = null;
let exitHooked = false;

/** Makes the gathered requests' lines, ahead of any text gathered after them. */
function linesOfRequests(): void {
  const { count, times, methods, paths, statuses, ms } = gathered;
  for (let i = 0; i < count; i++) pending += requestLine(times[i]!, methods[i]!, paths[i]!, statuses[i]!, ms[i]!);
  gathered.count = 0;
}

function scheduleFlush(): void {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', flush);
  }
  // A timer, not setImmediate: a pending immediate makes the event loop poll without waiting,
  // so under load it turns more often with fewer connections each (measured: 30 µs a request).
  if (!timer) timer = setTimeout(flush, FLUSH_AFTER_MS).unref();
}

function writeBatched(text: string): void {
  if (gathered.count > 0) linesOfRequests();
  pending += text;
  if (pending.length >= FLUSH_AT_CHARS) flush();
  else scheduleFlush();
}

function gatherRequest(method: string, path: string, status: number, ms: number): void {
  const i = gathered.count++;
  gathered.times[i] = Date.now();
  gathered.methods[i] = method;
  gathered.paths[i] = path;
  gathered.statuses[i] = status;
  gathered.ms[i] = ms;
  if (gathered.count === FLUSH_AT_REQUESTS) flush();
  else scheduleFlush();
}

function flush(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (gathered.count > 0) linesOfRequests();
  if (pending === '') return;
  const text = pending;
  pending = '';
  process.stdout.write(text);
}

const ignore = () => {};

export function createLogger(level: 'info' | 'error' | 'silent'): Logger {
  return {
    info: (msg, fields) => {
      if (level === 'info') writeBatched(line('info', msg, fields));
    },
    error: (msg, fields) => {
      if (level !== 'silent') process.stderr.write(line('error', msg, fields));
    },
    request: level === 'info' ? gatherRequest : ignore,
  };
}
