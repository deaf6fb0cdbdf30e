import { api } from '../../api/client.ts';
import type { PostView, TagCount } from '../../schemas/post.ts';

/** The public blog's calls to /api/v1/posts (the public sees published posts only; lists come without bodies). */
export type PostPage = { data: PostView[]; page: number; page_size: number; total_pages: number; total_items: number };

export const fetchPostPage = (page: number, pageSize: number, tag: string) =>
  api<PostPage>('GET', `/posts?${new URLSearchParams({ page: String(page), page_size: String(pageSize), summary: 'true', ...(tag ? { tag } : {}) })}`);

export const searchPosts = (q: string) => api<{ data: PostView[] }>('GET', `/posts/search?${new URLSearchParams({ q, summary: 'true' })}`);

export const fetchTags = () => api<{ tags: TagCount[] }>('GET', '/posts/tags');

export const fetchPost = (idOrSlug: string) => api<{ post: PostView }>('GET', `/posts/get/${encodeURIComponent(idOrSlug)}`);
