import { map } from 'nanostores';
import { api, ApiError, messageOf, type FieldError } from '../../api/client.ts';
import type { PostView, TagCount } from '../../schemas/post.ts';
import type { ImageView } from '../../schemas/upload.ts';

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

export const setPostLoading = (value: boolean) => $posts.setKey('isPostLoading', value);
export const setFilter = (filter: PostFilter) => $posts.setKey('filter', filter);
export const selectPost = (post: Post | null) => $posts.setKey('currentPost', post);

/**
 * A successful search replaces the items and sets ok and message; a failed one sets ok,
 * errors and message (spec section 4), which the list shows beside the search box.
 */
async function searchPosts(q: string): Promise<void> {
  try {
    const result = await api<{ data: Post[] }>('GET', `/posts/search?q=${encodeURIComponent(q)}`);
    $posts.set({
      ...$posts.get(),
      items: result.data,
      page: 0,
      total_pages: 1,
      total_items: result.data.length,
      ok: true,
      message: result.message,
      errors: [],
      isPostLoading: false,
    });
  } catch (error) {
    $posts.set({ ...$posts.get(), ok: false, message: messageOf(error), errors: error instanceof ApiError ? error.errors : [], isPostLoading: false });
  }
}

/** Fetching posts replaces the items and the paging fields; a search replaces the items. */
export async function fetchPosts(page = 0): Promise<void> {
  const { filter } = $posts.get();
  setPostLoading(true);
  try {
    if (filter.q) {
      await searchPosts(filter.q);
      return;
    }
    const query = new URLSearchParams({ page: String(page), page_size: String(LIST_PAGE_SIZE) });
    if (filter.status) query.set('status', filter.status);
    if (filter.tag) query.set('tag', filter.tag);
    const result = await api<{ data: Post[]; page: number; page_size: number; total_pages: number; total_items: number }>('GET', `/posts/?${query}`);
    const { data, page: p, page_size, total_pages, total_items, ok, message, errors } = result;
    $posts.set({ ...$posts.get(), items: data, page: p, page_size, total_pages, total_items, ok, message, errors, isPostLoading: false });
  } catch (error) {
    setPostLoading(false);
    throw error;
  }
}

export async function fetchTags(): Promise<void> {
  const result = await api<{ tags: { name: string; count: number }[] }>('GET', '/posts/tags');
  $posts.set({ ...$posts.get(), tags: result.tags, ok: result.ok, errors: result.errors, message: result.message });
}

/** Fetching one post sets currentPost and clears the loading flag. */
export async function fetchPost(id: string): Promise<Post> {
  setPostLoading(true);
  try {
    const result = await api<{ post: Post }>('GET', `/posts/get/${encodeURIComponent(id)}`);
    $posts.set({ ...$posts.get(), currentPost: result.post, ok: result.ok, errors: result.errors, message: result.message, isPostLoading: false });
    return result.post;
  } catch (error) {
    setPostLoading(false);
    throw error;
  }
}

export type PostValues = Record<string, unknown>;

/** Creating a post stores the response as item and copies ok, errors and message. */
export async function createPost(values: PostValues): Promise<Post> {
  const result = await api<{ post: Post }>('POST', '/posts/create', values);
  $posts.set({ ...$posts.get(), item: result.post, ok: result.ok, errors: result.errors, message: result.message });
  return result.post;
}

export async function updatePost(id: string, values: PostValues): Promise<Post> {
  const result = await api<{ post: Post }>('PUT', `/posts/update/${encodeURIComponent(id)}`, values);
  $posts.set({ ...$posts.get(), item: result.post, currentPost: result.post, ok: result.ok, errors: result.errors, message: result.message });
  return result.post;
}

export async function deletePost(id: string): Promise<string> {
  return (await api('DELETE', `/posts/delete/${encodeURIComponent(id)}`)).message;
}

/** An image upload sets image, ok, errors and message (spec 4); the upload itself is resumable (api/resumable-upload.ts). */
export function setUploadedImage(image: ImageView, message: string): void {
  $posts.set({ ...$posts.get(), image, ok: true, errors: [], message });
}

export async function previewMarkdown(body: string): Promise<string> {
  return (await api<{ html: string }>('POST', '/posts/preview', { body })).html;
}
