import { type RefObject, useEffect, useState } from 'react';
import type { Column } from './descriptor.ts';

/**
 * The columns a person has hidden on a list (the Columns menu), kept in the browser per list,
 * as Directus and Payload keep a collection's layout. Only columns that already step aside on
 * a narrower screen (a priority) can be hidden: the row's name, its status and its actions stay.
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
