import * as v from 'valibot';
import { isIsoDate } from '../lib/calendar-date.ts';
import { limitMessages, messages } from './messages.ts';

/** Field rules shared by every form: one definition, used in the browser and on the server. */

/**
 * Characters no text takes: the C0 controls but tab, line feed and carriage return (NUL
 * among them, which PostgreSQL refuses in text), DEL, the C1 controls, and a UTF-16
 * surrogate with no partner (not a character at all). The API refuses them in every path,
 * query and JSON string (src/server/http/input-guard.ts); the forms say so field by field.
 */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;

export const hasNoControlCharacter = (value: string): boolean => !CONTROL_CHARACTER.test(value);

/** The valibot rule for any text field. */
export const noControlCharacter = v.check(hasNoControlCharacter, limitMessages.controlCharacter);

/** A required text: trimmed, not empty ('Required'), capped, and free of control characters. */
export const requiredText = (max: number) =>
  v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(max, limitMessages.tooLong(max)), noControlCharacter);

/** The longest address RFC 5321 allows in a path. */
/** The longest text a staff list is searched for: longer is never a name, address or reference, and a bounded pattern keeps each search cheap. */
export const SEARCH_MAX = 100;
/** Words to search a staff list for (trimmed; empty means no search). */
export const searchText = v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX, limitMessages.tooLong(SEARCH_MAX)), noControlCharacter);

export const EMAIL_MAX = 254;

export const email = v.pipe(
  v.string(messages.required),
  v.trim(),
  v.nonEmpty(messages.required),
  v.maxLength(EMAIL_MAX, messages.invalidEmail),
  v.email(messages.invalidEmail),
);

/**
 * Spec rule: an optional plus sign, then groups of 3, 3 and 3 to 6 digits. Spaces, hyphens,
 * dots and brackets between digits are allowed as written and ignored by the rule, so
 * "087 123 4567" and "+353 87 123 4567" both pass.
 */
export const PHONE_PATTERN = /^\+?\d{3}\d{3}\d{3,6}$/;

export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s().-]/g, ''));
}

export const phone = v.pipe(
  v.string(messages.required),
  v.trim(),
  v.nonEmpty(messages.required),
  v.maxLength(30, messages.invalidPhone),
  v.check(isValidPhone, messages.invalidPhone),
);

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** A new password: long enough to resist guessing, short enough to hash cheaply. */
export const password = v.pipe(
  v.string(messages.required),
  v.nonEmpty(messages.required),
  v.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`),
  v.maxLength(PASSWORD_MAX, limitMessages.tooLong(PASSWORD_MAX)),
);

/** The longest URL worth accepting (browsers and proxies commonly stop near here). */
export const URL_MAX = 2048;

/** Whether `value` is an absolute web address (http or https by default); never javascript: or data:. */
export function isWebUrl(value: string, protocols: readonly string[] = ['http:', 'https:']): boolean {
  try {
    const parsed = new URL(value);
    return protocols.includes(parsed.protocol) && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** Any URL a form asks for (a link, a video, a payment page): 'Invalid URL' otherwise. */
export const url = v.pipe(
  v.string(messages.required),
  v.trim(),
  v.nonEmpty(messages.required),
  v.maxLength(URL_MAX, messages.invalidUrl),
  v.check((value) => isWebUrl(value), messages.invalidUrl),
);

/** Records start in 1900: the database has no year 0, and no broker's record is older. */
const FIRST_YEAR = 1900;
const isRecordDate = (day: string) => isIsoDate(day) && Number(day.slice(0, 4)) >= FIRST_YEAR;

/** A day that exists, as 'YYYY-MM-DD' (not 2026-02-30, not year 0). */
export const calendarDate = v.pipe(v.string(), v.check(isRecordDate, messages.invalidDate));

/** A moment as an ISO timestamp whose day exists (v.isoTimestamp alone takes 2026-02-30). */
export const calendarTimestamp = v.pipe(
  v.string(),
  v.isoTimestamp(messages.invalidDate),
  v.check((value) => isRecordDate(value.slice(0, 10)), messages.invalidDate),
);
