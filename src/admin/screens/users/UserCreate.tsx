import { useStore } from '@nanostores/react';
import { $login } from '#src/admin/stores/session.ts';
import { users } from '#src/admin/stores/users.ts';
import { go } from '#src/admin/stores/router.ts';
import { toast } from '#src/ui/dialogs.ts';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { UserForm } from './UserForm.tsx';

/** /admin/user/create: 'Create a User', then back to the list with a toast. */
export function UserCreate() {
  const { user } = useStore($login);
  return (
    <section>
      <PageHeader breadcrumb={[{ label: 'All Users', href: '/admin/user' }]} title="Create a User" description="Give a colleague access to the back-office." />
      <UserForm
        mode="create"
        viewerIsAdmin={Boolean(user?.isAdmin)}
        submitLabel="Create user"
        onBack={() => history.back()}
        cancelHref="/admin/user"
        onSubmit={async (values) => {
          toast(await users.create(values), 'Success!');
          go('/admin/user');
        }}
      />
    </section>
  );
}
