import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '#src/api/client.ts';
import { ApiError } from '#src/api/client.ts';
import { InvitationAcceptSchema } from '#src/schemas/invitation.ts';
import { type Role, roleNames } from '#src/schemas/roles.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { NEW_PASSWORD_HINT, PasswordInput } from '../forms/PasswordInput.tsx';
import { acceptInvitation, checkInvitation } from '../stores/invitations.ts';
import { $login, signOut } from '../stores/session.ts';
import { RecoveryCodes } from './login/RecoveryCodes.tsx';
import { TwoFactorSetup } from './login/TwoFactorSetup.tsx';

type Step =
  | { kind: 'checking' }
  | { kind: 'invalid'; message: string }
  | { kind: 'form'; email: string; role: Role }
  | { kind: 'setup' }
  | { kind: 'recovery'; codes: string[] };

/**
 * /admin/invitation?token=…: the page the invitation mail links to. It shows the invited
 * address and role, takes the person's name and password, then goes through two-factor setup
 * as any new account does; `onDone` opens the back-office.
 */
export function AcceptInvitation({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const token = useMemo(() => new URLSearchParams(window.location.search).get('token') ?? '', []);
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const login = useStore($login);
  const form = useForm(InvitationAcceptSchema, { token, first_name: '', last_name: '', password: '' });
  const password = form.field('password');

  useEffect(() => {
    let cancelled = false;
    checkInvitation(token)
      .then((invitation) => !cancelled && setStep({ kind: 'form', ...invitation }))
      .catch((error: unknown) => !cancelled && setStep({ kind: 'invalid', message: messageOf(error) }));
    return () => {
      cancelled = true;
    };
  }, [token]);

  const submit = form.handleSubmit(async (input) => {
    try {
      const { message, twoFactorNext } = await acceptInvitation(input);
      toast(message, 'Success!');
      if (twoFactorNext) setStep({ kind: 'setup' });
      else onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });

  const afterTwoFactor = (codes: string[] | undefined) => (codes?.length ? setStep({ kind: 'recovery', codes }) : onDone());
  const leave = () => {
    void signOut()
      .catch(() => undefined)
      .finally(onCancel);
  };

  if (step.kind === 'checking') return <Spinner label="Checking your invitation" />;
  if (step.kind === 'invalid')
    return (
      <section className="bo-form-fields">
        <h1>This invitation cannot be used</h1>
        <p className="bo-alert" role="alert">
          {step.message}
        </p>
        <a className="bo-button bo-button-block" href="/admin">
          Back to sign in
        </a>
      </section>
    );
  if (step.kind === 'setup') return <TwoFactorSetup allowSkip={login.allowSkip2FA} onDone={afterTwoFactor} onBack={leave} />;
  if (step.kind === 'recovery') return <RecoveryCodes codes={step.codes} onContinue={onDone} />;
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <h1>Join the back-office</h1>
      <p>
        You are invited as <strong>{roleNames[step.role]}</strong> with the address <strong>{step.email}</strong>. Choose your name and password; two-factor
        sign-in comes next.
      </p>
      <input type="hidden" name="token" value={form.values.token} />
      <FormField {...form.field('first_name')} label="First name" autoComplete="given-name" required />
      <FormField {...form.field('last_name')} label="Last name" autoComplete="family-name" required />
      {/* Lets a password manager file the new password under the invited address. */}
      <input type="hidden" name="username" autoComplete="username" value={step.email} />
      <PasswordInput
        id="password"
        name="password"
        label="Password"
        value={password.value}
        onChange={password.onChange}
        onBlur={password.onBlur}
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={password.touched ? password.error : undefined}
      />
      <button type="submit" className="bo-button bo-button-primary bo-button-block" disabled={form.submitting}>
        {form.submitting ? 'Saving…' : 'Accept invitation'}
      </button>
    </form>
  );
}
