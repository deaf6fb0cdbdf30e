import { TwoFactorCodeSchema } from '../../../schemas/auth.ts';
import { useForm } from '../../../ui/use-form.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { messageOf } from '../../../api/client.ts';
import { showError } from '../../../ui/dialogs.ts';
import { verifyCode } from '../../stores/session.ts';
import { LockIcon } from '../../layout/icons.tsx';

type Props = { onVerified: (recoveryCodes: string[] | undefined) => void; heading?: string };

/** Internal page 4 (and setup step 2): a lock icon, the spec's sentence and the code field. */
export function TwoFactorVerify({ onVerified, heading = 'Two-factor verification' }: Props) {
  const form = useForm(TwoFactorCodeSchema, { token: '' });
  const token = form.field('token');
  const submit = form.handleSubmit(async (input) => {
    try {
      onVerified(await verifyCode(input.token));
    } catch (error) {
      await showError(messageOf(error));
      form.reset();
    }
  });
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <LockIcon className="admin-lock" />
      <h1>{heading}</h1>
      <p>Get a verification code from your Authenticator app.</p>
      <FormField {...token} label="Verification code" inputMode="numeric" autoComplete="one-time-code" maxLength={11} required />
      <p className="admin-hint">Lost your phone? Enter one of your recovery codes instead.</p>
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={form.pristine || form.submitting}>
          {form.submitting ? 'Checking…' : 'Verify'}
        </button>
      </div>
    </form>
  );
}
