import { PasswordField, type PasswordFieldProps } from '../../ui/PasswordField.tsx';

/** PasswordField plus its validation message, tied to the input for screen readers. */
export function PasswordInput({ error, ...props }: PasswordFieldProps & { error?: string | undefined }) {
  const errorId = `${props.id}-error`;
  return (
    <div className="admin-password">
      <PasswordField {...props} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error && (
        <p id={errorId} className="admin-error">
          {error}
        </p>
      )}
    </div>
  );
}
