import { atom, map } from 'nanostores';
import { messageOf } from '#src/api/client.ts';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { ContentPageView } from '#src/schemas/content.ts';

/**
 * The page editor's own state: the pages whose copy is content, the site facts texts may name
 * ({brand}, {salesPhone}), and the draft preview of the saved content. The sections, elements
 * and publishing are the content store's (stores/content.ts), shared with the structure view.
 */

export const $contentPages = map<{ pages: ContentPageView[]; isLoading: boolean; error: string }>({ pages: [], isLoading: false, error: '' });

export async function loadContentPages(): Promise<void> {
  $contentPages.setKey('isLoading', true);
  try {
    const { pages } = await unwrap(apiClient.cms.pages.$get());
    $contentPages.set({ pages, isLoading: false, error: '' });
  } catch (error) {
    $contentPages.set({ ...$contentPages.get(), isLoading: false, error: messageOf(error) });
    throw error;
  }
}

/** The site facts by name, once loaded (they change only with the server's settings). */
export const $facts = atom<Readonly<Record<string, string>> | null>(null);

export async function loadFacts(): Promise<void> {
  if ($facts.get()) return;
  $facts.set((await unwrap(apiClient.cms.facts.$get())).facts);
}

export type PreviewState = { href: string | null; isBuilding: boolean; error: string };
/** The newest draft preview built for this editor, and whether another is being built. */
export const $preview = map<PreviewState>({ href: null, isBuilding: false, error: '' });

let asked: AbortController | null = null;
/** The editor closed: the preview it asked for is no longer wanted. */
export function stopPreview(): void {
  asked?.abort();
  asked = null;
}

/**
 * Builds (or finds) the preview of the content as saved now. Asked again while one builds, it
 * gives up the older request (the server then drops that build if it has not started) and
 * builds again, so the preview always ends on the latest save without a queue of stale builds.
 */
export async function buildPreview(): Promise<void> {
  asked?.abort();
  const mine = new AbortController();
  asked = mine;
  $preview.setKey('isBuilding', true);
  try {
    const { preview } = await unwrap(apiClient.cms.preview.$post(undefined, { init: { signal: mine.signal } }));
    if (asked === mine) $preview.set({ href: preview.href, isBuilding: false, error: '' });
  } catch (error) {
    if (asked === mine) $preview.set({ ...$preview.get(), isBuilding: false, error: messageOf(error) });
  }
}
