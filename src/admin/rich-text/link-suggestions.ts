import { normalizeSearchText } from '#src/lib/search-text.ts';
import type { ContentPageView } from '#src/schemas/content.ts';
import type { PostView } from '#src/schemas/post.ts';

/** One of the site's own pages or posts, offered while a link's address is typed. */
export type LinkSuggestion = { href: string; title: string; kind: 'Page' | 'Post' };

/** How many suggestions the link popover shows at once: a short list to choose from, not a site map. */
export const MOST_SUGGESTIONS = 6;

/** Addresses that are being typed, not searched for: a web or mail address, a phone number. */
const typedAddress = (text: string) => /^(https?:|mailto:|tel:|www\.|\+?\d[\d\s()-]{4,}$)|@|:\/\//i.test(text.trim());

/** Whether the words typed are worth a search of the posts (the server refuses an empty one). */
export const searchesPosts = (typed: string) => typed.trim().length >= 2 && !typedAddress(typed) && !typed.trim().startsWith('/');

export const pageSuggestion = (page: ContentPageView): LinkSuggestion => ({ href: page.path, title: page.name, kind: 'Page' });

/** Only what a reader can open: published, or scheduled and already due (the blog's own rule). */
export function postSuggestions(posts: readonly PostView[], now = Date.now()): LinkSuggestion[] {
  return posts
    .filter((post) => post.status === 'published' || (post.status === 'scheduled' && post.publishedAt !== null && Date.parse(post.publishedAt) <= now))
    .map((post) => ({ href: `/blog/${post.slug}`, title: post.title, kind: 'Post' }));
}

/**
 * The pages whose name or address holds every word typed (all of them while nothing is typed),
 * then the posts the server found, without repeats, at most `MOST_SUGGESTIONS`. Nothing is
 * offered for a web, mail or phone address being typed.
 */
export function matchingSuggestions(typed: string, pages: readonly LinkSuggestion[], posts: readonly LinkSuggestion[]): LinkSuggestion[] {
  if (typedAddress(typed)) return [];
  const words = normalizeSearchText(typed.replace(/^\//, ''))
    .split(/[\s/-]+/)
    .filter(Boolean);
  const holdsAll = (suggestion: LinkSuggestion) => {
    const text = normalizeSearchText(`${suggestion.title} ${suggestion.href.replaceAll('-', ' ')}`);
    return words.every((word) => text.includes(word));
  };
  const seen = new Set<string>();
  return [...pages.filter(holdsAll), ...posts].filter((suggestion) => !seen.has(suggestion.href) && seen.add(suggestion.href)).slice(0, MOST_SUGGESTIONS);
}
