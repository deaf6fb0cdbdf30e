/**
 * What the blog's browser code and its pages share: addresses, page size, dates, reading
 * time. Nothing here reads the site facts or the environment, so the island's bundle stays
 * small; the pages' head metadata, which needs the facts, is in src/site/blog-page-entries.ts (build only).
 */

/** Posts per page on /blog, pre-rendered and in the island alike. */
export const BLOG_PAGE_SIZE = 12;

export const BLOG_PATH = '/blog';

export const postPath = (slug: string) => `${BLOG_PATH}/${slug}`;

/** The list's pages are built as /blog, /blog/page/2, /blog/page/3…: the address of a one-based page. */
export const blogListPath = (page: number) => (page <= 1 ? BLOG_PATH : `${BLOG_PATH}/page/${page}`);

/** The one-based page a /blog/page/N address shows, or null for any other address (/blog/page/1 is not one: page 1 is /blog). */
export function pageOfBlogListPath(path: string): number | null {
  const match = /^\/blog\/page\/([1-9][0-9]{0,5})$/.exec(path);
  const page = match ? Number(match[1]) : null;
  return page && page > 1 ? page : null;
}

export const blogListPageCount = (totalPosts: number) => Math.max(1, Math.ceil(totalPosts / BLOG_PAGE_SIZE));

/** Dates as Irish readers write them, fixed to Irish time so the server and browser render alike. */
const dateFormat = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });
export const formatPostDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');

/** Minutes to read at about 220 words a minute, counted from the rendered text. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}

/** A post's page title; the brand is passed in so the island (which has no site facts) uses the same rule. */
export const postTitle = (post: { seoTitle: string }, brand: string) => `${post.seoTitle} | ${brand}`;
