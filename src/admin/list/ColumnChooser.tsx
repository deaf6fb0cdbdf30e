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
 * shown. Unticked, a column is gone from the whole row: the table, the line under the name and a
 * phone's card. A column the width has stepped aside whose words go under the name meanwhile
 * says so and can still be hidden there; one stepped aside for good is unticked, says "hidden at
 * this width" and cannot be chosen, so the menu never claims what the table does not show.
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
      items={columns.map((column) => {
        const choose = { checked: !hidden.includes(column.key), onSelect: () => onToggle(column.key) };
        if (!narrowed.includes(column.key)) return { label: column.label, ...choose };
        if (underName.includes(column.key)) return { label: `${column.label} — under the name at this width`, ...choose };
        return { label: `${column.label} — hidden at this width`, checked: false, disabled: true, onSelect: () => undefined };
      })}
    />
  );
}
