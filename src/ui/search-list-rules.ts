/**
 * Pure rules of the search list (a combobox that suggests options as one types), free of React
 * so they can be unit tested. "Search list on blur: picks the only remaining
 * match, or an exact match; keeps free text if adding new is allowed; otherwise clears."
 */

import { normalizeSearchText } from '../lib/search-text.ts';

/** Most options the list shows at once. */
export const SEARCH_LIST_MAX_OPTIONS = 50;
/** How long typing must pause before an asynchronous search runs, in milliseconds. */
export const SEARCH_LIST_DEBOUNCE_MS = 200;

/**
 * The options containing the text (case- and accent-insensitive), in their own order, at most
 * `limit` of them; blank text matches every option.
 */
export function filterOptions(options: readonly string[], text: string, limit: number = SEARCH_LIST_MAX_OPTIONS): string[] {
  const needle = normalizeSearchText(text);
  const matches: string[] = [];
  for (const option of options) {
    if (matches.length >= limit) break;
    if (needle === '' || normalizeSearchText(option).includes(needle)) matches.push(option);
  }
  return matches;
}

/** The option equal to the text once case and accents are set aside, if any. */
export function exactMatch(options: readonly string[], text: string): string | undefined {
  const needle = normalizeSearchText(text);
  if (needle === '') return undefined;
  return options.find((option) => normalizeSearchText(option) === needle);
}

export interface ResolveOnBlurInput {
  /** What is in the box when it loses focus. */
  text: string;
  /** The options to pick from: the whole static list, or what a search returned. */
  options: readonly string[];
  /** Free text not in the list may be kept. Default false. */
  allowNew?: boolean;
  /**
   * True when `options` are already the matches for `text` (a server search answered for exactly
   * this text): they are then taken as they are, not filtered again. Default false.
   */
  filtered?: boolean;
  /** The value held before; text left as it was keeps it, whatever the options. */
  value?: string;
}

/**
 * The value to keep when the box loses focus: the value held before when the text is unchanged;
 * else the only remaining match; else an exact (case- and accent-insensitive) match; else the
 * free text (trimmed) when adding new is allowed; else '' (cleared). Blank text clears.
 */
export function resolveOnBlur({ text, options, allowNew = false, filtered = false, value }: ResolveOnBlurInput): string {
  if (value !== undefined && value !== '' && text === value) return value;
  if (text.trim() === '') return '';
  const remaining = filtered ? [...options] : filterOptions(options, text, Number.POSITIVE_INFINITY);
  if (remaining.length === 1 && remaining[0] !== undefined) return remaining[0];
  const exact = exactMatch(remaining, text) ?? exactMatch(options, text);
  if (exact !== undefined) return exact;
  return allowNew ? text.trim() : '';
}

/**
 * The live count read out after a search: "No results", "1 result", "12 results"; when fewer
 * are shown than matched, "120 results, first 50 shown".
 */
export function resultCountText(count: number, shown: number = count): string {
  if (count === 0) return 'No results';
  const text = count === 1 ? '1 result' : `${count} results`;
  return shown < count ? `${text}, first ${shown} shown` : text;
}

/** The next active option for a navigation key, or undefined for any other key. -1 is "none". */
export function nextActiveIndex(key: string, active: number, count: number): number | undefined {
  if (count === 0) return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End' ? -1 : undefined;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
