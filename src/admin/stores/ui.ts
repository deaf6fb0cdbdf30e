import { map } from 'nanostores';
import { ApiError, messageOf, type FieldError } from '#src/api/client.ts';

/**
 * Utility state: the mobile menu (below 1024 px the sidebar is a burger menu
 * with an overlay), and the outcome of the last layout-wide call (signing out), which the
 * sidebar shows when it failed.
 */
export type UtilityState = { isMobileMenuOpen: boolean; ok: boolean; message: string; errors: FieldError[] };

export const $utility = map<UtilityState>({ isMobileMenuOpen: false, ok: true, message: '', errors: [] });

export function toggleMobileMenu(open = !$utility.get().isMobileMenuOpen): void {
  $utility.setKey('isMobileMenuOpen', open);
}

/** Runs a layout-wide call and records its outcome; resolves whether it worked. */
export async function recordOutcome(call: () => Promise<string>): Promise<boolean> {
  try {
    const message = await call();
    $utility.set({ ...$utility.get(), ok: true, message, errors: [] });
    return true;
  } catch (error) {
    $utility.set({ ...$utility.get(), ok: false, message: messageOf(error), errors: error instanceof ApiError ? error.errors : [] });
    return false;
  }
}
