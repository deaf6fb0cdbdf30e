import { useState } from 'react';
import { ResetRequestSchema } from '#src/schemas/auth.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { messageOf } from '#src/api/client.ts';
import { toast } from '#src/ui/dialogs.ts';
import { requestPasswordReset } from '#src/admin/stores/users.ts';

/** Internal page 2: ask for a reset link; success returns to sign-in with a 'Success!' notice. */
export function ResetRequestForm({ onDone }: { onDone: () => void }) {
  const form = useForm(ResetRequestSchema, { email: '' });
  const [failure, setFailure] = useState('');
  const email = form.field('email');
  const submit = form.handleSubmit(async (input) => {
    setFailure('');
    try {
      toast(await requestPasswordReset(input.email), 'Success!');
      onDone();
    } catch (error) {
      setFailure(messageOf(error));
    }
  });
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <h1>Reset your password</h1>
      <p className="bo-muted">Enter the email address of your account and we will send you a link to choose a new password.</p>
      {failure && (
        <p className="bo-alert" role="alert">
          {failure}
        </p>
      )}
      <FormField {...email} label="Email" type="email" autoComplete="username" required />
      <button type="submit" className="bo-button bo-button-primary bo-button-block" disabled={form.submitting}>
        {form.submitting ? 'Sending…' : 'Send a reset link'}
      </button>
      <div className="bo-form-actions">
        <button type="button" className="bo-button bo-button-link" onClick={onDone}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
