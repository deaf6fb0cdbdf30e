import { atom } from 'nanostores';
import type { PaletteItem } from './palette-items.ts';

/** Whether the search palette is open: the sidebar's button, the top bar's and the shortcuts all open the one palette. */
export const $searchOpen = atom(false);

export const openSearch = (): void => $searchOpen.set(true);
export const closeSearch = (): void => $searchOpen.set(false);

/** How many records the palette offers again before anything is typed. */
export const RECENT_MAX = 5;

/**
 * The records last opened from the palette, newest first: offered again before anything is
 * typed, as Linear's and Raycast's are. Kept in memory only, never in the browser's storage,
 * so no customer's name outlives the tab or a sign-out (which reloads the page).
 */
export const $recentResults = atom<PaletteItem[]>([]);

export function rememberResult(item: PaletteItem): void {
  // Opened again from Recent, it keeps the key the search gave it.
  const kept = { ...item, key: item.key.replace(/^recent:/, '') };
  $recentResults.set([kept, ...$recentResults.get().filter((other) => other.href !== kept.href)].slice(0, RECENT_MAX));
}

/** An Apple keyboard names the shortcut ⌘K; every other, Ctrl K. */
export const isApplePlatform = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

/** The shortcut as the keyboard names it, and as a screen reader should say it (aria-keyshortcuts). */
export const searchShortcut = () => (isApplePlatform() ? { shown: '⌘K', aria: 'Meta+K' } : { shown: 'Ctrl K', aria: 'Control+K' });

/** Whether typing goes into a field (so "/" is a character there, not the shortcut). */
function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The shortcuts that open the palette from any screen: Ctrl K (⌘K on a Mac) anywhere, and "/"
 * when not typing in a field. Not while another dialog is open over the page (a picker, a
 * confirmation): it has the person's attention. A key a field took for itself first (the post
 * editor's Ctrl K, which makes a link) stays its own. Answers whether the key was taken.
 */
export function handleSearchShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented) return false;
  const modifier = isApplePlatform() ? event.metaKey : event.ctrlKey;
  const commandK = modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
  const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingInField(event.target);
  if (!commandK && !slash) return false;
  if ($searchOpen.get() || document.querySelector('dialog[open], .swal2-container')) return false;
  event.preventDefault();
  openSearch();
  return true;
}
