import { atom } from 'nanostores';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { NavigationCounts } from '#src/schemas/search.ts';

/** The navigation's counts, null until first read (or for a role that may not see them: nothing is shown). */
export const $navigationCounts = atom<NavigationCounts | null>(null);

/** A refresh asked for sooner after the last is skipped: moving between screens must not cost a request each. */
export const COUNTS_MIN_GAP_MS = 15_000;
/** Counts also refresh on their own this often while a screen stays open: never faster, so many open tabs stay cheap. */
export const COUNTS_REFRESH_MS = 60_000;

let lastAsked = 0;

/**
 * Reads the counts again unless they were read within COUNTS_MIN_GAP_MS (`force` reads them
 * anyway). A failure keeps the counts shown: they are a hint, and the lists say the truth.
 */
export async function refreshNavigationCounts(force = false): Promise<void> {
  const now = Date.now();
  if (!force && now - lastAsked < COUNTS_MIN_GAP_MS) return;
  lastAsked = now;
  try {
    const { counts } = await unwrap(apiClient.search.counts.$get());
    $navigationCounts.set(counts);
  } catch {
    // Signed out meanwhile, or the server is away: the session probe and the screens say so.
  }
}

/** Forgets the counts (signing out, or a role that may not see them). */
export function clearNavigationCounts(): void {
  lastAsked = 0;
  $navigationCounts.set(null);
}
