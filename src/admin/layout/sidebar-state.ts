import { atom } from 'nanostores';

const COLLAPSED_KEY = 'admin-sidebar-collapsed';
const CLOSED_GROUPS_KEY = 'admin-sidebar-closed-groups';

function read(key: string): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/**
 * Whether the desktop sidebar shows icons only; kept across visits, as a person sets it once.
 * Until they do, it starts as icons on a small desk screen (1024 to 1279 px), as Directus and
 * Payload do: labelled there, it cost every list its dates and owners. Its labels show on hover.
 */
const SMALL_DESK = '(min-width: 1024px) and (max-width: 1279.98px)';
const storedCollapsed = read(COLLAPSED_KEY);
export const $sidebarCollapsed = atom<boolean>(
  storedCollapsed === null ? typeof window !== 'undefined' && window.matchMedia(SMALL_DESK).matches : storedCollapsed === '1',
);

export function setSidebarCollapsed(collapsed: boolean): void {
  $sidebarFolded.set(false);
  $sidebarCollapsed.set(collapsed);
  write(COLLAPSED_KEY, collapsed ? '1' : '0');
}

/**
 * A screen that needs the width (the page editor beside its preview) folds the sidebar to icons
 * while it is shown, without changing the person's own choice; the expand button unfolds it.
 */
export const $sidebarFolded = atom<boolean>(false);

/** The navigation's groups a person has closed (they start open, so every area is one click away); kept across visits. */
export const $closedGroups = atom<readonly string[]>(
  (() => {
    try {
      const stored: unknown = JSON.parse(read(CLOSED_GROUPS_KEY) ?? '[]');
      return Array.isArray(stored) ? stored.filter((name): name is string => typeof name === 'string') : [];
    } catch {
      return [];
    }
  })(),
);

export function setGroupOpen(group: string, open: boolean): void {
  const closed = $closedGroups.get().filter((name) => name !== group);
  $closedGroups.set(open ? closed : [...closed, group]);
  write(CLOSED_GROUPS_KEY, JSON.stringify($closedGroups.get()));
}
