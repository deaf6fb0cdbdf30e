import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';

/** The public blog's calls (the public sees published posts only; lists come without bodies). */
export const fetchPostPage = (page: number, pageSize: number, tag: string) =>
  unwrap(apiClient.posts.$get({ query: { page: String(page), page_size: String(pageSize), summary: 'true', ...(tag ? { tag } : {}) } }));

export const searchPosts = (q: string) => unwrap(apiClient.posts.search.$get({ query: { q, summary: 'true' } }));

export const fetchTags = () => unwrap(apiClient.posts.tags.$get());

export const fetchPost = (idOrSlug: string) => unwrap(apiClient.posts.get[':idOrSlug'].$get({ param: pathParams({ idOrSlug }) }));
