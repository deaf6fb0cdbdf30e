import { useState } from 'react';
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
