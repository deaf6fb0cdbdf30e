import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Spinner } from '#src/ui/Spinner.tsx';
import { toast } from '#src/ui/dialogs.ts';
import { $authOptions, $login, loadAuthOptions, signOut, type NextStep } from '#src/admin/stores/session.ts';
import { signUp } from '#src/admin/stores/users.ts';
import { UserForm } from '../users/UserForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { ResetRequestForm } from './ResetRequestForm.tsx';
import { TwoFactorVerify } from './TwoFactorVerify.tsx';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

type Page = 'signIn' | 'reset' | 'create' | 'verify' | 'setup' | 'recovery';

/**
 * /admin: the login screen with its internal pages. After success it
 * calls `onSuccess`, which goes to /admin/user.
 */
export function LoginScreen({ onSuccess }: { onSuccess: () => void }) {
  const [page, setPage] = useState<Page>('signIn');
  const [codes, setCodes] = useState<string[]>([]);
  const options = useStore($authOptions);
  const login = useStore($login);

  useEffect(() => {
    if (!options) void loadAuthOptions();
  }, [options]);

  const afterSignIn = (next: NextStep) => (next === 'done' ? onSuccess() : setPage(next));
  // Leaving two-factor ends the half-signed-in session, so the next person starts clean.
  const backToSignIn = () => {
    void signOut()
      .catch(() => undefined)
      .finally(() => setPage('signIn'));
  };
  const afterTwoFactor = (recoveryCodes: string[] | undefined) => {
    if (recoveryCodes?.length) {
      setCodes(recoveryCodes);
      setPage('recovery');
    } else {
      onSuccess();
    }
  };

  return (
    <>
      {!options && <Spinner label="Loading" />}
      {options && page === 'signIn' && (
        <SignInForm signupEnabled={options.signupEnabled} onSignedIn={afterSignIn} onForgot={() => setPage('reset')} onCreate={() => setPage('create')} />
      )}
      {page === 'reset' && <ResetRequestForm onDone={() => setPage('signIn')} />}
      {page === 'create' && (
        <section className="bo-form-fields">
          <h1>Create Account</h1>
          <UserForm
            mode="create"
            viewerIsAdmin={false}
            submitLabel="Create Account"
            onBack={() => setPage('signIn')}
            onSubmit={async (values) => {
              toast(await signUp(values), 'Success!');
              setPage('signIn');
            }}
          />
        </section>
      )}
      {page === 'verify' && <TwoFactorVerify onVerified={afterTwoFactor} onBack={backToSignIn} />}
      {page === 'setup' && <TwoFactorSetup allowSkip={login.allowSkip2FA} onDone={afterTwoFactor} onBack={backToSignIn} />}
      {page === 'recovery' && <RecoveryCodes codes={codes} onContinue={onSuccess} />}
    </>
  );
}
