import { map } from 'nanostores';
import { apiHref } from '#src/api/api-href.ts';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { AuditEntryView } from '#src/schemas/audit-log.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

/** The filters as the form and the address hold them: strings, empty for "any". */
export type AuditFilterValues = {
  actor?: string;
  kind?: string;
  activity?: string;
  action?: string;
  address?: string;
  from?: string;
  to?: string;
  sort?: string;
};

export type AuditLogState = Paging &
  Outcome & { entries: AuditEntryView[]; people: { _id: string; name: string }[]; filter: AuditFilterValues; isLoading: boolean };

export const $auditLog = map<AuditLogState>({
  entries: [],
  people: [],
  filter: {},
  ...emptyList(20),
});

const setValues = (filter: AuditFilterValues) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

/** The audit log (Administrators): a read-only list, with the people who appear in it for its filter. */
export const auditLog = createListDetailStore<AuditLogState, AuditEntryView, never, never, AuditFilterValues>({
  store: $auditLog,
  items: keySlot($auditLog, 'entries'),
  loading: keySlot($auditLog, 'isLoading'),
  filter: keySlot($auditLog, 'filter'),
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = { ...setValues(filter), page: String(page), page_size: String(page_size), ...(cursor ? { cursor } : {}) };
      const result = await unwrap(apiClient.audit.$get({ query }));
      return { ...result, items: result.entries, extra: { people: result.people } };
    },
  },
});

/** The CSV export of the log as filtered now (a plain download: the session cookie goes with it). */
export const auditExportHref = () => apiHref(apiClient.audit.export.$path({ query: setValues($auditLog.get().filter) }));
