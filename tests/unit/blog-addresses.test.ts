import { describe, expect, it } from 'vitest';
import { addressOfQuery, queryFromAddress } from '#src/islands/blog/blog-list-store.ts';
import { BLOG_PAGE_SIZE, blogListPageCount, blogListPath, pageOfBlogListPath } from '#src/lib/blog.ts';

/** The blog list's addresses: built pages for plain paging, the query string for topics and searches. */
describe('blog list addresses', () => {
  it('numbers the built pages from /blog, twelve posts a page', () => {
    expect(BLOG_PAGE_SIZE).toBe(12);
    expect([1, 2, 3].map(blogListPath)).toEqual(['/blog', '/blog/page/2', '/blog/page/3']);
    expect([0, 1, 12, 13, 1000].map(blogListPageCount)).toEqual([1, 1, 1, 2, 84]);
    expect(
      ['/blog/page/2', '/blog/page/84', '/blog/page/1', '/blog/page/0', '/blog/page/02', '/blog/page/x', '/blog/2', '/blog'].map(pageOfBlogListPath),
    ).toEqual([2, 84, null, null, null, null, null, null]);
  });

  it('reads the page from the path (or the older ?page=), the topic and the search from the query', () => {
    expect(queryFromAddress('/blog/page/3', '')).toEqual({ page: 2, tag: '', q: '' });
    expect(queryFromAddress('/blog', '?page=3')).toEqual({ page: 2, tag: '', q: '' });
    expect(queryFromAddress('/blog', '?tag=Vans&page=2')).toEqual({ page: 1, tag: 'Vans', q: '' });
    expect(queryFromAddress('/blog', '?q=%20tyres%20')).toEqual({ page: 0, tag: '', q: 'tyres' });
  });

  it('writes plain pages as built addresses, topics and searches in the query string', () => {
    expect(addressOfQuery({ page: 0, tag: '', q: '' })).toBe('/blog');
    expect(addressOfQuery({ page: 4, tag: '', q: '' })).toBe('/blog/page/5');
    expect(addressOfQuery({ page: 1, tag: 'Road safety', q: '' })).toBe('/blog?tag=Road+safety&page=2');
    expect(addressOfQuery({ page: 3, tag: 'Vans', q: 'tyres' })).toBe('/blog?q=tyres');
  });
});
