import { atom } from 'nanostores';

/** Utility state: the mobile menu (below 1024 px the sidebar is a burger menu with an overlay). */
export const $isMobileMenuOpen = atom(false);

export function toggleMobileMenu(open = !$isMobileMenuOpen.get()): void {
  $isMobileMenuOpen.set(open);
}
