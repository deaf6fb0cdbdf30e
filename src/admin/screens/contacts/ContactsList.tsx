import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { OptionsMenu } from '../../../ui/OptionsMenu.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { messageOf } from '../../../api/client.ts';
import { showDeleted, showError } from '../../../ui/dialogs.ts';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { $contacts, contacts } from '../../stores/contacts.ts';
import { go } from '../../stores/router.ts';
import { formatDateTime } from '../../format.ts';

/** /admin/contacts: 'All Contacts', newest first, with View and Delete on each row. */
export function ContactsList() {
  const state = useStore($contacts);

  useEffect(() => {
    contacts.load(0).catch((error: unknown) => showError(messageOf(error)));
  }, []);

  const remove = (id: string) =>
    deleteAfterConfirming(async () => {
      await showDeleted(await contacts.remove(id));
    });

  return (
    <section>
      <h1>All Contacts</h1>
      <ListTable
        columns={['Name', 'Email', 'Phone', 'Message', 'Created On', 'Actions']}
        isLoading={state.isLoading}
        emptyText="No Contacts Available ..."
        loadingLabel="Loading contacts"
        rows={state.contacts.map((contact) => (
          <tr key={contact._id}>
            <td>{contact.name}</td>
            <td>{contact.email}</td>
            <td>{contact.phone}</td>
            <td className="admin-cell-clip">{contact.message}</td>
            <td>{formatDateTime(contact.createdAt)}</td>
            <td>
              <OptionsMenu
                label={`Options for ${contact.name}`}
                items={[
                  { label: 'View', onSelect: () => go(`/admin/contacts/view/${contact._id}`) },
                  { label: 'Delete', onSelect: () => void remove(contact._id) },
                ]}
              />
            </td>
          </tr>
        ))}
      />
      <Pagination
        page={state.page}
        page_size={state.page_size}
        total_pages={state.total_pages}
        total_is_estimate={state.total_is_estimate}
        onPageChange={(page) => void contacts.load(page).catch((error: unknown) => showError(messageOf(error)))}
      />
    </section>
  );
}
