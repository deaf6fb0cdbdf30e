import { type RefObject, useEffect, useState } from 'react';
import type { Column } from './descriptor.ts';

/**
 * The columns a person has hidden on a list (the Columns menu), kept in the browser per list,
 * as Directus and Payload keep a collection's layout: hidden everywhere in the row, a phone's
 * card too. Only columns that already step aside on a narrower screen (a priority) can be
 * hidden: the row's name, its status and its actions stay.
 */

const storageKey = (list: string) => `bo-list-hidden-columns:${list}`;

/** The columns the Columns menu offers: those that step aside on a narrow screen anyway, never the row's name. */
export const choosableColumns = <Item>(columns: readonly Column<Item>[], primary: string): Column<Item>[] =>
  columns.filter((column) => column.priority !== undefined && column.key !== primary);

/** The hidden columns kept for `list`, only those still choosable (a column renamed or made essential since is shown). */
export function readHiddenColumns(list: string, choosable: readonly string[]): string[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(list)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string' && choosable.includes(key)) : [];
  } catch {
    // Storage refused or spoilt: every column shows.
    return [];
  }
}

export function writeHiddenColumns(list: string, hidden: readonly string[]): void {
  try {
    if (hidden.length) window.localStorage.setItem(storageKey(list), JSON.stringify(hidden));
    else window.localStorage.removeItem(storageKey(list));
  } catch {
    // Storage refused (private mode): the choice lasts while the list is on screen.
  }
}

/** The hidden columns of `list` and a toggle for one, kept as it changes; read again when the screen shows another list. */
export function useHiddenColumns(list: string, choosable: readonly string[]): { hidden: readonly string[]; toggle(key: string): void } {
  const [kept, setKept] = useState<{ list: string; hidden: readonly string[] }>(() => ({ list, hidden: readHiddenColumns(list, choosable) }));
  const hidden = kept.list === list ? kept.hidden : readHiddenColumns(list, choosable);
  const toggle = (key: string) => {
    const next = hidden.includes(key) ? hidden.filter((other) => other !== key) : [...hidden, key];
    setKept({ list, hidden: next });
    writeHiddenColumns(list, next);
  };
  return { hidden, toggle };
}

/** The width of list below which its rows are cards (kit.css's tables.css). */
export const CARDS_BELOW = 640;

/** The widths of list below which each priority steps aside (kit.css's container queries). */
export const PRIORITY_WIDTHS = { 4: 1400, 3: 960, 2: 800 } as const;

/** The columns a list `width` px wide steps aside by their priority (none before it is measured). */
export const narrowedColumns = <Item>(columns: readonly Column<Item>[], width: number | null): string[] =>
  width === null ? [] : columns.filter((column) => column.priority !== undefined && width < PRIORITY_WIDTHS[column.priority]).map((column) => column.key);

/**
 * The inline size of the list's table box (`.bo-table-card`, the box kit.css's container queries
 * measure) inside `root`, kept as it changes; null until measured, or without a table.
 */
export function useListWidth(root: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const box = root.current?.querySelector('.bo-table-card');
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [root]);
  return width;
}

/**
 * The columns that step aside so the table fits its box: those `narrowedColumns` gives, then, while
 * the table's least width (`leastWidth` of the columns left, in px) is still wider than the box,
 * one more by priority: every 4 before any 3, every 3 before any 2, the rightmost first. A fixed
 * breakpoint alone let a list of many fixed-width columns (callbacks at 1,024 px, quotes at 1,280)
 * scroll inside its box with the Actions column cut; the row's name, status and actions never step aside.
 */
export function fitColumns<Item>(
  columns: readonly Column<Item>[],
  narrowed: readonly string[],
  hidden: readonly string[],
  width: number | null,
  leastWidth: (shown: readonly Column<Item>[]) => number,
): string[] {
  // A phone's cards show every column (but those the person hid): none steps aside there.
  if (width === null) return [...narrowed];
  if (width < CARDS_BELOW) return [];
  const out = [...narrowed];
  const candidates = columns
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => column.priority !== undefined && !narrowed.includes(column.key) && !hidden.includes(column.key))
    .sort((a, b) => (b.column.priority ?? 0) - (a.column.priority ?? 0) || b.index - a.index);
  const shown = () => columns.filter((column) => !out.includes(column.key) && !hidden.includes(column.key));
  for (const { column } of candidates) {
    if (leastWidth(shown()) <= width + 0.5) break;
    out.push(column.key);
  }
  return out;
}

/** The px of a CSS length as the list's table box resolves it (its `cqi` and custom properties), by a hidden probe inside it. */
export function measureInList(root: HTMLElement | null, length: string): number | null {
  const box = root?.querySelector('.bo-table-scroll');
  if (!box) return null;
  const probe = document.createElement('div');
  probe.style.cssText = `position:absolute;visibility:hidden;height:0;overflow:hidden;width:${length}`;
  box.appendChild(probe);
  const px = probe.getBoundingClientRect().width;
  probe.remove();
  return px;
}

/** The keys of a list's `secondaryColumns`, every line's together. */
export const secondaryKeysOf = (entries: readonly (string | readonly string[])[] = []): string[] =>
  entries.flatMap((entry) => (typeof entry === 'string' ? [entry] : [...entry]));

/**
 * The columns whose words go under each row's name now: those of `secondary` the width has
 * stepped aside and the person has not hidden. None on a phone's cards (below 640 px of list),
 * which show every column in its own place.
 */
export const underNameColumns = (secondary: readonly string[], narrowed: readonly string[], hidden: readonly string[], width: number | null): string[] =>
  width === null || width < CARDS_BELOW ? [] : secondary.filter((key) => narrowed.includes(key) && !hidden.includes(key));
