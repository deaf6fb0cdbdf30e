import { describe, expect, it } from 'vitest';
import type { PostView } from '#src/schemas/post-view.ts';
import { pageHashes } from '#src/build/partial-build.ts';
import { RELATED_POSTS, relatedPostsOf } from '#src/site/blog-snapshot.ts';

/** A published post on day `day` of November 2026 with the topics given. */
const post = (slug: string, day: number, tags: string[] = []): PostView => ({
  _id: slug,
  title: `Title of ${slug}`,
  slug,
  excerpt: '',
  body: `Body of ${slug}`,
  bodyHtml: `<p>Body of ${slug}</p>`,
  readingMinutes: 1,
  tags,
  author: null,
  status: 'published',
  publishedAt: new Date(Date.UTC(2026, 10, day)).toISOString(),
  coverImage: '',
  cover: null,
  coverAlt: '',
  seoTitle: slug,
  seoDescription: '',
  seoCanonical: '',
  seoHidden: false,
  seoImage: '',
  shareImage: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

const slugs = (posts: PostView[]) => posts.map((related) => related.slug);

describe('the articles a post offers to read next', () => {
  const posts = [post('e', 20, ['van']), post('d', 15), post('c', 12, ['van', 'fleet']), post('b', 10), post('a', 1, ['fleet'])];

  it('are those sharing most of its topics, then the nearest in date, never itself, without their bodies', () => {
    const related = relatedPostsOf(posts, posts[2]!);
    expect(slugs(related)).toEqual(['e', 'a', 'b']);
    expect(related.every((card) => card.body === '' && card.bodyHtml === '')).toBe(true);
    // No shared topic: the nearest in date on either side.
    expect(slugs(relatedPostsOf(posts, posts[3]!))).toEqual(['c', 'd', 'a']);
    expect(relatedPostsOf([posts[0]!], posts[0]!)).toEqual([]);
    expect(relatedPostsOf(posts, posts[1]!)).toHaveLength(RELATED_POSTS);
  });

  it('make a post’s page be rendered again when one of them changes, and not when a post far away does', () => {
    const before = pageHashes({ posts, tags: [] }).posts;
    const retitled = posts.map((other) => (other.slug === 'a' ? { ...other, title: 'A new title' } : other));
    const after = pageHashes({ posts: retitled, tags: [] }).posts;
    // c lists a (a shared topic): its page changes; d's three nearest are c, b and e, so its page does not.
    expect(after.c).not.toBe(before.c);
    expect(after.d).toBe(before.d);
  });
});
