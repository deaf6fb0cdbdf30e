import { type CSSProperties, type MouseEvent, type ReactNode, useId } from 'react';
import { OptionsMenu, type OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';
import { go } from '../stores/router.ts';
import type { Column, ListDescriptor } from './descriptor.ts';
import { rowMenuOf } from './row-menu.ts';
import { SelectAllBox, SelectRowBox, type Selection } from './selection.tsx';
import { tableMinWidth, useSideScroll } from './side-scroll.ts';

type Props<Item> = {
  descriptor: ListDescriptor<Item>;
  items: readonly Item[];
  /** Row boxes for the bulk actions. */
  selection?: Selection;
  /** The columns hidden by the Columns menu: left out of the table, the line under the name and the cards. */
  hidden?: readonly string[];
  /** The columns the list's width steps aside now (their priority): left out of the table's least width. */
  narrowed?: readonly string[];
  /** Of the descriptor's `secondaryColumns`, those whose words go under each row's name now (stepped aside, not hidden). */
  underName?: readonly string[];
  /** Dates on one line (DateTimeCell): the list is wide enough for them without stepping a column aside. */
  wideDates?: boolean;
  /** Shown in place of the rows (loading, empty, failed), across the whole table. */
  message?: ReactNode;
  busy: boolean;
  /** The list's order now and how to change it, for the columns that sort. */
  order?: { value: string; onChange(value: string): void };
  /**
   * The rows in named groups (the pages by kind): one table, one header, each group a row group
   * headed by its name and count, rather than a table and a header per group. `items` still
   * holds every row.
   */
  groups?: readonly { label: string; items: readonly Item[] }[];
};

/** Which way a column sorts the list now, if it does. */
function directionOf<Item>(column: Column<Item>, order: string | undefined): 'ascending' | 'descending' | undefined {
  if (!column.sort || order === undefined) return undefined;
  if (order === column.sort.ascending) return 'ascending';
  if (order === column.sort.descending) return 'descending';
  return undefined;
}

/**
 * A row's actions: always its menu, even with one action in it (an API token's Revoke), so every
 * row of every list looks and works alike (row-menu.ts). A row with nothing to do keeps a menu's
 * room, so every row of the table stands as tall.
 */
function RowActions({ name, items }: { name: string; items: OptionsMenuItem[] }) {
  if (items.length === 0) return <span className="bo-row-action-none" />;
  return <OptionsMenu label={`Options for ${name}`} items={items} />;
}

/** A column's words as plain text on one line, for the line under a row's name. */
function wordsOf<Item>(column: Column<Item>, item: Item): string {
  if (column.empty?.(item)) return '';
  const cell = column.text ? column.text(item) : column.cell(item);
  return typeof cell === 'string' || typeof cell === 'number' ? String(cell).replace(/\s+/g, ' ').trim() : '';
}

/**
 * The lines under a row's name while its `secondaryColumns` are stepped aside: one per entry,
 * several columns' words joined by a dot. Only the columns in `shown`, so a column hidden with
 * the Columns menu is gone from here too.
 */
function underNameLines<Item>(descriptor: ListDescriptor<Item>, item: Item, shown: readonly string[]): string[] {
  if (shown.length === 0) return [];
  return (descriptor.secondaryColumns ?? [])
    .map((entry) =>
      (typeof entry === 'string' ? [entry] : entry)
        .filter((key) => shown.includes(key))
        .map((key) => descriptor.columns.find((column) => column.key === key))
        .map((column) => (column ? wordsOf(column, item) : ''))
        .filter(Boolean)
        .join(' · '),
    )
    .filter(Boolean);
}

/** Clicks on these inside a row do their own thing; anywhere else on the row opens it. */
const OWN_CLICK = 'a, button, input, select, textarea, label, [role="menu"]';

function cellClass<Item>(column: Column<Item>, primary: boolean): string | undefined {
  const classes = [primary && 'bo-cell-primary', column.nowrap && 'bo-nowrap', column.align === 'end' && 'bo-cell-end'].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}

/**
 * The list's table: one header and one cell per column of the descriptor, a box column when
 * rows can be chosen and a menu column when they have actions. Every value cell carries its
 * column's label (`data-label`), which a phone shows beside the value when the rows become
 * cards (kit.css): header and label come from the same column, so they cannot disagree.
 */
/** A cell's words for its title (the whole of a cut line on hover), when they are plain text. */
const textOf = (node: ReactNode): string | undefined => (typeof node === 'string' ? node : undefined);

export function DataTable<Item>({
  descriptor,
  items,
  selection,
  hidden = [],
  narrowed = [],
  underName = [],
  wideDates,
  message,
  busy,
  order,
  groups,
}: Props<Item>) {
  const groupId = useId();
  const { columns, primary, rowHref } = descriptor;
  // An Actions column only while some row on the page has an action: the webhook log offers
  // Retry now on failed deliveries alone, and a column of empty cells reads as unfinished.
  const actionsOf = rowMenuOf(descriptor);
  const rowActions = actionsOf && items.some((item) => actionsOf(item).length > 0) ? actionsOf : undefined;
  const shown = columns.filter((column) => !hidden.includes(column.key) && !narrowed.includes(column.key));
  const scroll = useSideScroll();
  // The least width at which no column is squeezed: a narrower box scrolls the table inside it, its name column fixed (side-scroll.ts).
  const tableStyle = { '--bo-table-min': tableMinWidth(shown, primary, Boolean(selection), Boolean(rowActions)) } as CSSProperties;
  const spans = columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0);
  const hides = (column: Column<Item>) => hidden.includes(column.key) || undefined;
  // Stepped aside to fit the box (ListScreen's fitColumns), beyond the fixed steps kit.css takes itself.
  const steps = (column: Column<Item>) => narrowed.includes(column.key) || undefined;

  const open = (event: MouseEvent<HTMLTableRowElement>, href: string | undefined) => {
    if (!href || !(event.target instanceof Element) || event.target.closest(OWN_CLICK)) return;
    // Selecting text in a row is not a click on it.
    if (window.getSelection()?.toString()) return;
    go(href);
  };

  // One row of the table: its box, a cell per column (the name a link), and its actions.
  const row = (item: Item) => {
    const id = descriptor.rowId(item);
    const name = descriptor.rowName(item);
    const href = rowHref?.(item);
    return (
      <tr key={id} data-href={href} data-selected={selection?.has(id) || undefined} onClick={(event) => open(event, href)}>
        {selection && (
          <td className="bo-cell-check">
            <SelectRowBox selection={selection} id={id} name={name} />
          </td>
        )}
        {columns.map((column) => {
          const isPrimary = column.key === primary;
          let content = column.cell(item);
          if (column.truncate)
            content = (
              <span className={column.truncate === 2 ? 'bo-truncate bo-truncate-2' : 'bo-truncate'} title={column.text?.(item)}>
                {content}
              </span>
            );
          if (isPrimary) {
            const secondary = descriptor.secondary?.(item);
            // What the columns stepped aside said, each on a line of its own, cut with an ellipsis (the whole in its title).
            const lines = underNameLines(descriptor, item, underName);
            content = (
              <>
                {href ? <a href={href}>{content}</a> : content}
                {secondary && (
                  <span className="bo-cell-secondary" title={textOf(secondary)}>
                    {secondary}
                  </span>
                )}
                {lines.map((line) => (
                  <span key={line} className="bo-cell-secondary bo-cell-under" title={line}>
                    {line}
                  </span>
                ))}
              </>
            );
          }
          return (
            <td
              key={column.key}
              data-label={isPrimary ? undefined : column.label}
              data-card={isPrimary ? undefined : column.card}
              data-priority={column.priority}
              data-hidden={hides(column)}
              data-narrowed={steps(column)}
              data-empty={(!isPrimary && column.empty?.(item)) || undefined}
              className={cellClass(column, isPrimary)}
            >
              {content}
            </td>
          );
        })}
        {rowActions && (
          <td className="bo-cell-actions">
            <RowActions name={name} items={rowActions(item)} />
          </td>
        )}
      </tr>
    );
  };

  return (
    <div className="bo-table-card">
      <div
        className="bo-table-scroll"
        ref={scroll.box}
        data-scrolls={scroll.scrolls || undefined}
        data-scrolled={scroll.scrolled || undefined}
        data-wide-dates={wideDates || undefined}
      >
        <table className="bo-table" aria-busy={busy} style={tableStyle} data-checks={selection ? true : undefined}>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="bo-cell-check">
                  <SelectAllBox selection={selection} />
                </th>
              )}
              {columns.map((column) => {
                const direction = directionOf(column, order?.value);
                const sort = column.sort;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    data-priority={column.priority}
                    data-hidden={hides(column)}
                    data-narrowed={steps(column)}
                    aria-sort={sort && order ? (direction ?? 'none') : undefined}
                    className={
                      [column.align === 'end' && 'bo-cell-end', column.key === primary && 'bo-head-primary', column.labelWraps && 'bo-head-wraps']
                        .filter(Boolean)
                        .join(' ') || undefined
                    }
                    style={column.width ? { width: column.width } : undefined}
                  >
                    {sort && order ? (
                      <>
                        {/* Cards have no header row to sort from (the Order picker does it): the name alone, for a screen reader. */}
                        <span className="bo-sort-name">{column.label}</span>
                        <button
                          type="button"
                          className="bo-sort"
                          data-direction={direction}
                          onClick={() => {
                            const next = direction ? (direction === 'ascending' ? 'descending' : 'ascending') : sort.first;
                            order.onChange(sort[next]);
                          }}
                        >
                          {column.label}
                          <span className="bo-sort-arrow" aria-hidden="true" />
                        </button>
                      </>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
              {rowActions && (
                <th scope="col" className="bo-cell-actions">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          {message ? (
            <tbody>
              <tr>
                <td className="bo-table-message" colSpan={spans}>
                  {message}
                </td>
              </tr>
            </tbody>
          ) : groups ? (
            groups.map((group, index) => (
              <tbody key={group.label} aria-labelledby={`${groupId}-${index}`}>
                <tr className="bo-group-row">
                  <th scope="rowgroup" colSpan={spans}>
                    <span id={`${groupId}-${index}`}>{group.label}</span> <span className="bo-list-group-count">{group.items.length}</span>
                  </th>
                </tr>
                {group.items.map(row)}
              </tbody>
            ))
          ) : (
            <tbody>{items.map(row)}</tbody>
          )}
        </table>
      </div>
    </div>
  );
}
