import { canonicalTarget } from '../schemas/search-listing.ts';
import { SEARCH_ELEMENTS, SEARCH_SECTION } from './content-seed/define.ts';
import { seedPages } from './content-seed/index.ts';
import { contentDescription, contentFor } from './content.ts';
import { shareImageFor, type PageEntry } from './pages.ts';
import { BLOG_PATH, pageOfBlogListPath } from '#src/lib/blog.ts';

/**
 * A page's head as staff set it in its "Search and sharing" section: their search title,
 * description, share image, canonical address and "hide from search engines" over the page
 * table's defaults.
 * Pages without content (the legal ones, posts) keep their entry as it is.
 */
export function withStaffSearchListing(entry: PageEntry): PageEntry {
  // The blog list's later pages (/blog/page/2…) keep their own title, and are hidden with /blog.
  if (pageOfBlogListPath(entry.path) !== null) {
    return contentFor(BLOG_PATH).section(SEARCH_SECTION).yesNo(SEARCH_ELEMENTS.hidden) ? { ...entry, noindex: true as const } : entry;
  }
  const seeded = seedPages.some((page) => page.path === entry.path || page.alsoAt.includes(entry.path));
  if (!seeded) return entry;
  const search = contentFor(entry.path).section(SEARCH_SECTION);
  const title = search.headText(SEARCH_ELEMENTS.title);
  const description = search.headText(SEARCH_ELEMENTS.description) || contentDescription(entry.path);
  const hidden = search.yesNo(SEARCH_ELEMENTS.hidden);
  const { image, alt } = search.image(SEARCH_ELEMENTS.image);
  const canonical = canonicalTarget(search.headText(SEARCH_ELEMENTS.canonical));
  if (!title && !description && !hidden && !image && !canonical) return entry;
  return {
    ...entry,
    ...(canonical ? { canonical } : {}),
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(hidden ? { noindex: true as const } : {}),
    // A copy is no longer the entry its drawn card is found by: name the card itself.
    image: image?.src || shareImageFor(entry),
    ...(image?.src ? { shareImageAlt: alt } : {}),
  };
}
