import { useState } from 'react';
import { LoginSchema } from '#src/schemas/auth.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { PasswordInput } from '#src/admin/forms/PasswordInput.tsx';
import { ApiError, messageOf } from '#src/api/client.ts';
import { signIn, type NextStep } from '#src/admin/stores/session.ts';

type Props = { signupEnabled: boolean; onSignedIn: (next: NextStep) => void; onForgot: () => void; onCreate: () => void };

/**
 * Internal page 1: email and password, 'Forgot Password', and 'Create Account' when sign-up is
 * on. A wrong password or a refusal is said on the form itself, where the person is looking.
 */
export function SignInForm({ signupEnabled, onSignedIn, onForgot, onCreate }: Props) {
  const form = useForm(LoginSchema, { email: '', password: '' });
  const [failure, setFailure] = useState('');
  const email = form.field('email');
  const password = form.field('password');
  const submit = form.handleSubmit(async (input) => {
    setFailure('');
    try {
      onSignedIn(await signIn(input.email, input.password));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      setFailure(messageOf(error));
    }
  });
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <h1>Sign in</h1>
      <p className="bo-muted">Staff only: callbacks, quotes, renewals and the site.</p>
      {failure && (
        <p className="bo-alert" role="alert">
          {failure}
        </p>
      )}
      <FormField {...email} label="Email" type="email" autoComplete="username" required />
      <PasswordInput
        id="password"
        name="password"
        label="Password"
        value={password.value}
        onChange={password.onChange}
        onBlur={password.onBlur}
        autoComplete="current-password"
        error={password.touched ? password.error : undefined}
      />
      <button type="submit" className="bo-button bo-button-primary bo-button-block" disabled={form.submitting}>
        {form.submitting ? 'Signing in…' : 'Sign in'}
      </button>
      <div className="bo-form-actions">
        <button type="button" className="bo-button bo-button-link" onClick={onForgot}>
          Forgot Password
        </button>
        {signupEnabled && (
          <button type="button" className="bo-button bo-button-link" onClick={onCreate}>
            Create Account
          </button>
        )}
      </div>
    </form>
  );
}
