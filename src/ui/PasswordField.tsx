import { useState, type ComponentProps } from 'react';
import './ui.css';

export type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  id: string;
  label: string;
  /** Goes on the wrapper (label, input and toggle), not on the input. */
  className?: string;
};

/**
 * A password input with a Show/Hide toggle. Everything but `type` is forwarded to the input
 * (value, onChange, onBlur, name, autoComplete, required, aria-invalid, aria-describedby, ref),
 * so it drops into the same form code as a plain input. Showing the password only swaps the
 * input's type: the value, caret and autocomplete hint stay as they are.
 */
export function PasswordField({ id, label, className, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);

  return (
    <div className={className ? `ui-field ui-password ${className}` : 'ui-field ui-password'}>
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-password-row">
        <input
          {...inputProps}
          id={id}
          type={visible ? 'text' : 'password'}
          className="ui-input ui-password-input"
          // Stop browsers and phone keyboards from "correcting" a password shown as text.
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
        />
        <button
          type="button"
          className="ui-button ui-password-toggle"
          aria-controls={id}
          aria-pressed={visible}
          // The visible word is the start of the accessible name, so voice control users can
          // say what they see ("click Show").
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((wasVisible) => !wasVisible)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
