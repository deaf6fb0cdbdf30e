import { useEffect, useMemo, useRef, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { PostView, TagCount } from '#src/schemas/post.ts';
import { Pagination } from '#src/ui/Pagination.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { addressOfQuery, createBlogListStore, queryFromAddress, type BlogQuery } from './blog-list-store.ts';
import { PostCard } from './PostCard.tsx';
import './blog.css';
import { withAppErrorBoundary } from '#src/ui/AppErrorBoundary.tsx';

export type BlogIndexProps = {
  posts: PostView[];
  tags: TagCount[];
  /** The zero-based page the build rendered (/blog is 0, /blog/page/2 is 1). */
  page: number;
  page_size: number;
  total_pages: number;
  total_items: number;
};

function statusText(state: { loading: boolean; q: string; tag: string; total_items: number }): string {
  if (state.loading) return '';
  const count = `${state.total_items} ${state.total_items === 1 ? 'article' : 'articles'}`;
  if (state.q) return `${count} found for “${state.q}”`;
  if (state.tag) return `${count} on ${state.tag}`;
  return '';
}

/**
 * /blog and /blog/page/N: a page of posts as pre-rendered at build time, then live. It reads
 * the page from the path (or ?page), ?tag and ?q from the query string, fetches fresh data
 * from the API and keeps the address in step, so the back button and shared links work.
 */
function BlogIndex(props: BlogIndexProps) {
  const store = useMemo(
    () =>
      createBlogListStore({
        items: props.posts,
        tags: props.tags,
        page: props.page,
        page_size: props.page_size,
        total_pages: props.total_pages,
        total_items: props.total_items,
      }),
    [props],
  );
  const state = useStore(store);
  // Uncontrolled: words typed into the pre-rendered box before the island hydrated are kept
  // (a controlled input was reset to its empty state, and Search then searched for nothing).
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const fromAddress = (event?: PopStateEvent) => {
      const query = queryFromAddress(window.location.pathname, window.location.search);
      if (searchBox.current && (event || query.q)) searchBox.current.value = query.q;
      void store.load(query);
    };
    fromAddress();
    void store.refreshTags();
    window.addEventListener('popstate', fromAddress);
    return () => window.removeEventListener('popstate', fromAddress);
  }, [store]);

  const go = (query: BlogQuery) => {
    window.history.pushState(null, '', addressOfQuery(query));
    void store.load(query);
  };
  const onSearch = (event: SubmitEvent) => {
    event.preventDefault();
    go({ page: 0, tag: '', q: (searchBox.current?.value ?? '').trim() });
  };
  const chooseTag = (tag: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    if (searchBox.current) searchBox.current.value = '';
    go({ page: 0, tag, q: '' });
  };

  return (
    <div className="blog-index">
      <div className="blog-tools">
        <form role="search" className="blog-search" action="/blog" method="get" onSubmit={onSearch}>
          <label htmlFor="blog-q">Search the blog</label>
          <div className="blog-search-row">
            <input ref={searchBox} id="blog-q" name="q" type="search" defaultValue="" maxLength={200} />
            <button type="submit" className="button">
              Search
            </button>
          </div>
        </form>
        {state.tags.length > 0 && (
          <nav aria-label="Topics" className="blog-topics">
            {/* The chips wrap onto as many rows as they need at every width (blog.css): all in view, none cut off. */}
            <ul>
              <li>
                <a href="/blog" onClick={chooseTag('')} aria-current={!state.tag && !state.q ? 'page' : undefined}>
                  All topics
                </a>
              </li>
              {state.tags.map((tag) => (
                <li key={tag.name}>
                  <a
                    href={`/blog?${new URLSearchParams({ tag: tag.name })}`}
                    onClick={chooseTag(tag.name)}
                    aria-current={state.tag === tag.name && !state.q ? 'page' : undefined}
                  >
                    {tag.name} <span className="blog-topic-count">({tag.count})</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>

      <div className="blog-status">
        {state.loading && <Spinner label="Loading articles" />}
        <p role="status">{statusText(state)}</p>
      </div>
      {state.error && (
        <p className="blog-error" role="alert">
          {state.error}
        </p>
      )}
      {state.items.length > 0 ? (
        <ul className="post-cards" aria-busy={state.loading}>
          {state.items.map((post, index) => (
            // The newest post leads the unfiltered first page as a wide card: the list opens on a story, not a grid.
            <PostCard key={post._id} post={post} lead={index === 0 && state.page === 0 && !state.tag && !state.q} />
          ))}
        </ul>
      ) : (
        !state.loading && !state.error && <p className="blog-empty">No articles match. Try another word, or browse all topics.</p>
      )}
      {!state.q && (
        <Pagination
          page={state.page}
          page_size={state.page_size}
          total_pages={state.total_pages}
          onPageChange={(page) => go({ page, tag: state.tag, q: '' })}
          className="blog-pagination"
        />
      )}
    </div>
  );
}

/** The island inside the error boundary: a render error shows a reload screen, not a blank space. */
export default withAppErrorBoundary(BlogIndex);
