import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { messageOf } from '#src/api/client.ts';
import type { SignedInDeviceView } from '#src/schemas/user-sessions.ts';
import { confirmChoice, showError, toast } from '#src/ui/dialogs.ts';
import { formatDateTime } from '#src/admin/format.ts';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { loadSignedInDevices, signOutEverywhere } from '#src/admin/stores/users.ts';

/** `actions`: the account's other security actions, on the same row as the sign-out. */
type Props = { userId: string; own: boolean; actions?: ReactNode };

/**
 * Where an account is signed in, and a way to end it: on one's own account everywhere but
 * here (a laptop left on a train), on a colleague's everywhere (they have left, or lost it).
 */
export function SignedInDevices({ userId, own, actions }: Props) {
  const [devices, setDevices] = useState<SignedInDeviceView[] | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(() => {
    loadSignedInDevices(userId)
      .then((found) => {
        setDevices(found);
        setError('');
      })
      .catch((failure: unknown) => setError(messageOf(failure)));
  }, [userId]);
  useEffect(load, [load]);

  const others = devices?.filter((device) => !device.current).length ?? 0;
  const signOut = async () => {
    const confirmed = await confirmChoice(
      own ? 'Sign out of your other devices?' : 'Sign this person out everywhere?',
      own
        ? 'Every other browser signed in to your account will have to sign in again. This one stays signed in.'
        : 'Every browser signed in to this account will have to sign in again, with the password and two-factor.',
      own ? 'Sign out other devices' : 'Sign out everywhere',
    );
    if (!confirmed) return;
    try {
      toast(await signOutEverywhere(userId));
      load();
    } catch (failure) {
      await showError(messageOf(failure));
    }
  };

  if (error || !devices) return <p className="bo-hint">{error || 'Loading where this account is signed in…'}</p>;
  return (
    <div className="bo-devices">
      <h3 className="bo-devices-title">Signed in on</h3>
      {devices.length === 0 ? (
        <p className="bo-hint">Not signed in anywhere at the moment.</p>
      ) : (
        <ul className="bo-rows bo-devices-list">
          {devices.map((device) => (
            <li key={`${device.signedInAt}:${device.device}:${device.ip ?? ''}`}>
              <span className="bo-rows-main">
                <span>
                  {device.device}
                  {device.current && (
                    <>
                      {' '}
                      <StatusBadge status="on" label="This device" />
                    </>
                  )}
                </span>
                <span className="bo-muted">
                  {device.ip ? `${device.ip} · ` : ''}signed in {formatDateTime(device.signedInAt)}
                </span>
              </span>
              <span className="bo-muted">Last active {formatDateTime(device.lastSeenAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {((own ? others > 0 : devices.length > 0) || actions) && (
        <div className="bo-form-actions">
          {(own ? others > 0 : devices.length > 0) && (
            <button type="button" className="bo-button" onClick={() => void signOut()}>
              {own ? 'Sign out of other devices' : 'Sign out everywhere'}
            </button>
          )}
          {actions}
        </div>
      )}
    </div>
  );
}
