import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { messageOf } from '../../api/client.ts';
import type { OwnerView } from '../../schemas/pipeline.ts';
import { showError } from '../../ui/dialogs.ts';
import { statusLabel } from '../kit/StatusBadge.tsx';
import { $owners, loadOwners } from '../stores/owners.ts';
import { telHref } from '../../lib/phone.ts';
import type { OptionsMenuItem } from '../../ui/OptionsMenu.tsx';
import { toast } from '../../ui/dialogs.ts';
import { $login } from '../stores/session.ts';
import type { FilterOption, FilterSpec, ListView } from './descriptor.ts';

/**
 * What the pipeline lists (contacts, quotes, renewals) share in their descriptors: the status
 * choices, the owner filter, the received-between dates and the staff who can own a record.
 */

export const statusOptions = (statuses: readonly string[]): FilterOption[] => statuses.map((status) => ({ value: status, label: statusLabel(status) }));

export const statusFilter = (statuses: readonly string[]): FilterSpec => ({
  key: 'status',
  label: 'Status',
  kind: 'select',
  any: 'Any status',
  options: statusOptions(statuses),
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
 * up, and what has just come in.
 */
export function usePipelineViews(): ListView[] {
  const me = useStore($login).user?._id;
  return [
    { label: 'All', filter: {} },
    ...(me ? [{ label: 'Mine', filter: { owner: me } }] : []),
    { label: 'Unassigned', filter: { owner: 'none' } },
    { label: 'New', filter: { status: 'new' } },
  ];
}

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
type OneRowChange = { action: 'owner'; ids: string[]; ownerId: string } | { action: 'status'; ids: string[]; status: 'contacted' };

/**
 * A pipeline row's quick actions, first in its menu, as a CRM's: ring the person, take it on,
 * mark it contacted, without opening it. Each is the bulk action on one row (the list reloads),
 * said in a toast; a refusal in a dialog.
 */
export function quickActions(row: PipelineRow, change: (action: OneRowChange) => Promise<string>): OptionsMenuItem[] {
  const me = $login.get().user?._id;
  const run = (action: OneRowChange) => () =>
    void change(action).then(
      (message) => toast(message, 'Success!'),
      (error: unknown) => void showError(messageOf(error)),
    );
  return [
    ...(row.phone ? [{ label: `Call ${row.phone}`, onSelect: () => window.location.assign(telHref(row.phone)) }] : []),
    ...(me && row.owner?._id !== me ? [{ label: 'Assign to me', onSelect: run({ action: 'owner', ids: [row._id], ownerId: me }) }] : []),
    ...(row.status === 'new' ? [{ label: 'Mark contacted', onSelect: run({ action: 'status', ids: [row._id], status: 'contacted' }) }] : []),
  ];
}
