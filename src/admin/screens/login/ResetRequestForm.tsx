import { ResetRequestSchema } from '../../../schemas/auth.ts';
import { useForm } from '../../../ui/use-form.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { messageOf } from '../../../api/client.ts';
import { showError, showSuccess } from '../../../ui/dialogs.ts';
import { requestPasswordReset } from '../../stores/users.ts';

/** Internal page 2: ask for a reset link; success returns to sign-in with a 'Success!' notice. */
export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const form = useForm(ResetRequestSchema, { email: '' });
  const email = form.field('email');
  const submit = form.handleSubmit(async (input) => {
    try {
      const message = await requestPasswordReset(input.email);
      await showSuccess(message, 'Success!');
      onDone();
    } catch (error) {
      await showError(messageOf(error));
    }
  });
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <h1>Reset your password</h1>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <FormField {...email} label="Email" type="email" autoComplete="username" required />
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={form.submitting}>
          {form.submitting ? 'Sending…' : 'Send Reset Link'}
        </button>
        <button type="button" className="admin-button secondary" onClick={onDone}>
          Back to Sign In
        </button>
      </div>
    </form>
  );
}
