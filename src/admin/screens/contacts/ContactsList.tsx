import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { OptionsMenu } from '../../../ui/OptionsMenu.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { messageOf } from '../../../api/client.ts';
import { confirmDelete, showDeleted, showError } from '../../../ui/dialogs.ts';
import { $contacts, deleteContact, loadContacts } from '../../stores/contacts.ts';
import { go } from '../../stores/router.ts';
import { formatDateTime } from '../../format.ts';

/** /admin/contacts: 'All Contacts', newest first, with View and Delete on each row. */
export function ContactsList() {
  const state = useStore($contacts);

  useEffect(() => {
    loadContacts(0).catch((error: unknown) => showError(messageOf(error)));
  }, []);

  const remove = async (id: string) => {
    if (!(await confirmDelete())) return;
    try {
      await showDeleted(await deleteContact(id));
      await loadContacts();
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <section>
      <h1>All Contacts</h1>
      <div className="admin-table-wrap">
        <table className="admin-table" aria-busy={state.isLoading}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col">Message</th>
              <th scope="col">Created On</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {state.isLoading && state.contacts.length === 0 ? (
              <tr>
                <td colSpan={6}>
                  <Spinner label="Loading contacts" />
                </td>
              </tr>
            ) : state.contacts.length === 0 ? (
              <tr>
                <td colSpan={6}>No Contacts Available ...</td>
              </tr>
            ) : (
              state.contacts.map((contact) => (
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
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination page={state.page} page_size={state.page_size} total_pages={state.total_pages} onPageChange={(page) => void loadContacts(page).catch((error: unknown) => showError(messageOf(error)))} />
    </section>
  );
}
