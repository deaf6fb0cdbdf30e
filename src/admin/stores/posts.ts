import { map } from 'nanostores';
import { api, type FieldError } from '../../api/client.ts';
import { uploadImage, type UploadHandle, type UploadProgress } from '../../api/resumable-upload.ts';
import type { PostView, TagCount } from '../../schemas/post.ts';
import type { ImageView } from '../../schemas/upload.ts';
import { createListDetailStore, keySlot } from './list-detail.ts';

/** A post as the API returns it. */
export type Post = PostView;

export type PostFilter = { status?: string; tag?: string; q?: string };

/** Post-list state with the spec's defaults (section 3); a fetch replaces the paging fields. */
export type PostsState = {
  page_size: number;
  page: number;
  total_pages: number;
  total_items: number;
  filter: PostFilter;
  items: Post[];
  item: Post | null;
  tags: TagCount[];
  currentPost: Post | null;
  clearForm: boolean;
  ok: boolean;
  message: string;
  image: ImageView | null;
  errors: FieldError[];
  isPostLoading: boolean;
};

export const $posts = map<PostsState>({
  page_size: 1,
  page: 0,
  total_pages: 1,
  total_items: 1,
  filter: {},
  items: [],
  item: null,
  tags: [],
  currentPost: null,
  clearForm: true,
  ok: true,
  message: '',
  image: null,
  errors: [],
  isPostLoading: false,
});

/** The back-office lists ten posts a page. */
const LIST_PAGE_SIZE = 10;

export type PostValues = Record<string, unknown>;

const path = (action: string, id: string) => `/posts/${action}/${encodeURIComponent(id)}`;

/**
 * The post list and the post being edited (spec section 4). Fetching posts replaces the items
 * and the paging fields; with a search text it searches instead, and a search replaces the
 * items. Creating stores the response as `item`; fetching one post, or saving it, sets
 * `currentPost`; a delete reloads the list and the tag counts.
 */
export const posts = createListDetailStore<PostsState, Post, Post, PostValues, PostFilter>({
  store: $posts,
  items: keySlot($posts, 'items'),
  current: keySlot($posts, 'currentPost'),
  written: keySlot($posts, 'item'),
  loading: keySlot($posts, 'isPostLoading'),
  filter: keySlot($posts, 'filter'),
  calls: {
    async list({ page, filter }) {
      if (filter.q) {
        const result = await api<{ data: Post[] }>('GET', `/posts/search?q=${encodeURIComponent(filter.q)}`);
        return { items: result.data, page: 0, page_size: LIST_PAGE_SIZE, total_pages: 1, total_items: result.data.length, message: result.message };
      }
      const query = new URLSearchParams({ page: String(page), page_size: String(LIST_PAGE_SIZE) });
      if (filter.status) query.set('status', filter.status);
      if (filter.tag) query.set('tag', filter.tag);
      const result = await api<{ data: Post[]; page: number; page_size: number; total_pages: number; total_items: number }>('GET', `/posts/?${query}`);
      return { ...result, items: result.data };
    },
    get: async (id) => (await api<{ post: Post }>('GET', path('get', id))).post,
    async create(values) {
      const result = await api<{ post: Post }>('POST', '/posts/create', values);
      return { message: result.message, item: result.post };
    },
    async update(id, values) {
      const result = await api<{ post: Post }>('PUT', path('update', id), values);
      return { message: result.message, item: result.post };
    },
    remove: async (id) => (await api('DELETE', path('delete', id))).message,
  },
  afterWrite: () => fetchTags(),
});

export const setPostLoading = (value: boolean) => $posts.setKey('isPostLoading', value);
export const setFilter = (filter: PostFilter) => posts.setFilter(filter);
export const selectPost = (post: Post | null) => posts.select(post);

/**
 * Fetches the list. A failed search sets ok, errors and message (spec section 4), which the
 * list shows beside the search box, so it does not reject; any other failure does.
 */
export async function fetchPosts(page = 0): Promise<void> {
  try {
    await posts.load(page);
  } catch (error) {
    if (!$posts.get().filter.q) throw error;
  }
}

/** Fetching all tags sets tags, ok, errors and message. */
export async function fetchTags(): Promise<void> {
  const result = await api<{ tags: TagCount[] }>('GET', '/posts/tags');
  $posts.set({ ...$posts.get(), tags: result.tags, ok: result.ok, errors: result.errors, message: result.message });
}

/** Fetching one post sets currentPost and clears the loading flag. */
export async function fetchPost(id: string): Promise<Post> {
  setPostLoading(true);
  try {
    return await posts.get(id);
  } finally {
    setPostLoading(false);
  }
}

/** An image upload sets image, ok, errors and message (spec 4); the upload itself is resumable (api/resumable-upload.ts). */
export function uploadCover(file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<ImageView> {
  const upload = uploadImage(file, onProgress);
  return {
    abort: upload.abort,
    done: upload.done.then(({ image, message }) => {
      $posts.set({ ...$posts.get(), image, ok: true, errors: [], message });
      return image;
    }),
  };
}

/** The body as readers will see it (sanitised by the server). */
export async function previewMarkdown(body: string): Promise<string> {
  return (await api<{ html: string }>('POST', '/posts/preview', { body })).html;
}
