import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { OptionsMenu } from '../../../ui/OptionsMenu.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { messageOf } from '../../../api/client.ts';
import { showError, showSuccess } from '../../../ui/dialogs.ts';
import { deleteAfterConfirming } from '../../delete-flow.ts';
import { $posts, fetchPosts, fetchTags, posts, setFilter } from '../../stores/posts.ts';
import { go } from '../../stores/router.ts';
import { formatDateTime } from '../../format.ts';
import { ListTable } from '../../components/ListTable.tsx';

const reportError = (error: unknown) => showError(messageOf(error));

/** /admin/posts: every post, with search, a tag filter, status badges and paging. */
export function PostsList() {
  const state = useStore($posts);
  const [query, setQuery] = useState(state.filter.q ?? '');
  const searchFailed = Boolean(state.filter.q) && !state.ok;

  useEffect(() => {
    fetchPosts(0).catch(reportError);
    fetchTags().catch(reportError);
  }, []);

  const applyFilter = (filter: typeof state.filter) => {
    setFilter(filter);
    fetchPosts(0).catch(reportError);
  };
  const search = (event: SubmitEvent) => {
    event.preventDefault();
    applyFilter({ ...state.filter, q: query.trim() || undefined });
  };
  const remove = (id: string) =>
    deleteAfterConfirming(async () => {
      await showSuccess(await posts.remove(id), 'Success!');
    });

  return (
    <section>
      <div className="admin-title-row">
        <h1>All Posts</h1>
        <a className="admin-button" href="/admin/posts/create">
          Create
        </a>
      </div>
      <div className="admin-filters">
        <form role="search" onSubmit={search} className="admin-search">
          <label htmlFor="post-search">Search posts</label>
          <input
            id="post-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-describedby={searchFailed ? 'post-search-error' : undefined}
          />
          <button type="submit" className="admin-button secondary">
            Search
          </button>
          {searchFailed && (
            <p id="post-search-error" className="ui-field-error admin-search-error" role="alert">
              {[state.message, ...state.errors.map((error) => error.message)].join(' ')}
            </p>
          )}
        </form>
        <label>
          Tag{' '}
          <select value={state.filter.tag ?? ''} onChange={(event) => applyFilter({ ...state.filter, q: undefined, tag: event.target.value || undefined })}>
            <option value="">All tags</option>
            {state.tags.map((tag) => (
              <option key={tag.name} value={tag.name}>
                {tag.name} ({tag.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          Status{' '}
          <select
            value={state.filter.status ?? ''}
            onChange={(event) => applyFilter({ ...state.filter, q: undefined, status: event.target.value || undefined })}
          >
            <option value="">All</option>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
            <option value="scheduled">Scheduled</option>
          </select>
        </label>
      </div>
      <ListTable
        columns={['Title', 'Status', 'Tags', 'Publish date', 'Actions']}
        isLoading={state.isPostLoading}
        emptyText="No Posts Available ..."
        loadingLabel="Loading posts"
        rows={state.items.map((post) => (
          <tr key={post._id}>
            <td>{post.title}</td>
            <td>
              <span className={`admin-badge admin-badge-${post.status}`}>{post.status}</span>
            </td>
            <td>{post.tags.join(', ')}</td>
            <td>{post.publishedAt ? formatDateTime(post.publishedAt) : '—'}</td>
            <td>
              <OptionsMenu
                label={`Options for ${post.title}`}
                items={[
                  { label: 'Edit', onSelect: () => go(`/admin/posts/edit/${post._id}`) },
                  { label: 'Delete', onSelect: () => void remove(post._id) },
                ]}
              />
            </td>
          </tr>
        ))}
      />
      <Pagination
        page={state.page}
        page_size={state.page_size}
        total_pages={state.total_pages}
        total_is_estimate={state.total_is_estimate}
        onPageChange={(page) => void fetchPosts(page).catch(reportError)}
      />
    </section>
  );
}
