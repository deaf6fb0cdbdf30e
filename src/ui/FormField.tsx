import type { ComponentProps, ReactNode } from 'react';
import { joinIds, visibleError } from './form-state.ts';
import { dateFieldLang } from './date-field-lang.ts';
import './ui.css';

/** Rows a textarea gets unless told otherwise. */
export const TEXTAREA_DEFAULT_ROWS = 4;

interface FieldCommon {
  id: string;
  label: string;
  /** The field's current validation message, if any; shown per `visibleError`. */
  error?: string;
  touched: boolean;
  /** True while an asynchronous check runs; errors show then even before the field is touched. */
  validating?: boolean;
  /** Goes on the wrapper (label, control and message), not on the control. */
  className?: string;
  /** The label is read out but not drawn: where a heading beside it already names the field. */
  labelHidden?: boolean;
  /** Help under the label, above the control (one place on every field), read with the control. */
  hint?: string;
}

export type FormFieldInputProps = FieldCommon & { as?: 'input' } & Omit<ComponentProps<'input'>, 'id' | 'children'>;
export type FormFieldTextareaProps = FieldCommon & { as: 'textarea' } & Omit<ComponentProps<'textarea'>, 'id' | 'children'>;
export type FormFieldSelectProps = FieldCommon & {
  as: 'select';
  children?: ReactNode;
  /**
   * The chosen option's words, drawn over the select so that a long one wraps onto a second
   * line on a phone: a closed select shows one line only and cuts the rest. The select stays
   * on top, unseen, so pointer, keyboard and screen readers all use the browser's own control.
   */
  shownText?: string;
} & Omit<ComponentProps<'select'>, 'id'>;
export type FormFieldProps = FormFieldInputProps | FormFieldTextareaProps | FormFieldSelectProps;

/**
 * A labelled input, textarea or select with its error message. The error appears only once
 * the field is touched or while it is being validated asynchronously (see form-state.ts);
 * while it shows, the control carries `aria-invalid` and points at the message with
 * `aria-describedby` (added to any ids the caller passes), so a screen reader reads the
 * message when the field is focused. `aria-invalid` is owned here: a caller's value is replaced.
 */
export function FormField(props: FormFieldProps) {
  const { id, label, error, touched, validating, className, labelHidden, hint, ...control } = props;
  const shown = visibleError(error, touched, validating);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const a11y = {
    id,
    'aria-invalid': shown ? true : undefined,
    'aria-describedby': joinIds(hint && hintId, control['aria-describedby'], shown && errorId),
  } as const;

  let field: ReactNode;
  if (control.as === 'textarea') {
    const { as: _textarea, rows, ...rest } = control;
    field = <textarea {...rest} {...a11y} rows={rows ?? TEXTAREA_DEFAULT_ROWS} className="ui-input ui-textarea" />;
  } else if (control.as === 'select') {
    const { as: _select, children, shownText, ...rest } = control;
    const select = (
      <select {...rest} {...a11y} className="ui-input ui-select">
        {children}
      </select>
    );
    field =
      shownText === undefined ? (
        select
      ) : (
        <div className="ui-select-wrap">
          {select}
          <span className="ui-input ui-select ui-select-shown" aria-hidden="true">
            {shownText}
          </span>
        </div>
      );
  } else {
    const { as: _input, ...rest } = control;
    // A date or time field names its language itself (dateFieldLang): see there.
    const lang = rest.type === 'date' || rest.type === 'datetime-local' || rest.type === 'time' ? dateFieldLang : undefined;
    field = <input lang={lang} {...rest} {...a11y} className="ui-input" />;
  }

  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'}>
      <label className={labelHidden ? 'ui-label visually-hidden' : 'ui-label'} htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="ui-hint">
          {hint}
        </p>
      ) : null}
      {field}
      {shown ? (
        <p id={errorId} className="ui-field-error">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
