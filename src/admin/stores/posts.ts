import { atom, map } from 'nanostores';
import type { PostRevisionSummary, PostRevisionView } from '#src/schemas/post-revision.ts';
import type { FieldError } from '#src/api/client.ts';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import { uploadImage, type UploadHandle, type UploadProgress } from '#src/api/resumable-upload.ts';
import type { InferInput } from 'valibot';
import type { PostInputSchema, PostView, TagCount } from '#src/schemas/post.ts';
import type { PostStatusCounts } from '#src/schemas/post-view.ts';
import type { PostBulkSchema } from '#src/schemas/post-bulk.ts';
import type { ImageView } from '#src/schemas/upload.ts';
import { createListDetailStore, keySlot } from './list-detail.ts';

/** A post as the API returns it. */
export type Post = PostView;

export type PostFilter = { status?: string; tag?: string; q?: string };

/** Post-list state with its defaults; a fetch replaces the paging fields. */
export type PostsState = {
  page_size: number;
  page: number;
  total_pages: number;
  total_items: number;
  /** True when total_items is the server's estimate (see Paging). */
  total_is_estimate?: boolean;
  filter: PostFilter;
  items: Post[];
  item: Post | null;
  tags: TagCount[];
  /** How many posts each status holds, for the list's views (null before the first page). */
  statusCounts: PostStatusCounts | null;
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
  statusCounts: null,
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

/** What the post form sends: the shared schema's input, as the API takes it. */
export type PostValues = InferInput<typeof PostInputSchema>;

/**
 * The post list and the post being edited. Fetching posts replaces the items
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
    async list({ page, filter, cursor }) {
      if (filter.q) {
        // A search answers its best matches on one page; the status and tag narrow those.
        const result = await unwrap(apiClient.posts.search.$get({ query: { q: filter.q, summary: 'true' } }));
        const tag = filter.tag?.toLowerCase();
        const items = result.data.filter(
          (post) => (!filter.status || post.status === filter.status) && (!tag || post.tags.some((name) => name.toLowerCase() === tag)),
        );
        return { items, page: 0, page_size: LIST_PAGE_SIZE, total_pages: 1, total_items: items.length, message: result.message };
      }
      const { status, tag } = filter;
      const query = {
        page: String(page),
        page_size: String(LIST_PAGE_SIZE),
        // The list shows no bodies: each is fetched whole when it is opened.
        summary: 'true',
        ...(status ? { status } : {}),
        ...(tag ? { tag } : {}),
        ...(cursor ? { cursor } : {}),
      };
      const result = await unwrap(apiClient.posts.$get({ query }));
      return { ...result, items: result.data, extra: 'status_counts' in result ? { statusCounts: result.status_counts } : undefined };
    },
    get: async (id) => (await unwrap(apiClient.posts.get[':idOrSlug'].$get({ param: pathParams({ idOrSlug: id }) }))).post,
    async create(values) {
      const result = await unwrap(apiClient.posts.create.$post({ json: values }));
      return { message: result.message, item: result.post };
    },
    async update(id, values) {
      const result = await unwrap(apiClient.posts.update[':id'].$put({ param: pathParams({ id }), json: values }));
      return { message: result.message, item: result.post };
    },
    remove: async (id) => (await unwrap(apiClient.posts.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
  afterWrite: () => fetchTags(),
});

/** A bulk action on the chosen posts: the route's own schema. */
export type PostBulkAction = InferInput<typeof PostBulkSchema>;

/** Publishes, makes drafts of or deletes the chosen posts, all or none; the list, its counts and the tags reload. Answers the server's message. */
export async function bulkPosts(action: PostBulkAction): Promise<string> {
  const { message } = await unwrap(apiClient.posts.bulk.$post({ json: action }));
  await Promise.all([posts.load(), fetchTags()]);
  return message;
}

export const setPostLoading = (value: boolean) => $posts.setKey('isPostLoading', value);
export const setFilter = (filter: PostFilter) => posts.setFilter(filter);
export const selectPost = (post: Post | null) => posts.select(post);

/**
 * Fetches the list. A failed search sets ok, errors and message, which the
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
  const result = await unwrap(apiClient.posts.tags.$get());
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

/** An image upload sets image, ok, errors and message (docs/fixed-by-the-spec.md, 'Names in the browser stores'); the upload itself is resumable (api/resumable-upload.ts). */
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
  return (await unwrap(apiClient.posts.preview.$post({ json: { body } }))).html;
}

/** Posts matching the words (best first, bodies left out), for the link popover to offer; the state is left alone. */
export async function findPosts(q: string): Promise<PostView[]> {
  return (await unwrap(apiClient.posts.search.$get({ query: { q, summary: 'true' } }))).data;
}

/** A post's saves, newest first (who, when, its title then). */
export async function fetchRevisions(id: string): Promise<PostRevisionSummary[]> {
  return (await unwrap(apiClient.posts.revisions[':id'].$get({ param: pathParams({ id }) }))).revisions;
}

/** One earlier save, whole, to compare with the post now. */
export async function fetchRevision(id: string, revisionId: string): Promise<PostRevisionView> {
  return (await unwrap(apiClient.posts.revisions[':id'][':revisionId'].$get({ param: pathParams({ id, revisionId }) }))).revision;
}

/**
 * How many earlier versions have been restored since the page loaded. The post editor starts
 * its form afresh from each restore, but not from its own autosaves (which also change the post
 * on screen): the words being written stay as they are.
 */
export const $postRestores = atom(0);

/** Saves an earlier version again; the post on screen becomes it. Answers the server's message. */
export async function restoreRevision(id: string, revisionId: string): Promise<string> {
  const result = await unwrap(apiClient.posts.restore[':id'][':revisionId'].$post({ param: pathParams({ id, revisionId }) }));
  posts.select(result.post);
  $postRestores.set($postRestores.get() + 1);
  return result.message;
}
