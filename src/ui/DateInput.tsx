import { useState, type FocusEvent } from 'react';
import { checkDateInput, dateInputBounds } from './date-input-rules.ts';
import { messages } from '../schemas/messages.ts';
import { joinIds, visibleError } from './form-state.ts';
import { isIsoDate } from '../lib/calendar-date.ts';
import { formatCalendarDate } from '../lib/dublin-time.ts';
import { dateFieldLang } from './date-field-lang.ts';
import './ui.css';

export interface DateInputProps {
  id: string;
  label: string;
  /** 'YYYY-MM-DD', or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  /** No date before today. */
  forbidPast?: boolean;
  /** No date after today, or after `max` when one is given. */
  forbidFuture?: boolean;
  /** Earliest date allowed ('YYYY-MM-DD' or a Date). */
  min?: string | Date;
  /** Latest date allowed ('YYYY-MM-DD' or a Date). */
  max?: string | Date;
  required?: boolean;
  /** Today's date, for the bounds; default now. */
  today?: Date;
  /** Show the error as if touched (e.g. after a submit attempt). */
  touched?: boolean;
  /** True while an asynchronous check runs: errors show then even before the field is touched. */
  validating?: boolean;
  /** A message from the form; shown instead of the field's own. */
  error?: string;
  hint?: string;
  disabled?: boolean;
  name?: string;
  className?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

/**
 * A labelled `<input type="date">` whose `min` and `max` come from the spec's rules (forbid past
 * or future dates, "limit being today or a given maximum date"; see date-input-rules.ts). Its
 * own message is 'Please enter a valid date' for a date the browser could not read (a
 * half-typed one) or one outside the bounds, and 'Required' when required and empty; like every
 * field here it shows only after the field is touched.
 */
export function DateInput({
  id,
  label,
  value,
  onChange,
  forbidPast,
  forbidFuture,
  min,
  max,
  required,
  today,
  touched: touchedProp = false,
  validating,
  error,
  hint,
  disabled,
  name,
  className,
  onBlur,
}: DateInputProps) {
  const [touched, setTouched] = useState(false);
  // A browser reports a half-typed date as '' with validity.badInput; that is not an empty field.
  const [badInput, setBadInput] = useState(false);
  const options = { forbidPast, forbidFuture, min, max, required, today: today ?? new Date() };
  const bounds = dateInputBounds(options);
  const ownError = badInput ? messages.invalidDate : checkDateInput(value, options);
  const hintId = `${id}-hint`;

  const readValidity = (input: HTMLInputElement) => setBadInput(Boolean(input.validity?.badInput));

  const shown = visibleError(error || ownError, touched || touchedProp, validating);
  const errorId = `${id}-error`;
  // The box shows the date in the browser's order (month first in a US browser): the date
  // chosen is also written out the Irish way, so "03/04" can never be misread.
  const spelled = !shown && isIsoDate(value) ? formatCalendarDate(value) : '';
  const spelledId = `${id}-chosen`;

  return (
    <div className={className ? `ui-field ui-date-input ${className}` : 'ui-field ui-date-input'}>
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="ui-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="date"
        lang={dateFieldLang}
        className="ui-input ui-date"
        name={name}
        value={value}
        min={bounds.min}
        max={bounds.max}
        required={required}
        disabled={disabled}
        aria-invalid={shown ? true : undefined}
        aria-describedby={joinIds(hint && hintId, shown && errorId, spelled && spelledId)}
        onChange={(event) => {
          readValidity(event.target);
          onChange(event.target.value);
        }}
        onBlur={(event) => {
          readValidity(event.target);
          setTouched(true);
          onBlur?.(event);
        }}
      />
      {shown ? (
        <p id={errorId} className="ui-field-error">
          {shown}
        </p>
      ) : null}
      {spelled && (
        <p id={spelledId} className="ui-hint ui-date-chosen">
          {spelled}
        </p>
      )}
    </div>
  );
}
