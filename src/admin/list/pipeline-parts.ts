import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '#src/api/client.ts';
import { DUE_SORT, VIEW_COUNT_CAP, type OwnerView, type ViewCounts } from '#src/schemas/pipeline.ts';
import { nextStepDueFilters } from '#src/schemas/follow-up.ts';
import { showError } from '#src/ui/dialogs.ts';
import { statusLabel } from '../kit/StatusBadge.tsx';
import { $owners, loadOwners } from '../stores/owners.ts';
import { telHref } from '#src/lib/phone.ts';
import type { OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';
import { toast } from '#src/ui/dialogs.ts';
import { $login } from '../stores/session.ts';
import type { FilterOption, FilterSpec, ListView } from './descriptor.ts';

/**
 * What the pipeline lists (contacts, quotes, renewals) share in their descriptors: the status
 * choices, the owner filter, the received-between dates and the staff who can own a record.
 */

/** The statuses as choices, each named as the list's badges name it (`label`: a renewal's 'Renewed' for won). */
export const statusOptions = (statuses: readonly string[], label: (status: string) => string = statusLabel): FilterOption[] =>
  statuses.map((status) => ({ value: status, label: label(status) }));

export const statusFilter = (statuses: readonly string[], label?: (status: string) => string): FilterSpec => ({
  key: 'status',
  label: 'Status',
  kind: 'select',
  any: 'Any status',
  options: statusOptions(statuses, label),
});

export const ownerFilter = (owners: readonly OwnerView[]): FilterSpec => ({
  key: 'owner',
  label: 'Owner',
  kind: 'select',
  any: 'Anyone',
  options: [{ value: 'none', label: 'Unassigned' }, ...owners.map((person) => ({ value: person._id, label: person.name }))],
});

/**
 * The pipeline lists' views: everything, what the signed-in person owns, what nobody has picked
 * up, what has just come in, and what is overdue, the most overdue first; each but All with how
 * many it holds, as the list's last page told (`counts`; All's is the list's own count).
 */
export function usePipelineViews(counts: ViewCounts | null): ListView[] {
  const me = useStore($login).user?._id;
  const counted = (count: number | undefined) => (count === undefined ? {} : { count, countCap: VIEW_COUNT_CAP });
  return [
    { label: 'All', filter: {} },
    ...(me ? [{ label: 'Mine', filter: { owner: me }, ...counted(counts?.mine) }] : []),
    { label: 'Unassigned', filter: { owner: 'none' }, ...counted(counts?.unassigned) },
    { label: 'New', filter: { status: 'new' }, ...counted(counts?.new) },
    { label: 'Overdue', filter: { due: OVERDUE }, order: DUE_SORT, tone: 'danger', ...counted(counts?.overdue) },
  ];
}

/** The order by next step, offered beside the others: in the Overdue view, the most overdue first. */
export const dueOrderOption: FilterOption = { value: DUE_SORT, label: 'Next step due first' };

/** The next-step filter's one choice (the API's `due=overdue`). */
/** The pipeline lists' Owner column: room for a full name on a wide list, cut on a narrow one. */
export const OWNER_COLUMN_WIDTH = 'clamp(6.5rem, 15cqi, 11rem)';

const [OVERDUE] = nextStepDueFilters;

/** Records whose next step was due before today. */
export const nextStepFilter: FilterSpec = {
  key: 'due',
  label: 'Next step',
  kind: 'select',
  any: 'Any next step',
  options: [{ value: OVERDUE, label: 'Overdue' }],
};

/** Received between two Dublin days (either may be left open). */
export const receivedFilter: FilterSpec = { key: 'received', label: 'Received', kind: 'dateRange', from: 'from', to: 'to' };

/** The staff a record can be assigned to, loaded once per visit. */
export function useOwners(): OwnerView[] {
  const owners = useStore($owners);
  useEffect(() => {
    loadOwners().catch((error: unknown) => void showError(messageOf(error)));
  }, []);
  return owners;
}

type PipelineRow = { _id: string; status: string; phone: string; owner: OwnerView | null };
type OneRowChange = { action: 'owner'; ids: string[]; ownerId: string } | { action: 'status'; ids: string[]; status: string };

/**
 * The status a row's menu moves it on to, as a broker works a record: a callback from new to
 * contacted to closed; a quote or renewal from new to contacted, quoted and won. Lost, and a
 * finished record, have none (a loss takes its reason on the record's own page).
 */
const NEXT_STATUS: Record<'contact' | 'lead', Partial<Record<string, string>>> = {
  contact: { new: 'contacted', contacted: 'closed' },
  lead: { new: 'contacted', contacted: 'quoted', quoted: 'won' },
};

/**
 * A pipeline row's quick actions, first in its menu and in the same order in the three lists,
 * as a CRM's: ring the person, take it on, move it to its next status (`label` names the status
 * as the list does: a renewal's won is 'Renewed'), without opening it. Each is the bulk action on
 * one row (the list reloads), said in a toast; a refusal in a dialog.
 */
export function quickActions(
  row: PipelineRow,
  record: 'contact' | 'lead',
  change: (action: OneRowChange) => Promise<string>,
  label: (status: string) => string = statusLabel,
): OptionsMenuItem[] {
  const me = $login.get().user?._id;
  const run = (action: OneRowChange) => () =>
    void change(action).then(
      (message) => toast(message, 'Success!'),
      (error: unknown) => void showError(messageOf(error)),
    );
  const next = NEXT_STATUS[record][row.status];
  return [
    ...(row.phone ? [{ label: `Call ${row.phone}`, onSelect: () => window.location.assign(telHref(row.phone)) }] : []),
    ...(me && row.owner?._id !== me ? [{ label: 'Assign to me', onSelect: run({ action: 'owner', ids: [row._id], ownerId: me }) }] : []),
    ...(next ? [{ label: `Mark ${label(next).toLowerCase()}`, onSelect: run({ action: 'status', ids: [row._id], status: next }) }] : []),
  ];
}
