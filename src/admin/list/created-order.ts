import type { Column, FilterSpec } from './descriptor.ts';

/**
 * The order of a list by when its rows came in (the API's `sort=oldest`, newest first
 * otherwise): the picker beside the count, and the date column's header that sorts by it.
 * Callbacks, quotes, users and the audit log share it.
 */
export const CREATED_ORDER = {
  key: 'sort',
  label: 'Order',
  kind: 'select',
  any: 'Newest first',
  options: [{ value: 'oldest', label: 'Oldest first' }],
} satisfies Extract<FilterSpec, { kind: 'select' }>;

export const CREATED_SORT: NonNullable<Column<unknown>['sort']> = { ascending: 'oldest', descending: '', first: 'descending' };
