/**
 * Pure rules of the date-of-birth field, free of React so they can be
 * unit tested. The field is held as three parts (day, month, year: the selects' values, unpadded
 * numbers as text, '' for "not chosen") and combined to a 'YYYY-MM-DD' string with zero-padded
 * month and day, or '' when any part is missing.
 *
 * Every rule that depends on the date takes `today` (default: now) so tests can pin it; dates are
 * local calendar dates. The cutoff is today, `minimumAge` years back: the youngest allowed birthday.
 */
import { messages } from '../schemas/messages.ts';

/** "100 years listed, day max 31, month max 12". */
export const DOB_YEARS_LISTED = 100;
export const DOB_DAY_MAX = 31;
export const DOB_MONTH_MAX = 12;
/** Minimum age in years when none is given. */
export const DOB_DEFAULT_MINIMUM_AGE = 17;

/** Month names for the month select, January first. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The three parts as the selects hold them: '1' to '31', '1' to '12', '1990'; '' when not chosen. */
export interface DateOfBirthParts {
  day: string;
  month: string;
  year: string;
}

export type DateOfBirthPart = keyof DateOfBirthParts;

/** Which parts the user has touched; `true` stands for all of them. */
export type DateOfBirthTouched = boolean | Partial<Record<DateOfBirthPart, boolean>>;

export const EMPTY_DATE_OF_BIRTH: Readonly<DateOfBirthParts> = Object.freeze({ day: '', month: '', year: '' });

/** The youngest allowed birthday: today, `minimumAge` years back (local calendar). */
export interface DateOfBirthCutoff {
  year: number;
  month: number;
  day: number;
}

export function dateOfBirthCutoff(minimumAge: number = DOB_DEFAULT_MINIMUM_AGE, today: Date = new Date()): DateOfBirthCutoff {
  return { year: today.getFullYear() - minimumAge, month: today.getMonth() + 1, day: today.getDate() };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1 to 12) of a year; February counts 29 when the year is not known yet. */
export function daysInMonth(month: number, year?: number): number {
  if (month === 2) return year === undefined || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : DOB_DAY_MAX;
}

/** A part as a whole number, or undefined when it is missing or not a plain positive integer. */
function partNumber(part: string | number | null | undefined): number | undefined {
  if (part === null || part === undefined) return undefined;
  const text = String(part).trim();
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
}

const range = (from: number, to: number): number[] => {
  const list: number[] = [];
  for (let n = from; n <= to; n += 1) list.push(n);
  return list;
};

/**
 * The years offered, newest first: "100 years back from the current year minus the minimum age"
 * (cutoff year, cutoff year − 1, … — 100 of them).
 */
export function yearOptions(minimumAge: number = DOB_DEFAULT_MINIMUM_AGE, today: Date = new Date(), yearsListed: number = DOB_YEARS_LISTED): number[] {
  const { year } = dateOfBirthCutoff(minimumAge, today);
  return Array.from({ length: yearsListed }, (_, i) => year - i);
}

/** The months offered: 1 to 12, "capped at the current month when the year equals the cutoff year". */
export function monthOptions(year: string | number | null | undefined, minimumAge: number = DOB_DEFAULT_MINIMUM_AGE, today: Date = new Date()): number[] {
  const cutoff = dateOfBirthCutoff(minimumAge, today);
  return range(1, partNumber(year) === cutoff.year ? cutoff.month : DOB_MONTH_MAX);
}

/**
 * The days offered: 1 to 31, never beyond the month's real length (30 for April, 28 or 29 for
 * February by the year; 29 while the year is not chosen), and "capped at today's day of month
 * when year and month equal those of the cutoff".
 */
export function dayOptions(
  year: string | number | null | undefined,
  month: string | number | null | undefined,
  minimumAge: number = DOB_DEFAULT_MINIMUM_AGE,
  today: Date = new Date(),
): number[] {
  const y = partNumber(year);
  const m = partNumber(month);
  let last = m !== undefined && m <= DOB_MONTH_MAX ? daysInMonth(m, y) : DOB_DAY_MAX;
  const cutoff = dateOfBirthCutoff(minimumAge, today);
  if (y === cutoff.year && m === cutoff.month) last = Math.min(last, cutoff.day);
  return range(1, last);
}

/** Options that tell the rules the minimum age and today's date (both defaulted). */
export interface DateOfBirthContext {
  minimumAge?: number;
  today?: Date;
  /** How many years the year list holds; default 100. */
  yearsListed?: number;
}

/**
 * The same three selects for a date in whole calendar years around this one (a renewal date:
 * this year and next): the cutoff is the last day of the last year, so no month or day is
 * capped, and the list holds every year from `back` years ago to `ahead` years on; with
 * `forbidFuture` (a claim's date) the lists stop at today.
 */
export function calendarYearsContext(
  { back, ahead }: { back: number; ahead: number },
  now: Date = new Date(),
  forbidFuture = false,
): Required<DateOfBirthContext> {
  // A date that cannot be in the future stops at today, as a date of birth does.
  if (forbidFuture && ahead === 0) return { minimumAge: 0, today: now, yearsListed: back + 1 };
  return { minimumAge: -ahead, today: new Date(now.getFullYear(), 11, 31), yearsListed: back + ahead + 1 };
}

/**
 * Clears the parts no longer allowed: a year outside the list, a month beyond the cutoff month in
 * the cutoff year, a day the month (or the cutoff) does not have. Call it after any part changes,
 * so that e.g. 31 stays chosen only while the month has 31 days.
 */
export function clampDateOfBirth(parts: DateOfBirthParts, { minimumAge, today, yearsListed }: DateOfBirthContext = {}): DateOfBirthParts {
  const now = today ?? new Date();
  const year = partNumber(parts.year);
  const keptYear = year !== undefined && yearOptions(minimumAge, now, yearsListed).includes(year) ? String(year) : '';
  const month = partNumber(parts.month);
  const keptMonth = month !== undefined && monthOptions(keptYear, minimumAge, now).includes(month) ? String(month) : '';
  const day = partNumber(parts.day);
  const keptDay = day !== undefined && dayOptions(keptYear, keptMonth, minimumAge, now).includes(day) ? String(day) : '';
  return { day: keptDay, month: keptMonth, year: keptYear };
}

/** Sets one part and clears whichever others it made impossible (see `clampDateOfBirth`). */
export function setDateOfBirthPart(parts: DateOfBirthParts, part: DateOfBirthPart, value: string, context: DateOfBirthContext = {}): DateOfBirthParts {
  return clampDateOfBirth({ ...parts, [part]: value }, context);
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The held value: 'YYYY-MM-DD' with zero-padded month and day, or '' when any part is missing,
 * the date does not exist (31 April, 29 February of a common year) or lies outside what the
 * lists offer (after the cutoff, or before the oldest year listed).
 */
export function combineDateOfBirth(parts: Partial<DateOfBirthParts>, context: DateOfBirthContext = {}): string {
  const day = partNumber(parts.day);
  const month = partNumber(parts.month);
  const year = partNumber(parts.year);
  if (day === undefined || month === undefined || year === undefined) return '';
  const clamped = clampDateOfBirth({ day: String(day), month: String(month), year: String(year) }, context);
  if (!clamped.day || !clamped.month || !clamped.year) return '';
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * The parts of a held 'YYYY-MM-DD' value, unpadded as the selects hold them; all '' for anything
 * else (an empty value included). Whether the date is allowed is `combineDateOfBirth`'s business.
 */
export function splitDateOfBirth(value: string | null | undefined): DateOfBirthParts {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec((value ?? '').trim());
  if (!match) return { ...EMPTY_DATE_OF_BIRTH };
  const [, year = '', month = '', day = ''] = match;
  return { day: String(Number(day)), month: String(Number(month)), year: String(Number(year)) };
}

function anyTouched(touched: DateOfBirthTouched): boolean {
  return typeof touched === 'boolean' ? touched : Object.values(touched).some(Boolean);
}

/**
 * The field's message: 'Please enter a valid date' "when a part was touched and the combined
 * date is empty", else ''. With `required: false` a field left wholly empty is not an error.
 */
export function dateOfBirthError(
  parts: Partial<DateOfBirthParts>,
  touched: DateOfBirthTouched,
  { required = true, ...context }: DateOfBirthContext & { required?: boolean } = {},
): string {
  if (!anyTouched(touched)) return '';
  if (!required && !parts.day && !parts.month && !parts.year) return '';
  return combineDateOfBirth(parts, context) === '' ? messages.invalidDate : '';
}
