/** Whether the error, bare or wrapped by Drizzle, carries this SQLSTATE. */
function hasState(error: unknown, state: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === state) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => hasState(error, '23505');

/** PostgreSQL's foreign_key_violation: the row named is gone (deleted by a request that committed first). */
export const isForeignKeyViolation = (error: unknown): boolean => hasState(error, '23503');

/** Socket errors that mean the database server cannot be reached (or went away mid-request). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is going away or not there yet: 57P01 admin shutdown (also
 * pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now (starting up),
 * 53300 too many connections, 25006 a write on a server that only reads (a standby during
 * failover), and class 08, connection exceptions.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** What pg and pg-pool say, with no code (or one too broad), when a connection dies or cannot be had. */
const UNAVAILABLE_MESSAGES = [
  // 55000, which also names faults of ours: only a database closed to connections (maintenance) is unavailability.
  /is not currently accepting connections$/,
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  // The app's own handle after close() (during shutdown): PGlite's, and pg's pool.
  /^PGlite is clos(ed|ing)$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * True when a failure is the database being unreachable rather than a fault in the request
 * or in our code: the caller may try again shortly (503), and nothing about it is a bug.
 * Looks through Drizzle's wrapping (`cause`) and Node's AggregateError (one per address).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const e = pending.pop();
    if (!e || typeof e !== 'object') continue;
    const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (cause) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

/** The driver's own error under Drizzle's wrapping, whose message names the fault without the query's parameters. */
export function rootCause(error: Error): Error {
  let e = error;
  for (let depth = 0; e.cause instanceof Error && depth < 10; depth++) e = e.cause;
  return e;
}
