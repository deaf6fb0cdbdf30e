import { staysOnSite } from './redirect.ts';

/**
 * How a page or post shows in search results: about this many characters of its title and
 * description fit before a search engine cuts them. Guidance for staff, not a limit: the post
 * form and the page editor count against them and preview the result.
 */
export const SEARCH_TITLE_FITS = 60;
export const SEARCH_DESCRIPTION_FITS = 155;

/** The count under a search title or description: its own length, or the stand-in's when it is empty. */
export const fitsHint = (own: string, standIn: string, fit: number, standInName: string): string =>
  own
    ? `${own.length} of about ${fit} characters that fit.`
    : standIn
      ? `Empty: the ${standInName} is used (${standIn.length} of about ${fit} characters).`
      : `Up to about ${fit} characters fit.`;

/** Every page's own search listing and share card, a section under its root: empty values keep the page table's. */
export const SEARCH_SECTION = 'Search and sharing';
export const SEARCH_ELEMENTS = {
  title: 'Search title',
  description: 'Search description',
  hidden: 'Hide from search engines',
  image: 'Share image',
  canonical: 'Canonical address',
} as const;

/**
 * Where a page's canonical link points when staff set one (a page that repeats another's
 * words): a path of this site ('/van-insurance') or a web address ('https://…'). Anything
 * else is no address (null), and the page keeps its own.
 */
export const CANONICAL_INVALID = 'Enter a path of this site (/van-insurance) or a web address (https://…), or leave it empty.';

/**
 * The rule an element has by its name rather than its type: a canonical address is an address
 * or nothing. The page editor shows it and the server refuses the value with it.
 */
export function namedValueProblem(name: string, value: unknown): string | null {
  if (name !== SEARCH_ELEMENTS.canonical || typeof value !== 'string' || !value.trim()) return null;
  return canonicalTarget(value) ? null : CANONICAL_INVALID;
}

export function canonicalTarget(value: string): string | null {
  const text = value.trim();
  if (staysOnSite(text) && !/\s/.test(text)) return text;
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}
