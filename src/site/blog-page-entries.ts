import type { PostView } from '../schemas/post.ts';
import { canonicalTarget } from '../schemas/search-listing.ts';
import { blogListPath, postPath, postTitle } from '#src/lib/blog.ts';
import { siteFacts } from './facts.ts';
import { type PageEntry, pageFor } from './pages.ts';

/**
 * Head metadata of the pages the build makes from the blog's data, in the page table's shape
 * (src/site/pages.ts). Build only: it reads the site facts, which the browser never needs.
 */

/** A post's page: its SEO fields, canonical slug URL and share image (its own, else the cover). Pre-rendered HTML, no island. */
export function postPageEntry(post: PostView): PageEntry {
  const shared = post.shareImage ? { image: post.shareImage, alt: post.shareImage.alt } : post.cover ? { image: post.cover, alt: post.coverAlt } : null;
  const canonical = post.seoCanonical ? canonicalTarget(post.seoCanonical) : null;
  return {
    path: postPath(post.slug),
    title: postTitle(post, siteFacts().brand),
    description: post.seoDescription,
    // Staff's search settings for the post: the same rules as a page's (src/site/page-search.ts).
    inSitemap: !post.seoHidden,
    ...(post.seoHidden ? { noindex: true as const } : {}),
    ...(canonical ? { canonical } : {}),
    article: {
      publishedAt: post.publishedAt ?? post.createdAt,
      updatedAt: post.updatedAt,
      author: post.author,
      tags: post.tags,
      ...(shared?.image.src ? { image: { src: shared.image.src, width: shared.image.width, height: shared.image.height, alt: shared.alt } } : {}),
    },
  };
}

/** A page of the list (one-based): page 1 is /blog's own entry, the others say their number. */
export function blogListPageEntry(page: number): PageEntry {
  const blog = pageFor(blogListPath(1));
  if (page <= 1) return blog;
  return { ...blog, path: blogListPath(page), title: `Page ${page} | ${blog.title}`, description: `${blog.description} Page ${page}.` };
}
