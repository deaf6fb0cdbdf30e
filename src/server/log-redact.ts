/**
 * What the log never carries, by field name, wherever a line's fields hold it (at the top, or
 * one or two objects down: `{ user: { email } }`, `{ req: { headers: { cookie } } }`): a
 * person's contact details and names, passwords, tokens, cookies, authorization headers and
 * two-factor secrets. pino replaces the value with REDACTED (docs/operations/monitoring.md#logs).
 * The code logs ids, never these; this is the net under a mistake.
 */
export const REDACTED = '[redacted]';

const SENSITIVE_FIELDS = [
  'email',
  'phone',
  'mobile',
  'firstName',
  'lastName',
  'fullName',
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'secret',
  'totpSecret',
  'apiKey',
  'cookie',
  'cookies',
  'set-cookie',
  'authorization',
  'Authorization',
  'tokenHash',
  'secretHash',
  'x-api-key',
];

/**
 * `name` is a person's under these (and at the top, and two objects down), but an error's
 * class under `error` (log-safe-error.ts), which must stay: pino's wildcard does not say
 * which key it matched, so the parents are named.
 */
const HOLDERS_OF_A_PERSON = [
  'contact',
  'lead',
  'user',
  'visitor',
  'person',
  'owner',
  'recipient',
  'customer',
  'body',
  'data',
  'input',
  'values',
  'row',
  'record',
];

const key = (field: string) => (/^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`);

export const LOG_REDACT_PATHS = [
  ...SENSITIVE_FIELDS.flatMap((field) => [key(field).replace(/^\./, ''), `*${key(field)}`, `*.*${key(field)}`]),
  'name',
  ...HOLDERS_OF_A_PERSON.map((holder) => `${holder}.name`),
  '*.*.name',
];
