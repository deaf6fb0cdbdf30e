import { LoginSchema } from '../../../schemas/auth.ts';
import { useForm } from '../../../ui/use-form.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { PasswordInput } from '../../forms/PasswordInput.tsx';
import { ApiError, messageOf } from '../../../api/client.ts';
import { showError } from '../../../ui/dialogs.ts';
import { signIn, type NextStep } from '../../stores/session.ts';

type Props = { signupEnabled: boolean; onSignedIn: (next: NextStep) => void; onForgot: () => void; onCreate: () => void };

/** Internal page 1: email and password, 'Forgot Password', and 'Create Account' when sign-up is on. */
export function SignInForm({ signupEnabled, onSignedIn, onForgot, onCreate }: Props) {
  const form = useForm(LoginSchema, { email: '', password: '' });
  const email = form.field('email');
  const password = form.field('password');
  const submit = form.handleSubmit(async (input) => {
    try {
      onSignedIn(await signIn(input.email, input.password));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) form.setServerErrors(error.errors);
      else await showError(messageOf(error));
    }
  });
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <h1>Sign in</h1>
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
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={form.submitting}>
          {form.submitting ? 'Signing in…' : 'Sign In'}
        </button>
        <button type="button" className="admin-button secondary" onClick={onForgot}>
          Forgot Password
        </button>
        {signupEnabled && (
          <button type="button" className="admin-button secondary" onClick={onCreate}>
            Create Account
          </button>
        )}
      </div>
    </form>
  );
}
