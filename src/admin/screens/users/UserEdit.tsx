import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Spinner } from '../../../ui/Spinner.tsx';
import { messageOf } from '../../../api/client.ts';
import { showError, showSuccess, showUpdated } from '../../../ui/dialogs.ts';
import { $login } from '../../stores/session.ts';
import { $users, resetTwoFactor, saveUser, users } from '../../stores/users.ts';
import { go } from '../../stores/router.ts';
import { UserForm } from './UserForm.tsx';

/** /admin/user/edit/{id}: 'Edit a User', pre-filled; the id is the fifth path segment. */
export function UserEdit({ id }: { id: string }) {
  const { user: viewer } = useStore($login);
  const { currentUser: user } = useStore($users);

  useEffect(() => {
    users.select(null);
    users.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/user');
    });
  }, [id]);

  if (!user || user._id !== id || !viewer) return <Spinner label="Loading the user" />;
  const viewerIsAdmin = viewer.isAdmin;

  const resetTwoFa = async () => {
    try {
      await showSuccess(await resetTwoFactor(user._id), 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <section>
      <h1>Edit a User</h1>
      {user.pendingEmail && (
        <p className="admin-panel" role="status">
          {user._id === viewer._id ? 'Your' : 'This user’s'} email address will change to <strong>{user.pendingEmail}</strong> once the link we sent there is
          used. Until then it stays {user.email}.
        </p>
      )}
      <UserForm
        key={`${user._id}:${user.email}:${user.pendingEmail ?? ''}`}
        mode="edit"
        viewerIsAdmin={viewerIsAdmin}
        ownAccount={user._id === viewer._id}
        initial={user}
        submitLabel="Save Changes"
        onBack={() => history.back()}
        onSubmit={async (values) => {
          const pendingBefore = user.pendingEmail;
          const updated = await saveUser(user._id, values);
          const newlyPending = updated.pendingEmail && updated.pendingEmail !== pendingBefore;
          await showUpdated(
            'User Updated',
            newlyPending
              ? `The changes have been saved. We have sent a link to ${updated.pendingEmail}: the email address changes once it is used.`
              : 'The changes have been saved.',
          );
          if (viewerIsAdmin) go('/admin/user');
        }}
      />
      {viewerIsAdmin && user._id !== viewer._id && user.twoFactor.isVerified && (
        <section className="admin-panel">
          <h2>Two-factor authentication</h2>
          <p>If this user has lost their phone, reset two-factor authentication. They will set it up again at their next sign-in.</p>
          <button type="button" className="admin-button secondary" onClick={resetTwoFa}>
            Reset two-factor
          </button>
        </section>
      )}
    </section>
  );
}
