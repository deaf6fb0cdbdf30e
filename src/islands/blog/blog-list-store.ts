import { map, type MapStore } from 'nanostores';
import { messageOf } from '#src/api/client.ts';
import type { PostView, TagCount } from '#src/schemas/post.ts';
import { BLOG_PATH, blogListPath, pageOfBlogListPath } from '#src/lib/blog.ts';
import { fetchPostPage, fetchTags, searchPosts } from './blog-api.ts';

/** What /blog shows: a page of posts, or search results, narrowed by tag or query. */
export type BlogListState = {
  items: PostView[];
  tags: TagCount[];
  page: number;
  page_size: number;
  total_pages: number;
  total_items: number;
  tag: string;
  q: string;
  loading: boolean;
  /** A failure to show; empty when all is well. */
  error: string;
};

export type BlogQuery = { page: number; tag: string; q: string };

export type BlogListStore = MapStore<BlogListState> & {
  /** Loads what the query asks for: search results when there is a query, else a page (of a tag). */
  load(query: BlogQuery): Promise<void>;
  refreshTags(): Promise<void>;
};

/**
 * The query in a /blog address: the page from /blog/page/N (or the older ?page=N, both
 * one-based for readers, zero-based inside), the topic and the search from the query string.
 */
export function queryFromAddress(pathname: string, search: string): BlogQuery {
  const params = new URLSearchParams(search);
  const fromPath = pageOfBlogListPath(pathname);
  const page = fromPath ?? (Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { page: Math.max(0, page - 1), tag: params.get('tag')?.trim() ?? '', q: params.get('q')?.trim() ?? '' };
}

/**
 * The address of a query: the plain list's pages are the built ones (/blog, /blog/page/N),
 * so a reload or a shared link is served as a page; a topic or a search stays in the query string.
 */
export function addressOfQuery({ page, tag, q }: BlogQuery): string {
  if (q) return `${BLOG_PATH}?${new URLSearchParams({ q })}`;
  if (!tag) return blogListPath(page + 1);
  const params = new URLSearchParams({ tag });
  if (page > 0) params.set('page', String(page + 1));
  return `${BLOG_PATH}?${params}`;
}

/** One store per island instance, seeded with what the build pre-rendered. */
export function createBlogListStore(initial: Omit<BlogListState, 'loading' | 'error' | 'tag' | 'q'>): BlogListStore {
  const store = map<BlogListState>({ ...initial, tag: '', q: '', loading: false, error: '' }) as BlogListStore;
  let latest = 0;
  store.load = async (query) => {
    const ticket = ++latest;
    store.set({ ...store.get(), ...query, loading: true, error: '' });
    try {
      if (query.q) {
        const found = await searchPosts(query.q);
        if (ticket !== latest) return;
        store.set({ ...store.get(), items: found.data, page: 0, total_pages: 1, total_items: found.data.length, loading: false });
      } else {
        const result = await fetchPostPage(query.page, store.get().page_size, query.tag);
        if (ticket !== latest) return;
        store.set({ ...store.get(), items: result.data, page: result.page, total_pages: result.total_pages, total_items: result.total_items, loading: false });
      }
    } catch (error) {
      if (ticket === latest) store.set({ ...store.get(), loading: false, error: messageOf(error) });
    }
  };
  store.refreshTags = async () => {
    try {
      store.setKey('tags', (await fetchTags()).tags);
    } catch {
      // The pre-rendered tags stay; the list's own error says if the server is away.
    }
  };
  return store;
}
