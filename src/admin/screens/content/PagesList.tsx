import { useEffect, useMemo, useState } from 'react';
import { can } from '#src/schemas/roles.ts';
import { useStore } from '@nanostores/react';
import { PanelsTopLeft } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { type ContentPageView, PAGE_GROUPS } from '#src/schemas/content.ts';
import { showError } from '#src/ui/dialogs.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { EmptyState } from '#src/admin/kit/EmptyState.tsx';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { DataTable } from '#src/admin/list/DataTable.tsx';
import type { FilterSpec, ListDescriptor } from '#src/admin/list/descriptor.ts';
import { FilterBar } from '#src/admin/list/FilterBar.tsx';
import { readListAddress, writeListAddress } from '#src/admin/list/address.ts';
import { $login } from '#src/admin/stores/session.ts';
import { $contentPages, loadContentPages } from '#src/admin/stores/pages.ts';
import { PublishBar } from './PublishBar.tsx';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';

const edit = (page: ContentPageView) => `/admin/content/page/${page.id}`;

/**
 * The pages as the list kit draws them: name and addresses, unpublished changes, when last
 * changed (on one line: with three columns the table has room for the date and time side by side).
 */
const pagesList: ListDescriptor<ContentPageView> = {
  title: 'Pages',
  noun: { one: 'page', many: 'pages' },
  primary: 'name',
  secondary: (page) => [page.path, ...page.alsoAt].join(', '),
  columns: [
    { key: 'name', label: 'Page', cell: (page) => page.name },
    {
      key: 'changes',
      label: 'Changes',
      width: '13rem',
      card: 'meta',
      cell: (page) =>
        page.changes === 0 ? (
          <span className="bo-muted">All published</span>
        ) : (
          <span className="bo-badge bo-badge-progress">
            {page.changes} unpublished {page.changes === 1 ? 'change' : 'changes'}
          </span>
        ),
    },
    {
      key: 'updated',
      label: 'Last changed',
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      priority: 2,
      card: 'meta',
      cell: (page) => (page.updatedAt ? <DateTimeCell at={page.updatedAt} /> : <NoValue label="Never" />),
    },
  ],
  rowId: (page) => page.id,
  rowName: (page) => page.name,
  rowHref: edit,
  openLabel: 'Edit',
  rowActions: (page) => [{ label: 'View the live page', onSelect: () => window.open(page.path, '_blank', 'noopener') }],
  empty: {
    icon: PanelsTopLeft,
    title: 'No pages',
    text: 'The site’s pages show here once the website is set up. If none show, ask whoever looks after the website.',
  },
};

/** The one filter: every page is loaded (a few dozen), so the search runs here as one types. */
const pageFilters: FilterSpec[] = [{ key: 'q', label: 'Search', kind: 'search', scope: 'Page name or address', maxLength: 100 }];

/** Whether a page's name or one of its addresses holds the words searched for. */
const matches = (page: ContentPageView, words: string) =>
  [page.name, page.path, ...page.alsoAt].some((text) => text.toLocaleLowerCase('en-IE').includes(words));

/**
 * /admin/content: the site's pages whose words and pictures staff edit, by name and address,
 * with their unpublished changes; each opens in the page editor. Publishing is for them all.
 */
export function PagesList() {
  const { pages, isLoading } = useStore($contentPages);
  const { user } = useStore($login);
  const [filter, setFilter] = useState(() => readListAddress(window.location.search, ['q']).filter);
  const words = filter.q?.trim().toLocaleLowerCase('en-IE') ?? '';
  const shown = useMemo(() => (words ? pages.filter((page) => matches(page, words)) : pages), [pages, words]);
  // Grouped by kind while the whole list shows; a search's matches are one list.
  const groups = useMemo(
    () =>
      words ? [] : PAGE_GROUPS.map((group) => ({ label: group, items: pages.filter((page) => page.group === group) })).filter(({ items }) => items.length),
    [pages, words],
  );
  const search = (next: Record<string, string | undefined>) => {
    const kept = next.q ? { q: next.q } : {};
    setFilter(kept);
    writeListAddress(kept, 0);
  };

  useEffect(() => {
    loadContentPages().catch((error: unknown) => void showError(messageOf(error)));
  }, []);

  return (
    <section className="bo-list">
      <PageHeader
        title="Pages"
        // No "New page": a page is a route of the site's code (its seed), which the Structure screen cannot add; saying so spares the search for a button.
        description="The words and images of the site's pages. Open a page to change it on a preview of the page itself; saved changes go live when you publish. New pages come with the website's code; their sections are made under Structure."
        actions={
          can(user?.role, 'administration') && (
            <a className="bo-button" href="/admin/content/structure">
              Edit the structure
            </a>
          )
        }
      />
      <PublishBar onPublished={() => void loadContentPages()} />
      <FilterBar filters={pageFilters} value={filter} onChange={search} label="Search pages" />
      {groups.length > 0 ? (
        // One table, one header: each kind of page a group of rows under its name.
        <DataTable descriptor={pagesList} items={shown} groups={groups} busy={isLoading} wideDates />
      ) : (
        <DataTable
          descriptor={pagesList}
          items={shown}
          busy={isLoading}
          wideDates
          message={
            isLoading && pages.length === 0 ? (
              <Spinner label="Loading the pages" />
            ) : pages.length === 0 ? (
              <EmptyState {...pagesList.empty} />
            ) : shown.length === 0 ? (
              <EmptyState
                icon={PanelsTopLeft}
                title={`No page is called or found at “${filter.q?.trim()}”`}
                text="Try part of the page’s name, such as “van”, or its address, such as /claims."
                action={
                  <button type="button" className="bo-button" onClick={() => search({})}>
                    Show every page
                  </button>
                }
              />
            ) : null
          }
        />
      )}
    </section>
  );
}
