import { useId, useState, type ReactNode } from 'react';

type Props = {
  /** The group's name and the field's label ('Link', 'Link address'). */
  name: string;
  label: string;
  initial: string;
  inputMode?: 'url' | 'text';
  placeholder?: string;
  applyLabel: string;
  /** The value to use, or null when what was typed will not do; `problem` then says why. */
  accept(typed: string): string | null;
  problem: string;
  onApply(value: string): void;
  onCancel(): void;
  /** More buttons after Apply ('Remove link'). */
  more?: ReactNode;
  /** What it is asked for ('Linking “the RSA”'), above the field. */
  context?: string;
};

/**
 * One more thing the editor needs (a link's address, a picture's alt text), asked for in a row
 * under the toolbar rather than a dialog: the words stay in sight. Enter applies, Escape goes
 * back to the words.
 */
export function InlinePrompt({ name, label, initial, inputMode = 'text', placeholder, applyLabel, accept, problem, onApply, onCancel, more, context }: Props) {
  const id = useId();
  const [typed, setTyped] = useState(initial);
  const [error, setError] = useState('');
  const apply = () => {
    const value = accept(typed);
    if (value) onApply(value);
    else setError(problem);
  };
  return (
    // Not a <form>: it sits inside the post's form, and forms do not nest.
    <fieldset className="bo-inline-prompt">
      <legend className="visually-hidden">{name}</legend>
      {context && <p className="bo-inline-prompt-context">{context}</p>}
      <div className="ui-field">
        <label className="ui-label" htmlFor={`${id}-value`}>
          {label}
        </label>
        <input
          id={`${id}-value`}
          className="ui-input"
          value={typed}
          // biome-ignore lint/a11y/noAutofocus: the row opens because this was asked for; the value is what comes next
          autoFocus
          inputMode={inputMode}
          autoComplete="off"
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setError('');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        {error && (
          <p id={`${id}-error`} className="ui-field-error">
            {error}
          </p>
        )}
      </div>
      <div className="bo-inline-prompt-actions">
        <button type="button" className="bo-button bo-button-primary" onClick={apply}>
          {applyLabel}
        </button>
        {more}
        <button type="button" className="bo-button bo-button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
