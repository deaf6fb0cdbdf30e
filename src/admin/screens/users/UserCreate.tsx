import { useStore } from '@nanostores/react';
import { $login } from '../../stores/session.ts';
import { users } from '../../stores/users.ts';
import { go } from '../../stores/router.ts';
import { showSuccess } from '../../../ui/dialogs.ts';
import { UserForm } from './UserForm.tsx';

/** /admin/user/create: 'Create a User', then back to the list. */
export function UserCreate() {
  const { user } = useStore($login);
  return (
    <section>
      <h1>Create a User</h1>
      <UserForm
        mode="create"
        viewerIsAdmin={Boolean(user?.isAdmin)}
        submitLabel="Create User"
        onBack={() => history.back()}
        onSubmit={async (values) => {
          await showSuccess(await users.create(values), 'Success!');
          go('/admin/user');
        }}
      />
    </section>
  );
}
