import { Columns3 } from 'lucide-static';
import { OptionsMenu } from '../../ui/OptionsMenu.tsx';
import { Icon } from '../kit/Icon.tsx';
import type { Column } from './descriptor.ts';

type Props<Item> = {
  /** The columns that may be hidden (choosableColumns). */
  columns: readonly Column<Item>[];
  hidden: readonly string[];
  onToggle(key: string): void;
};

/**
 * The list toolbar's Columns menu: a checkbox per column that may be hidden, shown ticked. On a
 * wide screen only (kit.css): a phone's cards show every column.
 */
export function ColumnChooser<Item>({ columns, hidden, onToggle }: Props<Item>) {
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
      items={columns.map((column) => ({ label: column.label, checked: !hidden.includes(column.key), onSelect: () => onToggle(column.key) }))}
    />
  );
}
