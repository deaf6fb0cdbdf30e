import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { auditRecordKinds } from '../../../schemas/audit-log.ts';
import { formatDublinDateTime } from '../../../lib/dublin-time.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import { countLabel } from '../../../ui/pagination.ts';
import { ListTable } from '../../components/ListTable.tsx';
import { $auditLog, auditExportHref, auditQuery, loadAuditLog, setAuditFilter, type AuditFilterValues } from '../../stores/audit-log.ts';

const FILTER_KEYS = ['actor', 'kind', 'action', 'address', 'from', 'to'] as const;
const KIND_LABELS: Record<(typeof auditRecordKinds)[number], string> = {
  user: 'User',
  contact: 'Callback',
  lead: 'Quote or renewal',
  post: 'Post',
  media: 'Image',
  'privacy-request': 'Privacy request',
  mail: 'Mail',
};

function filterFromAddress(search: string): AuditFilterValues {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? '']).filter(([, value]) => value));
}

/** /admin/audit (Administrators): who did what to which record and when, filtered, paged and exported; filters live in the address. */
export function AuditLog() {
  const state = useStore($auditLog);
  const [draft, setDraft] = useState<AuditFilterValues>(() => filterFromAddress(window.location.search));

  useEffect(() => {
    setAuditFilter(filterFromAddress(window.location.search));
    void loadAuditLog(0);
  }, []);

  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    setAuditFilter(draft);
    // The filters go into the address, so the view can be bookmarked, shared and reloaded.
    const query = auditQuery(draft);
    window.history.replaceState(window.history.state, '', query ? `/admin/audit?${query}` : '/admin/audit');
    void loadAuditLog(0);
  };
  const field = (name: keyof AuditFilterValues) => ({
    id: `audit-filter-${name}`,
    value: draft[name] ?? '',
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  return (
    <section>
      <h1>Audit log</h1>
      <form className="admin-filters" onSubmit={apply} aria-label="Filter the audit log">
        <div className="admin-filter">
          <label htmlFor="audit-filter-actor">Person</label>
          <select {...field('actor')}>
            <option value="">Anyone</option>
            {state.people.map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter">
          <label htmlFor="audit-filter-kind">Kind of record</label>
          <select {...field('kind')}>
            <option value="">Any kind</option>
            {auditRecordKinds.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter">
          <label htmlFor="audit-filter-action">Action</label>
          <input type="search" maxLength={100} {...field('action')} />
        </div>
        <div className="admin-filter">
          <label htmlFor="audit-filter-address">Address</label>
          <input type="search" maxLength={64} spellCheck={false} autoComplete="off" {...field('address')} />
        </div>
        <div className="admin-filter">
          <label htmlFor="audit-filter-from">From</label>
          <input type="date" {...field('from')} />
        </div>
        <div className="admin-filter">
          <label htmlFor="audit-filter-to">to</label>
          <input type="date" {...field('to')} />
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button">
            Apply
          </button>
          <a className="admin-button secondary" href={auditExportHref()} download="audit-log.csv">
            Export CSV
          </a>
        </div>
      </form>
      {!state.ok && (
        <p className="admin-error" role="alert">
          {state.message}
        </p>
      )}
      <p className="admin-hint" role="status">
        {state.isLoading ? '' : `${countLabel(state.total_items, state.total_is_estimate)} ${state.total_items === 1 ? 'entry' : 'entries'}`}
      </p>
      <ListTable
        columns={['When', 'Person', 'Action', 'Record', 'Address']}
        isLoading={state.isLoading}
        emptyText="No entries match."
        loadingLabel="Loading the audit log"
        rows={state.entries.map((entry) => (
          <tr key={entry._id}>
            <td>{formatDublinDateTime(entry.createdAt)}</td>
            <td>{entry.actor ? entry.actor.name : 'System'}</td>
            <td>{entry.action}</td>
            <td className="admin-cell-wrap">{entry.target ?? ''}</td>
            <td className="admin-cell-wrap">{entry.address ?? ''}</td>
          </tr>
        ))}
      />
      <Pagination
        page={state.page}
        page_size={state.page_size}
        total_pages={state.total_pages}
        total_is_estimate={state.total_is_estimate}
        onPageChange={(page) => void loadAuditLog(page)}
      />
    </section>
  );
}
