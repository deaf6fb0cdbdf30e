import { useState } from 'react';
import { Lock } from 'lucide-static';
import { TwoFactorCodeSchema } from '#src/schemas/auth.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { messageOf } from '#src/api/client.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { verifyCode } from '#src/admin/stores/session.ts';

type Props = { onVerified: (recoveryCodes: string[] | undefined) => void; onBack: () => void; heading?: string };

/** Internal page 4 (and setup step 2): a lock icon, the spec's sentence and the code field; a wrong code is said on the form. */
export function TwoFactorVerify({ onVerified, onBack, heading = 'Two-factor verification' }: Props) {
  const form = useForm(TwoFactorCodeSchema, { token: '' });
  const [failure, setFailure] = useState('');
  const token = form.field('token');
  const submit = form.handleSubmit(async (input) => {
    setFailure('');
    try {
      onVerified(await verifyCode(input.token));
    } catch (error) {
      setFailure(messageOf(error));
      form.reset();
    }
  });
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <span className="bo-empty-icon">
        <Icon svg={Lock} size={22} />
      </span>
      <h1>{heading}</h1>
      <p>Get a verification code from your Authenticator app.</p>
      {failure && (
        <p className="bo-alert" role="alert">
          {failure}
        </p>
      )}
      <FormField {...token} label="Verification code" inputMode="numeric" autoComplete="one-time-code" maxLength={11} required />
      <p className="bo-hint">Lost your phone? Enter one of your recovery codes instead.</p>
      {/* Never greyed out before a code is typed: a press with none says what is missing on the field, as the other sign-in steps do. */}
      <button type="submit" className="bo-button bo-button-primary bo-button-block" disabled={form.submitting}>
        {form.submitting ? 'Checking…' : 'Verify'}
      </button>
      <div className="bo-form-actions">
        <button type="button" className="bo-button bo-button-link" onClick={onBack}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
