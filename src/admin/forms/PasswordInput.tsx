import { PasswordField, type PasswordFieldProps } from '#src/ui/PasswordField.tsx';
import { PASSWORD_MIN } from '#src/schemas/fields.ts';

/** What a new password must be, said wherever one is chosen (the user form, a reset). */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters. A few unrelated words are easy to remember and hard to guess.`;

/** PasswordField plus its hint and validation message, tied to the input for screen readers. */
export function PasswordInput({ error, hint, ...props }: PasswordFieldProps & { error?: string | undefined; hint?: string }) {
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="ui-field">
      <PasswordField {...props} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint && (
        <p id={hintId} className="bo-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
