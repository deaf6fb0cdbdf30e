import { describe, expect, it } from 'vitest';
import { matchingSuggestions, postSuggestions, searchesPosts, type LinkSuggestion } from '#src/admin/rich-text/link-suggestions.ts';
import type { PostView } from '#src/schemas/post.ts';

const pages: LinkSuggestion[] = [
  { href: '/van-insurance', title: 'Van insurance', kind: 'Page' },
  { href: '/fleet-insurance', title: 'Fleet insurance', kind: 'Page' },
  { href: '/claims-assistance', title: 'Claims assistance', kind: 'Page' },
];

const post = (slug: string, status: PostView['status'], publishedAt: string | null) => ({ slug, title: slug, status, publishedAt }) as PostView;

describe('the site’s own pages and posts offered as a link is typed', () => {
  it('offers the pages holding every word typed, by name or address, then the posts found', () => {
    const found: LinkSuggestion[] = [{ href: '/blog/van-tax', title: 'Van tax', kind: 'Post' }];
    expect(matchingSuggestions('van', pages, found).map((one) => one.href)).toEqual(['/van-insurance', '/blog/van-tax']);
    expect(matchingSuggestions('/fleet-ins', pages, []).map((one) => one.href)).toEqual(['/fleet-insurance']);
    expect(matchingSuggestions('CLAIMS help', pages, []).map((one) => one.href)).toEqual([]);
    expect(matchingSuggestions('', pages, []).map((one) => one.href)).toEqual(pages.map((one) => one.href));
  });

  it('offers nothing while a web, mail or phone address is typed, and does not search the posts for one', () => {
    for (const typed of ['https://www.rsa.ie', 'www.rsa.ie', 'sales@shannon-insurance.ie', '061 123 456']) {
      expect(matchingSuggestions(typed, pages, [])).toEqual([]);
      expect(searchesPosts(typed)).toBe(false);
    }
    expect(searchesPosts('van tax')).toBe(true);
    expect(searchesPosts('v')).toBe(false);
  });

  it('offers only posts a reader can open, without repeating an address', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    const posts = [
      post('live', 'published', '2026-04-01T00:00:00Z'),
      post('draft', 'draft', null),
      post('due', 'scheduled', '2026-05-01T11:00:00Z'),
      post('later', 'scheduled', '2026-06-01T00:00:00Z'),
    ];
    expect(postSuggestions(posts, now).map((one) => one.href)).toEqual(['/blog/live', '/blog/due']);
    const twice = [...pages, { href: '/van-insurance', title: 'Van insurance again', kind: 'Post' as const }];
    expect(matchingSuggestions('van', twice, []).map((one) => one.title)).toEqual(['Van insurance']);
  });
});
