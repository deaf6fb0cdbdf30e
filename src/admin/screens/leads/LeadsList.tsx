import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../../api/client.ts';
import { leadKinds, leadStatuses, quoteKinds } from '../../../schemas/leads/index.ts';
import { showError } from '../../../ui/dialogs.ts';
import { OptionsMenu } from '../../../ui/OptionsMenu.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { countLabel } from '../../../ui/pagination.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { formatDateTime } from '../../format.ts';
import { leadsStoreFor, type LeadArea, type LeadFilter } from '../../stores/leads.ts';
import { go } from '../../stores/router.ts';
import { leadFilterFromAddress } from './lead-filter-address.ts';

const capital = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** /admin/quotes and /admin/renewals: the requests, newest first, filtered, searched, paged and exported. */
export function LeadsList({ area }: { area: LeadArea }) {
  const leads = leadsStoreFor(area);
  const state = useStore(leads.store);
  const rows = useStore(leads.rows);
  const [draft, setDraft] = useState<LeadFilter>(state.filter);
  const title = area === 'quotes' ? 'Quote Requests' : 'Renewal Requests';
  const fail = (error: unknown) => void showError(messageOf(error));

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per list store; fail is a new function each render and would reload forever
  useEffect(() => {
    // A link with filters in its address (the dashboard's numbers) opens the list filtered.
    const fromAddress = leadFilterFromAddress(window.location.search);
    if (fromAddress) {
      leads.setFilter(fromAddress);
      setDraft(fromAddress);
    }
    leads.load(0).catch(fail);
  }, [leads]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    leads.setFilter(draft);
    leads.load(0).catch(fail);
  };
  const field = (name: keyof LeadFilter) => ({
    id: `lead-filter-${name}`,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

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
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button">
            Apply
          </button>
          {/* A named download: the router leaves such links to the browser (it would take a bare `download` for a route). */}
          <a className="admin-button secondary" href={leads.exportHref()} download={`${area}.csv`}>
            Export CSV
          </a>
        </div>
      </form>
      <p className="admin-hint" role="status">
        {state.isLoading ? '' : `${countLabel(state.total_items, state.total_is_estimate)} ${state.total_items === 1 ? 'request' : 'requests'}`}
      </p>
      <ListTable
        columns={['Reference', ...(area === 'quotes' ? ['Kind'] : []), 'Name', 'Registration', 'Status', 'Received', 'Actions']}
        isLoading={state.isLoading}
        emptyText="No requests match."
        loadingLabel="Loading requests"
        rows={rows.map((lead) => (
          <tr key={lead._id}>
            <td>
              <a href={`/admin/${area}/view/${lead._id}`}>{lead.reference}</a>
            </td>
            {area === 'quotes' && <td>{leadKinds[lead.kind].label}</td>}
            <td>{lead.name}</td>
            <td>{lead.registration}</td>
            <td>
              <span className={`admin-badge admin-badge-${lead.status}`}>{lead.status}</span>
            </td>
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
        onPageChange={(page) => void leads.load(page).catch(fail)}
      />
    </section>
  );
}
