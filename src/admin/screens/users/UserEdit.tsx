import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Spinner } from '#src/ui/Spinner.tsx';
import { messageOf } from '#src/api/client.ts';
import { confirmChoice, showError, toast } from '#src/ui/dialogs.ts';
import { Fields } from '#src/admin/kit/Fields.tsx';
import { FormSection } from '#src/admin/kit/FormSection.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { $login } from '#src/admin/stores/session.ts';
import { $users, resetTwoFactor, saveUser, setSuspended, users } from '#src/admin/stores/users.ts';
import { go } from '#src/admin/stores/router.ts';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { deleteRecord } from '#src/admin/delete-flow.ts';
import { USER_DELETE_DETAIL } from './user-delete.ts';
import { SignedInDevices } from './SignedInDevices.tsx';
import { UserForm } from './UserForm.tsx';
import './user-edit.css';

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
  const own = user._id === viewer._id;

  const suspendOrReactivate = async () => {
    const suspend = !user.suspendedAt;
    if (
      suspend &&
      !(await confirmChoice(
        'Suspend this account?',
        `${user.first_name} ${user.last_name} will be signed out everywhere and cannot sign in until reactivated. What they own stays theirs.`,
        'Suspend account',
      ))
    )
      return;
    try {
      toast(await setSuspended(user._id, suspend), 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  const remove = async () => {
    if (await deleteRecord(() => users.remove(user._id), USER_DELETE_DETAIL)) go('/admin/user');
  };

  const resetTwoFa = async () => {
    try {
      toast(await resetTwoFactor(user._id), 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <section>
      <PageHeader
        breadcrumb={viewerIsAdmin ? [{ label: 'All Users', href: '/admin/user' }] : undefined}
        title="Edit a User"
        description={own ? 'Your own account.' : `${user.first_name} ${user.last_name}`}
        // As on every record, Delete is the last of More actions, after Suspend (Ghost keeps a colleague's both there).
        // Neither is offered on one's own account, nor to anyone but an Administrator.
        actions={
          viewerIsAdmin &&
          !own && (
            <RecordMenu
              items={user.suspendedAt ? [] : [{ label: 'Suspend account', onSelect: () => void suspendOrReactivate() }]}
              onDelete={() => void remove()}
            />
          )
        }
      />
      {user.suspendedAt && (
        <p className="bo-alert bo-alert-warning" role="status" style={{ marginBottom: '1rem', maxWidth: '60rem' }}>
          <span>
            Suspended since {formatDateTime(user.suspendedAt)}: this account cannot sign in, and no new callbacks, quotes or renewals can be given to it.
          </span>
          {viewerIsAdmin && !own && (
            <button type="button" className="bo-button bo-button-primary user-reactivate" onClick={suspendOrReactivate}>
              Reactivate account
            </button>
          )}
        </p>
      )}
      {user.pendingEmail && (
        <p className="bo-alert bo-alert-info" role="status" style={{ marginBottom: '1rem', maxWidth: '60rem' }}>
          <span>
            {own ? 'Your' : 'This user’s'} email address will change to <strong>{user.pendingEmail}</strong> once the link we sent there is used. Until then it
            stays {user.email}.
          </span>
        </p>
      )}
      {/* What an administrator checks before anything else about an account: is it protected, is it used. */}
      <div className="bo-form" style={{ marginBottom: '1rem' }}>
        <FormSection
          title="Sign-in and security"
          description={
            viewerIsAdmin && !own
              ? 'A lost phone: reset two-factor, and they set it up at their next sign-in. Signed in somewhere they should not be: sign them out there.'
              : 'Two-factor sign-in asks for a code from an authenticator app after the password. Signed in somewhere you should not be? Sign out there from here.'
          }
        >
          <Fields
            rows={[
              {
                label: 'Two-factor',
                value: <StatusBadge status={user.twoFactor.isVerified ? 'on' : 'not set up'} label={user.twoFactor.isVerified ? 'On' : 'Not set up'} />,
              },
              { label: 'Last sign-in', value: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never' },
              { label: 'Account created', value: formatDateTime(user.createdAt) },
            ]}
          />
          <SignedInDevices
            userId={user._id}
            own={own}
            actions={
              viewerIsAdmin &&
              !own &&
              user.twoFactor.isVerified &&
              !user.suspendedAt && (
                <button type="button" className="bo-button" onClick={resetTwoFa}>
                  Reset two-factor
                </button>
              )
            }
          />
        </FormSection>
      </div>
      <UserForm
        key={`${user._id}:${user.email}:${user.pendingEmail ?? ''}`}
        mode="edit"
        viewerIsAdmin={viewerIsAdmin}
        ownAccount={own}
        initial={user}
        submitLabel="Save changes"
        onBack={() => history.back()}
        cancelHref="/admin/user"
        onSubmit={async (values) => {
          const pendingBefore = user.pendingEmail;
          const updated = await saveUser(user._id, values);
          const newlyPending = updated.pendingEmail && updated.pendingEmail !== pendingBefore;
          toast(
            newlyPending
              ? `The changes have been saved. We have sent a link to ${updated.pendingEmail}: the email address changes once it is used.`
              : 'The changes have been saved.',
            'User Updated',
          );
          if (viewerIsAdmin) go('/admin/user');
        }}
      />
    </section>
  );
}
