import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Spinner } from '../ui/Spinner.tsx';
import { accessDenied } from '../ui/dialogs.ts';
import { $login, $session, checkLoggedIn } from './stores/session.ts';

/**
 * The protected wrapper: checks the session; a loading image while checking; when the check
 * fails, 'Access Denied' with the reason ('Unauthorized: User is not logged in.' on a 401)
 * and back to '/'.
 */
export function Protected({ children }: { children: ReactNode }) {
  const session = useStore($session);
  useEffect(() => {
    if (session !== 'checking') return;
    void checkLoggedIn().then(async (ok) => {
      if (!ok) {
        await accessDenied($login.get().message);
        window.location.assign('/');
      }
    });
  }, [session]);
  if (session !== 'loggedIn') {
    return (
      <div className="bo-loading bo-app">
        <Spinner variant="gear" label="Checking your session" />
      </div>
    );
  }
  return <>{children}</>;
}
