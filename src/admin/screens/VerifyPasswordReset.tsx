import { useMemo } from 'react';
import { ResetSchema } from '#src/schemas/auth.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { NEW_PASSWORD_HINT, PasswordInput } from '../forms/PasswordInput.tsx';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { completePasswordReset } from '../stores/users.ts';

/**
 * /verifypasswordreset?email=…&token=…: email and token come from the link in the mail and are
 * pre-filled (the token hidden); the user chooses a new password.
 */
export function VerifyPasswordReset({ onDone }: { onDone: () => void }) {
  const query = useMemo(() => new URLSearchParams(window.location.search), []);
  const form = useForm(ResetSchema, { email: query.get('email') ?? '', passwordResetToken: query.get('token') ?? '', newPassword: '' });
  const password = form.field('newPassword');
  const submit = form.handleSubmit(async (input) => {
    try {
      toast(await completePasswordReset(input), 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    }
    onDone();
  });
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <h1>Choose a new password</h1>
      <FormField {...form.field('email')} label="Email" type="email" autoComplete="username" required />
      <input type="hidden" name="passwordResetToken" value={form.values.passwordResetToken} />
      {form.errors.passwordResetToken && form.touched.passwordResetToken && (
        <p className="bo-alert" role="alert">
          This link is incomplete. Please ask for a new one from the sign-in page.
        </p>
      )}
      <PasswordInput
        id="newPassword"
        name="newPassword"
        label="New password"
        value={password.value}
        onChange={password.onChange}
        onBlur={password.onBlur}
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={password.touched ? password.error : undefined}
      />
      <button type="submit" className="bo-button bo-button-primary bo-button-block" disabled={form.submitting}>
        {form.submitting ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
