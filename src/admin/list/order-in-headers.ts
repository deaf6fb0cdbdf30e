import type { Column, FilterSpec } from './descriptor.ts';

/**
 * Whether the column headers on screen offer every order the list has ('' the default, then each
 * option), so that a desk needs no Order picker beside them: one control per choice, as Directus's
 * and Payload's tables sort by their headers alone. A list with an order no column stands for (the
 * callbacks' "Next step due first", the privacy register's) keeps its picker; so does a list whose
 * sorting column has stepped aside or been hidden.
 */
export function orderInHeaders<Item>(
  order: Extract<FilterSpec, { kind: 'select' }> | undefined,
  columns: readonly Column<Item>[],
  unseen: readonly string[],
): boolean {
  if (!order) return false;
  const sortable = columns
    .filter((column) => column.sort && !unseen.includes(column.key))
    .flatMap((column) => [column.sort!.ascending, column.sort!.descending]);
  return ['', ...order.options.map((option) => option.value)].every((value) => sortable.includes(value));
}
