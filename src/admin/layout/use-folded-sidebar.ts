import { useEffect } from 'react';
import { $sidebarFolded } from './sidebar-state.ts';

/**
 * Folds the sidebar to icons while the calling screen is shown (the page editor beside its
 * preview, the post editor's writing), without changing the person's own choice.
 */
export function useFoldedSidebar(): void {
  useEffect(() => {
    $sidebarFolded.set(true);
    return () => $sidebarFolded.set(false);
  }, []);
}
