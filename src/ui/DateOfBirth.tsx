import { useState } from 'react';
import {
  clampDateOfBirth,
  combineDateOfBirth,
  dateOfBirthError,
  dayOptions,
  DOB_DEFAULT_MINIMUM_AGE,
  monthOptions,
  MONTH_NAMES,
  setDateOfBirthPart,
  splitDateOfBirth,
  yearOptions,
  type DateOfBirthPart,
  type DateOfBirthParts,
} from './date-of-birth-rules.ts';
import { joinIds, visibleError } from './form-state.ts';
import './ui.css';

export interface DateOfBirthProps {
  /** Goes on the fieldset; the selects are `{id}-day`, `{id}-month` and `{id}-year`. */
  id: string;
  /** The fieldset's legend, e.g. "Date of birth". */
  label: string;
  /** The held value: 'YYYY-MM-DD', or '' while any part is missing. */
  value: string;
  /** Called with the new held value whenever it changes ('' while the date is incomplete). */
  onChange: (value: string) => void;
  /** The youngest age allowed, in years; default 17. */
  minimumAge?: number;
  /** Each part must be chosen (default true); when false a wholly empty date is no error. */
  required?: boolean;
  /** Today's date, for the lists' caps; default now. */
  today?: Date;
  /** How many years the year list holds; default 100 (see calendarYearsContext for other dates). */
  yearsListed?: number;
  /** Show the error as if touched (e.g. after a submit attempt). */
  touched?: boolean;
  /** A message from the form (e.g. the server's); shown instead of the field's own once touched. */
  error?: string;
  hint?: string;
  disabled?: boolean;
  /** Goes on the fieldset. */
  className?: string;
  /** Called when focus leaves the whole field. */
  onBlur?: () => void;
}

const PART_LABELS: Record<DateOfBirthPart, string> = { day: 'Day', month: 'Month', year: 'Year' };

/**
 * A date of birth as three selects (day, month, year) in a fieldset, the form value shape
 * the quote forms send. The lists (see date-of-birth-rules.ts): years from the cutoff
 * (today minus `minimumAge`) back 100 years, months and days capped at the cutoff, days never
 * beyond the month's length; a part made impossible by another (31 after choosing April) is
 * cleared. The parts live here, so a half-chosen date keeps them while the held value is ''.
 * 'Please enter a valid date' shows once a part was touched (changed or left) and the date is
 * incomplete; the selects then carry `aria-invalid` and point at it with `aria-describedby`.
 */
export function DateOfBirth({
  id,
  label,
  value,
  onChange,
  minimumAge = DOB_DEFAULT_MINIMUM_AGE,
  required = true,
  today,
  yearsListed,
  touched: touchedProp = false,
  error,
  hint,
  disabled,
  className,
  onBlur,
}: DateOfBirthProps) {
  const now = today ?? new Date();
  const context = { minimumAge, today: now, yearsListed };
  const [parts, setParts] = useState<DateOfBirthParts>(() => clampDateOfBirth(splitDateOfBirth(value), context));
  const [seenValue, setSeenValue] = useState(value);
  const [touched, setTouched] = useState(false);

  // A value set from outside (a loaded record, a form reset) replaces the parts; the value this
  // field itself reported (including '' for a half-chosen date) leaves them alone.
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== combineDateOfBirth(parts, context)) setParts(clampDateOfBirth(splitDateOfBirth(value), context));
  }

  const shownTouched = touched || touchedProp;
  const ownError = dateOfBirthError(parts, shownTouched, { required, ...context });
  const shown = visibleError(error || ownError, shownTouched);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const change = (part: DateOfBirthPart, partValue: string) => {
    const next = setDateOfBirthPart(parts, part, partValue, context);
    setParts(next);
    setTouched(true);
    const combined = combineDateOfBirth(next, context);
    setSeenValue(combined);
    if (combined !== value) onChange(combined);
  };

  const years = yearOptions(minimumAge, now, yearsListed);
  const months = monthOptions(parts.year, minimumAge, now);
  const days = dayOptions(parts.year, parts.month, minimumAge, now);
  const lists: Record<DateOfBirthPart, { value: number; text: string }[]> = {
    day: days.map((d) => ({ value: d, text: String(d) })),
    month: months.map((m) => ({ value: m, text: MONTH_NAMES[m - 1] ?? String(m) })),
    year: years.map((y) => ({ value: y, text: String(y) })),
  };

  return (
    <fieldset
      id={id}
      className={className ? `ui-fieldset ui-dob ${className}` : 'ui-fieldset ui-dob'}
      aria-describedby={joinIds(hint && hintId)}
      onBlur={(event) => {
        setTouched(true);
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) onBlur?.();
      }}
    >
      <legend className="ui-legend">{label}</legend>
      {hint && (
        <p id={hintId} className="ui-hint">
          {hint}
        </p>
      )}
      <div className="ui-dob-parts">
        {(['day', 'month', 'year'] as const).map((part) => {
          const selectId = `${id}-${part}`;
          return (
            <div key={part} className={`ui-dob-part ui-dob-${part}`}>
              {/* Named for screen readers; a sighted reader sees the same word as the select's first choice. */}
              <label className="visually-hidden" htmlFor={selectId}>
                {PART_LABELS[part]}
              </label>
              <select
                id={selectId}
                className="ui-input ui-select"
                value={parts[part]}
                required={required}
                disabled={disabled}
                aria-invalid={shown ? true : undefined}
                aria-describedby={joinIds(shown && errorId)}
                onChange={(event) => change(part, event.target.value)}
              >
                <option value="">{PART_LABELS[part]}</option>
                {lists[part].map((option) => (
                  <option key={option.value} value={String(option.value)}>
                    {option.text}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {shown ? (
        <p id={errorId} className="ui-field-error">
          {shown}
        </p>
      ) : null}
    </fieldset>
  );
}
