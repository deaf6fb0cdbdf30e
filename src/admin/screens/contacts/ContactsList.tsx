import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { OptionsMenu } from '../../../ui/OptionsMenu.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { countLabel } from '../../../ui/pagination.ts';
import { contactStatuses } from '../../../schemas/contact-statuses.ts';
import { BulkActions } from '../../components/BulkActions.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { SelectAllBox, SelectRowBox, useSelection } from '../../components/selection.tsx';
import { messageOf } from '../../../api/client.ts';
import { showDeleted, showError, showSuccess } from '../../../ui/dialogs.ts';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { listStateFromAddress, writeListAddress } from '../../list-address.ts';
import { saveFile } from '../../save-file.ts';
import { $contacts, contactFilterKeys, contacts, type ContactBulkAction, type ContactFilter } from '../../stores/contacts.ts';
import { $owners, loadOwners } from '../../stores/owners.ts';
import { go } from '../../stores/router.ts';
import { formatDateTime } from '../../format.ts';

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/**
 * /admin/contacts: 'All Contacts', newest first, with View and Delete on each row; filtered by
 * status, owner and dates, searched, paged (all in the address), exported and changed in bulk.
 */
export function ContactsList() {
  const state = useStore($contacts);
  const owners = useStore($owners);
  const saving = useStore(contacts.$saving);
  const [draft, setDraft] = useState<ContactFilter>(state.filter);
  const [busy, setBusy] = useState(false);
  const selection = useSelection(state.contacts.map((contact) => contact._id));
  const fail = (error: unknown) => void showError(messageOf(error));
  /** Loads a page and puts the list's state in the address. */
  const show = (page: number) =>
    contacts
      .load(page)
      .then(() => writeListAddress($contacts.get().filter, $contacts.get().page))
      .catch(fail);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once on arrival; show is a new function each render
  useEffect(() => {
    // The address holds the list's state (a bookmark, a shared link, a reload, the dashboard's numbers).
    const { filter, page } = listStateFromAddress(window.location.search, contactFilterKeys);
    contacts.setFilter(filter);
    setDraft(filter);
    void show(page);
    loadOwners().catch(fail);
  }, []);

  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    contacts.setFilter(draft);
    void show(0);
  };
  const field = (name: keyof ContactFilter) => ({
    id: `contact-filter-${name}`,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  const remove = (id: string) =>
    deleteAfterConfirming(async () => {
      await showDeleted(await contacts.remove(id));
    });
  const runBulk = async (action: ContactBulkAction) => {
    setBusy(true);
    try {
      const message = await contacts.bulk(action);
      selection.clear();
      if (action.action === 'delete') await showDeleted(message);
      else await showSuccess(message, 'Success!');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <h1>All Contacts</h1>
      <form className="admin-filters" onSubmit={apply} aria-label="Filter callbacks">
        <div className="admin-filter">
          <label htmlFor="contact-filter-status">Status</label>
          <select {...field('status')}>
            <option value="">Any status</option>
            {contactStatuses.map((status) => (
              <option key={status} value={status}>
                {capital(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter">
          <label htmlFor="contact-filter-owner">Owner</label>
          <select {...field('owner')}>
            <option value="">Anyone</option>
            <option value="none">Nobody yet</option>
            {owners.map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter">
          <label htmlFor="contact-filter-from">Received from</label>
          <input type="date" {...field('from')} />
        </div>
        <div className="admin-filter">
          <label htmlFor="contact-filter-to">to</label>
          <input type="date" {...field('to')} />
        </div>
        <div className="admin-filter admin-filter-wide">
          <label htmlFor="contact-filter-q">Name, email, phone or message</label>
          <input type="search" {...field('q')} />
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button">
            Apply
          </button>
          {/* A named download: the router leaves such links to the browser. */}
          <a className="admin-button secondary" href={contacts.exportHref()} download="callbacks.csv">
            Export CSV
          </a>
        </div>
      </form>
      <BulkActions
        count={selection.count}
        noun="callback"
        statuses={contactStatuses}
        owners={owners}
        busy={busy || saving}
        onStatus={(status) => void runBulk({ action: 'status', ids: selection.ids, status: status as (typeof contactStatuses)[number] }).catch(fail)}
        onOwner={(ownerId) => void runBulk({ action: 'owner', ids: selection.ids, ownerId }).catch(fail)}
        onExport={() => void contacts.exportChosen(selection.ids).then(saveFile).catch(fail)}
        onDelete={() => void deleteAfterConfirming(() => runBulk({ action: 'delete', ids: selection.ids }))}
      />
      <p className="admin-hint" role="status">
        {state.isLoading ? '' : `${countLabel(state.total_items, state.total_is_estimate)} ${state.total_items === 1 ? 'callback' : 'callbacks'}`}
      </p>
      <ListTable
        columns={['Name', 'Email', 'Phone', 'Message', 'Created On', 'Status', 'Owner', 'Actions']}
        selectAll={<SelectAllBox selection={selection} />}
        isLoading={state.isLoading}
        emptyText="No Contacts Available ..."
        loadingLabel="Loading contacts"
        rows={state.contacts.map((contact) => (
          <tr key={contact._id}>
            <td>
              <SelectRowBox selection={selection} id={contact._id} name={contact.name} />
            </td>
            <td>
              <a href={`/admin/contacts/view/${contact._id}`}>{contact.name}</a>
            </td>
            <td>{contact.email}</td>
            <td>{contact.phone}</td>
            <td className="admin-cell-clip">{contact.message}</td>
            <td>{formatDateTime(contact.createdAt)}</td>
            <td>
              <span className={`admin-badge admin-badge-${contact.status}`}>{contact.status}</span>
            </td>
            <td>{contact.owner?.name ?? ''}</td>
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
        onPageChange={(page) => void show(page)}
      />
    </section>
  );
}
