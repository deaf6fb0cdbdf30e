import { map } from 'nanostores';
import { apiHref } from '../../api/api-href.ts';
import { messageOf } from '../../api/client.ts';
import { apiClient, unwrap } from '../../api/typed-client.ts';
import type { AuditEntryView } from '../../schemas/audit-log.ts';
import { type Cursors, cursorFor, emptyList, type Outcome, type Paging } from './list-detail.ts';

/** The filters as the form and the address hold them: strings, empty for "any". */
export type AuditFilterValues = { actor?: string; kind?: string; action?: string; address?: string; from?: string; to?: string };

export type AuditLogState = Paging &
  Outcome & { entries: AuditEntryView[]; people: { _id: string; name: string }[]; filter: AuditFilterValues; isLoading: boolean };

export const $auditLog = map<AuditLogState>({
  entries: [],
  people: [],
  filter: {},
  ...emptyList(20),
});

const setValues = (filter: AuditFilterValues) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

/** The query string of the filters, for the screen's own address (the export link takes the same values through the client). */
export function auditQuery(filter: AuditFilterValues): string {
  return new URLSearchParams(setValues(filter)).toString();
}

/** The cursors of the page on screen (see cursorFor); forgotten when the filter changes. */
let cursors: Cursors = {};

export function setAuditFilter(filter: AuditFilterValues): void {
  cursors = {};
  $auditLog.setKey('filter', setValues(filter));
}

/** Loads a page of the log with the current filters; a failure is kept as the outcome. */
export async function loadAuditLog(page = $auditLog.get().page): Promise<void> {
  const state = $auditLog.get();
  $auditLog.setKey('isLoading', true);
  try {
    const cursor = cursorFor(page, state, cursors);
    const query = { ...setValues(state.filter), page: String(page), page_size: String(state.page_size), ...(cursor ? { cursor } : {}) };
    const result = await unwrap(apiClient.audit.$get({ query }));
    cursors = { next_cursor: result.next_cursor, prev_cursor: result.prev_cursor };
    $auditLog.set({
      ...$auditLog.get(),
      entries: result.entries,
      people: result.people,
      page: result.page,
      page_size: result.page_size,
      total_pages: result.total_pages,
      total_items: result.total_items,
      total_is_estimate: result.total_is_estimate,
      isLoading: false,
      ok: true,
      message: result.message,
      errors: [],
    });
  } catch (error) {
    $auditLog.set({ ...$auditLog.get(), isLoading: false, ok: false, message: messageOf(error), errors: [] });
  }
}

/** The CSV export of the log as filtered now (a plain download: the session cookie goes with it). */
export const auditExportHref = () => apiHref(apiClient.audit.export.$path({ query: setValues($auditLog.get().filter) }));
