/**
 * Errors as the log may carry them: never a statement's parameters (a visitor's name, email,
 * phone, message; a token or a password hash), which Drizzle writes into its error's message
 * (`Failed query: <sql>\nparams: <params>`) and so into the stack's first line.
 *
 * What is kept: the error's class, the SQLSTATE or socket code (from the error or its causes),
 * the driver's message (a value it quotes redacted), and a short name of the statement
 * (`insert into "contacts"`) instead of its text.
 */
export type SafeError = {
  name: string;
  message: string;
  code?: string;
  statement?: string;
};

const PARAMS = /\n?params:[\s\S]*$/;
const FAILED_QUERY = /Failed query: [\s\S]*$/;

const TABLE = '("[^"]+"(?:\\."[^"]+")?|[\\w.]+)';
const WRITE = new RegExp(`\\b(insert into|update|delete from) ${TABLE}`, 'gi');
/** A table the statement reads, not a `from` inside an expression (`extract(epoch from "x" - now())`). */
const READ = new RegExp(`\\bfrom ${TABLE}(?![\\w.])(?!\\s*[-+*/)(])`, 'i');

/**
 * A short identification of a statement, never its values: its verb and table
 * (`insert into "contacts"`, `select from "posts"`), or for a WITH query every table it writes
 * (`with insert into "rate_limits", insert into "contacts"`).
 */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const verb = (/^\w+/.exec(text)?.[0] ?? 'statement').toLowerCase();
  const writes = [...text.matchAll(WRITE)].filter((m) => m[2]!.toLowerCase() !== 'set').map((m) => `${m[1]!.toLowerCase()} ${m[2]}`);
  const read = READ.exec(text)?.[1];
  if (verb === 'with') return writes.length > 0 ? `with ${[...new Set(writes)].join(', ')}` : read ? `with select from ${read}` : 'with';
  if (verb === 'select') return read ? `select from ${read}` : 'select';
  return writes[0] ?? verb;
}

/**
 * A message with no statement parameters: Drizzle's "Failed query" loses its SQL and params
 * (the statement is named apart); a database's message loses the value it quotes (class 22,
 * data exceptions: `invalid input syntax for type uuid: "…"`, `value "…" is out of range`).
 */
export function safeMessage(message: string, code?: string): string {
  let text = message.replace(PARAMS, '');
  text = text.replace(FAILED_QUERY, 'Failed query');
  if (code && /^(?=.*\d)[0-9A-Z]{5}$/.test(code)) {
    text = text.replace(/: "[\s\S]*"$/, ': "…"');
    if (code.startsWith('22')) text = text.replace(/"[^"]*"/g, '"…"');
  }
  return text;
}

type ErrorLike = { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; errors?: unknown; query?: unknown; constructor?: unknown };

function nameOf(error: ErrorLike): string {
  const ctor = (error.constructor as { name?: unknown } | undefined)?.name;
  if (typeof error.name === 'string' && error.name !== 'Error' && error.name !== 'error') return error.name;
  return typeof ctor === 'string' && ctor !== 'Object' ? ctor : typeof error.name === 'string' ? error.name : 'Error';
}

/** The first code (SQLSTATE such as 57P03, or a socket's ECONNREFUSED) on the error, its causes or its inner errors. */
function codeOf(error: unknown): string | undefined {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const e = pending.shift() as ErrorLike | undefined;
    if (!e || typeof e !== 'object') continue;
    if (typeof e.code === 'string' && e.code !== '') return e.code;
    if (e.cause) pending.push(e.cause);
    if (Array.isArray(e.errors)) pending.push(...e.errors);
  }
  return undefined;
}

/** The error as the log may carry it: class, code, statement name and a message without parameters. */
export function safeError(error: unknown): SafeError {
  if (!error || typeof error !== 'object') return { name: typeof error, message: safeMessage(String(error)) };
  const e = error as ErrorLike;
  const code = codeOf(e);
  const described: SafeError = { name: nameOf(e), message: '' };
  const parts: string[] = [];
  // The wrapper's message and each cause's, outermost first: "Failed query: relation … does not exist".
  const seen = new Set<unknown>();
  for (let at: ErrorLike | undefined = e; at && typeof at === 'object' && !seen.has(at) && seen.size < 10; at = at.cause as ErrorLike | undefined) {
    seen.add(at);
    const ownCode = typeof at.code === 'string' ? at.code : code;
    const message = typeof at.message === 'string' ? safeMessage(at.message, ownCode) : '';
    if (message !== '' && !parts.includes(message)) parts.push(message);
    if (typeof at.query === 'string' && described.statement === undefined) described.statement = statementName(at.query);
  }
  described.message = parts.join(': ');
  if (code !== undefined) described.code = code;
  return described;
}

/** The error's message as the log (or a stored failure reason) may carry it. */
export function safeErrorMessage(error: unknown): string {
  const { message, code } = safeError(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** The stack's frames (where the error was thrown), without its first lines, which repeat the message. */
export function stackFrames(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  const header = `${error.name}: ${error.message}`;
  const frames = error.stack.startsWith(header)
    ? error.stack.slice(header.length)
    : error.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n');
  return frames.replace(/^\n/, '');
}

/** Field names whose strings are an error's message or stack, cleaned however they arrive. */
const ERROR_FIELDS = new Set(['error', 'err', 'reason', 'cause', 'failure']);

/**
 * A log line's fields with every error made safe: an Error value becomes its SafeError, a
 * message string under an error's name loses its statement and parameters, a stack string
 * keeps only its frames.
 */
export function safeLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  let safe: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(fields)) {
    let clean = value;
    if (value instanceof Error) clean = safeError(value);
    else if (typeof value === 'string' && ERROR_FIELDS.has(name)) clean = safeMessage(value);
    else if (typeof value === 'string' && name === 'stack' && PARAMS.test(value))
      clean = value
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n');
    if (clean !== value) {
      safe ??= { ...fields };
      safe[name] = clean;
    }
  }
  return safe ?? fields;
}
