import { Columns3 } from 'lucide-static';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import { Icon } from '../kit/Icon.tsx';
import type { Column } from './descriptor.ts';

type Props<Item> = {
  /** The columns that may be hidden (choosableColumns). */
  columns: readonly Column<Item>[];
  hidden: readonly string[];
  /** The columns the list's width has stepped aside now (their priority), whatever the choice. */
  narrowed?: readonly string[];
  /** Of those, the ones whose words show under each row's name meanwhile (the descriptor's secondaryColumns). */
  underName?: readonly string[];
  onToggle(key: string): void;
};

/**
 * The list toolbar's Columns menu: a checkbox per column that may be hidden, ticked while it is
 * on screen. A column the window is too narrow for is unticked and says so ("hidden at this
 * width") and cannot be chosen, so the menu never claims what the table does not show. On a wide screen only (kit.css): a phone's cards show every column.
 */
export function ColumnChooser<Item>({ columns, hidden, narrowed = [], underName = [], onToggle }: Props<Item>) {
  if (columns.length === 0) return null;
  return (
    <OptionsMenu
      className="bo-column-chooser"
      label="Columns"
      buttonClassName="bo-button bo-button-quiet"
      button={
        <>
          <Icon svg={Columns3} size={16} />
          Columns
        </>
      }
      items={columns.map((column) =>
        narrowed.includes(column.key)
          ? {
              label: `${column.label} — ${underName.includes(column.key) ? 'shown under the name' : 'hidden at this width'}`,
              checked: false,
              disabled: true,
              onSelect: () => undefined,
            }
          : { label: column.label, checked: !hidden.includes(column.key), onSelect: () => onToggle(column.key) },
      )}
    />
  );
}
