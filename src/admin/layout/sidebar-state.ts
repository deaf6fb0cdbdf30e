import { atom } from 'nanostores';

const COLLAPSED_KEY = 'admin-sidebar-collapsed';

function readCollapsed(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the desktop sidebar shows icons only; kept across visits, as a person sets it once. */
export const $sidebarCollapsed = atom<boolean>(readCollapsed());

export function setSidebarCollapsed(collapsed: boolean): void {
  $sidebarCollapsed.set(collapsed);
  try {
    window.localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}
