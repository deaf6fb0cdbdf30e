import type { PostView } from '../schemas/post.ts';
import { siteFacts } from './facts.ts';
import type { PageEntry } from './pages.ts';

/** Posts per page on /blog, pre-rendered and in the island alike. */
export const BLOG_PAGE_SIZE = 6;

export const postPath = (slug: string) => `/blog/${slug}`;

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
export const postTitle = (post: Pick<PostView, 'seoTitle'>, brand: string) => `${post.seoTitle} | ${brand}`;

/** A post's head metadata in the page table's shape: its SEO fields, canonical slug URL and cover. */
export function postPageEntry(post: PostView): PageEntry {
  const jpeg = post.cover;
  return {
    path: postPath(post.slug),
    title: postTitle(post, siteFacts().brand),
    description: post.seoDescription,
    inSitemap: true,
    island: 'blog',
    article: {
      publishedAt: post.publishedAt ?? post.createdAt,
      updatedAt: post.updatedAt,
      author: post.author,
      tags: post.tags,
      ...(jpeg?.src ? { image: { src: jpeg.src, width: jpeg.width, height: jpeg.height, alt: post.coverAlt } } : {}),
    },
  };
}
