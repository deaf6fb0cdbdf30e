import { atom, map } from 'nanostores';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import { uploadImage, uploadVideo, type UploadHandle, type UploadProgress } from '#src/api/resumable-upload.ts';
import type { MediaDetailView, MediaKind, MediaView } from '#src/schemas/media.ts';
import { isVideoType } from '#src/schemas/upload.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

/** The filters as the form and the address hold them: strings, empty for "any". */
export type MediaFilterValues = { kind?: string; q?: string; sort?: string };

export type MediaListState = Paging & Outcome & { media: MediaView[]; filter: MediaFilterValues; isLoading: boolean };

/** A page of the grid fills its rows at every width (2, 3, 4 or 6 across). */
export const MEDIA_PAGE_SIZE = 24;

export const $mediaList = map<MediaListState>({ media: [], filter: {}, ...emptyList(MEDIA_PAGE_SIZE) });

/** The upload on the detail screen, with where it is used. */
export const $currentMedia = atom<MediaDetailView | null>(null);

const setValues = (filter: MediaFilterValues) => Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

type MediaQuery = { page: number; page_size: number; filter: MediaFilterValues; cursor?: string | undefined };

/** One page of the library: for the Media screen and for the picker a post or page opens. */
export async function fetchMediaPage({ page, page_size, filter, cursor }: MediaQuery) {
  const query = { ...setValues(filter), page: String(page), page_size: String(page_size), ...(cursor ? { cursor } : {}) };
  const result = await unwrap(apiClient.media.$get({ query }));
  return { ...result, items: result.media };
}

/** The library as a list and one upload in detail: the same list/detail store as every list. */
export const mediaList = createListDetailStore<MediaListState, MediaView, MediaDetailView, { alt: string; caption: string }, MediaFilterValues>({
  store: $mediaList,
  items: keySlot($mediaList, 'media'),
  loading: keySlot($mediaList, 'isLoading'),
  filter: keySlot($mediaList, 'filter'),
  current: { get: () => $currentMedia.get(), set: (item) => $currentMedia.set(item) },
  calls: {
    list: fetchMediaPage,
    get: async (id) => (await unwrap(apiClient.media.get[':id'].$get({ param: pathParams({ id }) }))).media,
    // The answer is the upload without its uses: the store fetches it again whole.
    update: async (id, values) => ({
      message: (await unwrap(apiClient.media.update[':id'].$put({ param: pathParams({ id }), json: values }))).message,
      item: null,
    }),
    remove: async (id) => (await unwrap(apiClient.media.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
});

/** Puts `replacement` wherever the upload `id` is used; answers the server's message (how many places changed). */
export async function replaceMedia(id: string, replacement: string): Promise<string> {
  const result = await unwrap(apiClient.media.replace[':id'].$post({ param: pathParams({ id }), json: { replacement } }));
  await mediaList.get(id);
  return result.message;
}

/**
 * Deletes the chosen uploads nothing uses (the server keeps those still used, and names them),
 * then reloads the page of the grid; answers the server's message.
 */
export async function deleteManyMedia(ids: readonly string[]): Promise<string> {
  const result = await unwrap(apiClient.media['delete-many'].$post({ json: { ids: [...ids] } }));
  await mediaList.load($mediaList.get().page);
  return result.message;
}

/** Sends an image or a video (by its type) through the resumable upload; resolves with the new upload's id and kind. */
export function uploadToLibrary(file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<{ id: string; kind: MediaKind }> {
  if (isVideoType(file.type)) {
    const upload = uploadVideo(file, onProgress);
    return { abort: upload.abort, done: upload.done.then(({ video }) => ({ id: video._id, kind: 'video' as const })) };
  }
  const upload = uploadImage(file, onProgress);
  return { abort: upload.abort, done: upload.done.then(({ image }) => ({ id: image._id, kind: 'image' as const })) };
}
