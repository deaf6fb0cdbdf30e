import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { OptionsMenu } from '../../../ui/OptionsMenu.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { messageOf } from '../../../api/client.ts';
import { showError, showSuccess } from '../../../ui/dialogs.ts';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { $users, users } from '../../stores/users.ts';
import { go } from '../../stores/router.ts';
import { formatDateTime } from '../../format.ts';

/** /admin/user: 'All Users' with Create, a paged table and a row menu (Edit, Delete). */
export function UsersList() {
  const state = useStore($users);

  useEffect(() => {
    users.load(0).catch((error: unknown) => showError(messageOf(error)));
  }, []);

  const remove = (id: string) =>
    deleteAfterConfirming(async () => {
      await users.remove(id);
      await showSuccess('The user has been deleted.', 'Success!');
    });

  return (
    <section>
      <div className="admin-title-row">
        <h1>All Users</h1>
        <a className="admin-button" href="/admin/user/create">
          Create
        </a>
      </div>
      <ListTable
        columns={['Name', 'Email', 'Role', 'Created On', 'Actions']}
        isLoading={state.isLoading}
        emptyText="No Users Available ..."
        loadingLabel="Loading users"
        rows={state.users.map((user) => {
          const name = `${user.first_name} ${user.last_name}`;
          return (
            <tr key={user._id}>
              <td>{name}</td>
              <td>{user.email}</td>
              <td>{user.isAdmin ? 'Administrator' : 'Standard'}</td>
              <td>{formatDateTime(user.createdAt)}</td>
              <td>
                <OptionsMenu
                  label={`Options for ${name}`}
                  items={[
                    { label: 'Edit', onSelect: () => go(`/admin/user/edit/${user._id}`) },
                    { label: 'Delete', onSelect: () => void remove(user._id) },
                  ]}
                />
              </td>
            </tr>
          );
        })}
      />
      <Pagination
        page={state.page}
        page_size={state.page_size}
        total_pages={state.total_pages}
        total_is_estimate={state.total_is_estimate}
        onPageChange={(page) => void users.load(page).catch((error: unknown) => showError(messageOf(error)))}
      />
    </section>
  );
}
