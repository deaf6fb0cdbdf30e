import { asChunkFailure, chunkFailureName, reloadOnce } from '../lib/chunk-load.ts';

/**
 * Reports a chunk failure under its name and reloads the page once to pick up a new build;
 * says whether it reloaded (when not, the error screen is left to show it).
 */
export function recoverFromChunkFailure(error: unknown): boolean {
  if (!chunkFailureName(error)) return false;
  console.error(asChunkFailure(error));
  try {
    return reloadOnce(window.sessionStorage, () => window.location.reload());
  } catch {
    return false; // storage refused (private mode): never risk a reload loop
  }
}

let installed = false;

/**
 * Catches chunk failures that no component sees: Vite's preload helper (a style or script a
 * lazy module needs) and the island loader's own import, which ends as an unhandled rejection.
 */
export function installChunkRecovery(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('vite:preloadError', (event) => {
    // Cancelling lets the import go on while the page reloads; left alone, it throws to the boundary.
    if (recoverFromChunkFailure((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    recoverFromChunkFailure(event.reason);
  });
}
