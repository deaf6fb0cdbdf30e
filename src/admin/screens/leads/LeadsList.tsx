import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../../api/client.ts';
import { formatCalendarDate } from '../../../lib/dublin-time.ts';
import { leadKinds, leadStatuses, quoteKinds } from '../../../schemas/leads/index.ts';
import { showDeleted, showError, showSuccess } from '../../../ui/dialogs.ts';
import { OptionsMenu } from '../../../ui/OptionsMenu.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { countLabel } from '../../../ui/pagination.ts';
import { BulkActions } from '../../components/BulkActions.tsx';
import { ListTable } from '../../components/ListTable.tsx';
import { SelectAllBox, SelectRowBox, useSelection } from '../../components/selection.tsx';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { formatDateTime } from '../../format.ts';
import { listStateFromAddress, writeListAddress } from '../../list-address.ts';
import { saveFile } from '../../save-file.ts';
import { leadFilterKeys, leadsStoreFor, type LeadArea, type LeadBulkAction, type LeadFilter } from '../../stores/leads.ts';
import { $owners, loadOwners } from '../../stores/owners.ts';
import { go } from '../../stores/router.ts';

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** The list's orders as the sort picker names them (the server checks the value). */
const SORTS: Record<LeadArea, { value: string; label: string }[]> = {
  quotes: [
    { value: '', label: 'Newest first' },
    { value: 'oldest', label: 'Oldest first' },
  ],
  renewals: [
    { value: '', label: 'Newest first' },
    { value: 'oldest', label: 'Oldest first' },
    { value: 'renewal-soonest', label: 'Renewal date, soonest first' },
    { value: 'renewal-latest', label: 'Renewal date, latest first' },
  ],
};

/**
 * /admin/quotes and /admin/renewals: the requests, filtered, searched, sorted and paged, all in
 * the address; exported (the list's columns, or every answer); changed in bulk.
 */
export function LeadsList({ area }: { area: LeadArea }) {
  const leads = leadsStoreFor(area);
  const state = useStore(leads.store);
  const rows = useStore(leads.rows);
  const owners = useStore($owners);
  const saving = useStore(leads.$saving);
  const [draft, setDraft] = useState<LeadFilter>(state.filter);
  const [busy, setBusy] = useState(false);
  const selection = useSelection(rows.map((lead) => lead._id));
  const title = area === 'quotes' ? 'Quote Requests' : 'Renewal Requests';
  const fail = (error: unknown) => void showError(messageOf(error));
  /** Loads a page and puts the list's state in the address. */
  const show = (page: number) =>
    leads
      .load(page)
      .then(() => writeListAddress(leads.store.get().filter, leads.store.get().page))
      .catch(fail);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per list store; show is a new function each render and would reload forever
  useEffect(() => {
    // The address holds the list's state (a bookmark, a shared link, a reload, the dashboard's numbers).
    const { filter, page } = listStateFromAddress(window.location.search, leadFilterKeys);
    leads.setFilter(filter);
    setDraft(filter);
    void show(page);
    loadOwners().catch(fail);
  }, [leads]);

  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    leads.setFilter(draft);
    void show(0);
  };
  const field = (name: keyof LeadFilter) => ({
    id: `lead-filter-${name}`,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  const runBulk = async (action: LeadBulkAction) => {
    setBusy(true);
    try {
      const message = await leads.bulk(action);
      selection.clear();
      if (action.action === 'delete') await showDeleted(message);
      else await showSuccess(message, 'Success!');
    } finally {
      setBusy(false);
    }
  };
  const bulk = (action: LeadBulkAction) => runBulk(action).catch(fail);

  return (
    <section>
      <h1>{title}</h1>
      <form className="admin-filters" onSubmit={apply} aria-label={`Filter ${title.toLowerCase()}`}>
        {area === 'quotes' && (
          <div className="admin-filter">
            <label htmlFor="lead-filter-kind">Kind</label>
            <select {...field('kind')}>
              <option value="">All kinds</option>
              {quoteKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {leadKinds[kind].label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="admin-filter">
          <label htmlFor="lead-filter-status">Status</label>
          <select {...field('status')}>
            <option value="">Any status</option>
            {leadStatuses.map((status) => (
              <option key={status} value={status}>
                {capital(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter">
          <label htmlFor="lead-filter-owner">Owner</label>
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
          <label htmlFor="lead-filter-from">Received from</label>
          <input type="date" {...field('from')} />
        </div>
        <div className="admin-filter">
          <label htmlFor="lead-filter-to">to</label>
          <input type="date" {...field('to')} />
        </div>
        <div className="admin-filter admin-filter-wide">
          <label htmlFor="lead-filter-q">Name, reference or registration</label>
          <input type="search" {...field('q')} />
        </div>
        <div className="admin-filter">
          <label htmlFor="lead-filter-sort">Order</label>
          <select {...field('sort')}>
            {SORTS[area].map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button">
            Apply
          </button>
          {/* Named downloads: the router leaves such links to the browser (it would take a bare `download` for a route). */}
          <a className="admin-button secondary" href={leads.exportHref()} download={`${area}.csv`}>
            Export CSV
          </a>
          <a className="admin-button secondary" href={leads.exportAnswersHref()} download={`${area}-answers.csv`}>
            Export every answer
          </a>
        </div>
      </form>
      <BulkActions
        count={selection.count}
        noun="request"
        statuses={leadStatuses}
        owners={owners}
        busy={busy || saving}
        onStatus={(status) => void bulk({ action: 'status', ids: selection.ids, status: status as (typeof leadStatuses)[number] })}
        onOwner={(ownerId) => void bulk({ action: 'owner', ids: selection.ids, ownerId })}
        onExport={() => void leads.exportChosen(selection.ids).then(saveFile).catch(fail)}
        onDelete={() => void deleteAfterConfirming(() => runBulk({ action: 'delete', ids: selection.ids }))}
      />
      <p className="admin-hint" role="status">
        {state.isLoading ? '' : `${countLabel(state.total_items, state.total_is_estimate)} ${state.total_items === 1 ? 'request' : 'requests'}`}
      </p>
      <ListTable
        columns={[
          'Reference',
          ...(area === 'quotes' ? ['Kind'] : []),
          'Name',
          'Registration',
          ...(area === 'renewals' ? ['Renewal date'] : []),
          'Status',
          'Owner',
          'Received',
          'Actions',
        ]}
        selectAll={<SelectAllBox selection={selection} />}
        isLoading={state.isLoading}
        emptyText="No requests match."
        loadingLabel="Loading requests"
        rows={rows.map((lead) => (
          <tr key={lead._id}>
            <td>
              <SelectRowBox selection={selection} id={lead._id} name={lead.reference} />
            </td>
            <td>
              <a href={`/admin/${area}/view/${lead._id}`}>{lead.reference}</a>
            </td>
            {area === 'quotes' && <td>{leadKinds[lead.kind].label}</td>}
            <td>{lead.name}</td>
            <td>{lead.registration}</td>
            {area === 'renewals' && <td>{lead.renewalDate ? formatCalendarDate(lead.renewalDate) : ''}</td>}
            <td>
              <span className={`admin-badge admin-badge-${lead.status}`}>{lead.status}</span>
            </td>
            <td>{lead.owner?.name ?? ''}</td>
            <td>{formatDateTime(lead.createdAt)}</td>
            <td>
              <OptionsMenu label={`Options for ${lead.reference}`} items={[{ label: 'View', onSelect: () => go(`/admin/${area}/view/${lead._id}`) }]} />
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
