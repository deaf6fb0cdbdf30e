import type { OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';
import { deleteRecord } from '../delete-flow.ts';
import { go } from '../stores/router.ts';
import type { ListDescriptor } from './descriptor.ts';

/**
 * A row's menu, the one pattern of every list: the way to the record first ('View', or the
 * descriptor's `openLabel`; the row's name is the same link), then the row's own actions, then
 * Delete last, in the danger colour, through 'Are you sure?' to a 'Deleted!' toast. Undefined
 * when the list offers nothing on any row.
 */
export function rowMenuOf<Item>(descriptor: ListDescriptor<Item>): ((item: Item) => OptionsMenuItem[]) | undefined {
  const { rowHref, rowActions, remove, openLabel = 'View' } = descriptor;
  if (!rowHref && !rowActions && !remove) return undefined;
  return (item) => {
    const href = rowHref?.(item);
    return [
      ...(href ? [{ label: openLabel, onSelect: () => go(href) }] : []),
      ...(rowActions?.(item) ?? []),
      ...(remove && (remove.allowed?.(item) ?? true)
        ? [{ label: 'Delete', tone: 'danger' as const, onSelect: () => void deleteRecord(() => remove.run(item), remove.detail) }]
        : []),
    ];
  };
}
