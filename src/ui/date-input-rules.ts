/**
 * Pure rules of the date input ("Date inputs can forbid past or future dates,
 * limit being today or a given maximum date"), free of React so they can be unit tested.
 * Dates are 'YYYY-MM-DD' strings, the value of an `<input type="date">`, read as local calendar
 * dates; `today` is passed in (default: now) so tests can pin it.
 */
import { isIsoDate, toIsoDate } from '../lib/calendar-date.ts';
import { messages } from '../schemas/messages.ts';

export interface DateInputOptions {
  /** No date before today. */
  forbidPast?: boolean;
  /** No date after today, or after `max` when one is given. */
  forbidFuture?: boolean;
  /** The latest date allowed ('YYYY-MM-DD' or a Date); applies with or without `forbidFuture`. */
  max?: string | Date;
  /** The earliest date allowed; with `forbidPast` the later of it and today wins. */
  min?: string | Date;
  /** An empty value is an error ('Required') rather than no value. */
  required?: boolean;
  today?: Date;
}

export interface DateInputBounds {
  min?: string;
  max?: string;
}

/** A bound given as a Date or a string, as 'YYYY-MM-DD'; undefined when absent or unparsable. */
function bound(value: string | Date | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : toIsoDate(value);
  return isIsoDate(value) ? value : undefined;
}

/**
 * The `min` and `max` for the input: forbidding the past puts `min` at today; forbidding the
 * future puts `max` at today, or at the given maximum date when there is one. A given `min` or
 * `max` applies on its own too. ISO dates compare as strings, so the stricter bound is the
 * larger `min` and the smaller `max`.
 */
export function dateInputBounds({ forbidPast, forbidFuture, max, min, today = new Date() }: DateInputOptions = {}): DateInputBounds {
  const todayIso = toIsoDate(today);
  const givenMin = bound(min);
  const givenMax = bound(max);
  const candidatesMin = [forbidPast ? todayIso : undefined, givenMin].filter((d): d is string => d !== undefined);
  const upper = forbidFuture ? (givenMax ?? todayIso) : givenMax;
  const result: DateInputBounds = {};
  if (candidatesMin.length > 0) result.min = candidatesMin.sort().at(-1);
  if (upper !== undefined) result.max = upper;
  return result;
}

/**
 * The message for a value: '' when it is fine (or empty and not required), 'Required' when it
 * is empty and required, 'Please enter a valid date' when it is not a real 'YYYY-MM-DD' date or
 * lies outside the bounds.
 */
export function checkDateInput(value: string | null | undefined, options: DateInputOptions = {}): string {
  const text = (value ?? '').trim();
  if (text === '') return options.required ? messages.required : '';
  if (!isIsoDate(text)) return messages.invalidDate;
  const { min, max } = dateInputBounds(options);
  if ((min !== undefined && text < min) || (max !== undefined && text > max)) return messages.invalidDate;
  return '';
}
