import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { Spinner } from '#src/ui/Spinner.tsx';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { $session, checkLoggedIn } from '../stores/session.ts';
import { confirmEmailChange } from '../stores/users.ts';
import { LoginScreen } from './login/LoginScreen.tsx';

/**
 * /admin/confirm-email?token=…: the link mailed to a new email address. The change is the
 * account owner's to confirm, so whoever is not signed in signs in first (with the address
 * the account still has) and the link is used straight after.
 */
export function ConfirmEmail({ onDone }: { onDone: () => void }) {
  const token = useMemo(() => new URLSearchParams(window.location.search).get('token') ?? '', []);
  const session = useStore($session);
  const sent = useRef(false);

  useEffect(() => {
    if (session === 'checking') void checkLoggedIn();
    if (session !== 'loggedIn' || sent.current) return;
    sent.current = true;
    void confirmEmailChange(token)
      .then((message) => toast(message, 'Success!'))
      .catch((error: unknown) => showError(messageOf(error)))
      .finally(onDone);
  }, [session, token, onDone]);

  if (session === 'unauthorised') return <LoginScreen onSuccess={() => $session.set('loggedIn')} />;
  return (
    <div className="bo-form-fields">
      <h1>Confirming your new email address</h1>
      <Spinner label="Confirming your new email address" />
    </div>
  );
}
