import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { Download, SearchX, TriangleAlert } from 'lucide-static';
import { ApiError, messageOf } from '#src/api/client.ts';
import { confirmDelete, showError, toast } from '#src/ui/dialogs.ts';
import { Pagination } from '#src/ui/Pagination.tsx';
import { countLabel } from '#src/ui/pagination.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { EmptyState } from '../kit/EmptyState.tsx';
import { Icon } from '../kit/Icon.tsx';
import { PageHeader } from '../kit/PageHeader.tsx';
import type { ListView } from '../stores/list-detail.ts';
import { readListAddress, writeListAddress } from './address.ts';
import { BulkBar } from './BulkBar.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import {
  CARDS_BELOW,
  choosableColumns,
  fitColumns,
  measureInList,
  narrowedColumns,
  secondaryKeysOf,
  underNameColumns,
  useHiddenColumns,
  useListWidth,
} from './column-choice.ts';
import { rowMenuOf } from './row-menu.ts';
import { tableMinWidth } from './side-scroll.ts';
import { DATE_TIME_COLUMN_WIDTH, WIDE_DATE_TIME_WIDTH } from '../kit/DateTimeCell.tsx';
import { orderInHeaders } from './order-in-headers.ts';
import { DataTable } from './DataTable.tsx';
import { type Column, filterKeysOf, type ListDescriptor } from './descriptor.ts';
import { ListViews } from './ListViews.tsx';
import { ChoiceSelect, FilterBar } from './FilterBar.tsx';
import { useSelection } from './selection.tsx';
import { TileGrid } from './TileGrid.tsx';
import { usePhone } from './use-phone.ts';

type Filter = Record<string, string | undefined>;

/** The least list width (px) at which dates may take one line. */
const WIDE_DATES_FROM = 960;

/** What a list screen needs of its store (createListDetailStore gives every list this). */
export type ListSource<Item> = {
  $view: ReadableAtom<ListView<Item, Filter>>;
  load(page?: number): Promise<void>;
  setFilter(filter: Filter): void;
};

type Props<Item> = {
  source: ListSource<Item>;
  descriptor: ListDescriptor<Item>;
  /** Between the header and the list (a note about the list). */
  children?: ReactNode;
  /**
   * A bar of the list's own for what is chosen (the media library's), shown in the place of the
   * count and downloads while it is given, where the kit's bulk bar goes: in the page's flow,
   * sticking at the top as the list scrolls, so it never sits over a row at rest.
   */
  selectionBar?: ReactNode;
};

/**
 * Every back-office list, drawn from its descriptor: the header with its actions, the filter
 * bar, the count and downloads, the bulk bar while rows are chosen, the table (cards on a
 * phone), the empty states and the pager. The list's filters and page live in the address
 * (list/address.ts), read on arrival and written after each load. A failed load says so in a
 * dialog ('Error', as the spec has list failures) and in the list's place.
 */
export function ListScreen<Item>({ source, descriptor, children, selectionBar }: Props<Item>) {
  const view = useStore(source.$view);
  const [started, setStarted] = useState(false);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const selection = useSelection(view.items.map(descriptor.rowId));
  // A view may set a key no filter shows (the audit log's `activity`, chosen only by its views): the address keeps it too.
  const viewKeys = (descriptor.views ?? []).flatMap((view) => Object.keys(view.filter));
  const searchKeys = (descriptor.filters ?? []).filter((spec) => spec.kind === 'search').flatMap(filterKeysOf);
  const filterKeys = [...new Set([...[...(descriptor.filters ?? []), ...(descriptor.order ? [descriptor.order] : [])].flatMap(filterKeysOf), ...viewKeys])];
  const order = descriptor.order;
  const choosable = descriptor.tile ? [] : choosableColumns(descriptor.columns, descriptor.primary);
  const columns = useHiddenColumns(
    descriptor.title,
    choosable.map((column) => column.key),
  );

  const root = useRef<HTMLElement>(null);
  const listWidth = useListWidth(root);
  // Past the fixed steps, more columns step aside by priority until the table fits its box: the Actions column is never cut off.
  const rowActionsOf = rowMenuOf(descriptor);
  const withActions = Boolean(rowActionsOf && view.items.some((item) => rowActionsOf(item).length > 0));
  const leastWidth = (wideDates: boolean) => (shown: readonly Column<Item>[]) => {
    const least = tableMinWidth(shown, descriptor.primary, Boolean(descriptor.bulk), withActions);
    return measureInList(root.current, wideDates ? least.replaceAll(DATE_TIME_COLUMN_WIDTH, WIDE_DATE_TIME_WIDTH) : least) ?? 0;
  };
  const tableColumns = descriptor.tile ? [] : descriptor.columns;
  // Fitting probes the table's box (a layout per try): done again only when what it depends on
  // changes, not on every render (each key typed in the search, each row chosen).
  const fitKey = [
    listWidth,
    // The box the probe measures in: absent while the screen shows an empty state instead of the table.
    Boolean(root.current?.querySelector('.bo-table-scroll')),
    columns.hidden.join(),
    withActions,
    Boolean(descriptor.bulk),
    tableColumns.map((column) => `${column.key}:${column.width ?? ''}:${column.priority ?? ''}`).join(),
  ].join('|');
  const fitCache = useRef<{ key: string; narrowed: string[]; wideDates: boolean } | null>(null);
  if (fitCache.current?.key !== fitKey) {
    const stepped = narrowedColumns(choosable, listWidth);
    const narrowFit = fitColumns(tableColumns, stepped, columns.hidden, listWidth, leastWidth(false));
    // Dates on one line where the list is wide and that costs no column; else the date over its time.
    const wideFit =
      listWidth !== null && listWidth >= WIDE_DATES_FROM && tableColumns.some((column) => column.width === DATE_TIME_COLUMN_WIDTH)
        ? fitColumns(tableColumns, stepped, columns.hidden, listWidth, leastWidth(true))
        : null;
    const wide = wideFit !== null && wideFit.length === narrowFit.length && wideFit.every((key) => narrowFit.includes(key));
    fitCache.current = { key: fitKey, narrowed: wide ? wideFit : narrowFit, wideDates: wide };
  }
  const { narrowed, wideDates } = fitCache.current;
  const secondaryKeys = secondaryKeysOf(descriptor.secondaryColumns);
  const underName = underNameColumns(secondaryKeys, narrowed, columns.hidden, listWidth);
  // A phone's cards leave some columns off (`card: 'omit'`): its Columns menu offers only what a card can show.
  const cards = listWidth !== null && listWidth < CARDS_BELOW;
  const offered = cards ? choosable.filter((column) => column.card !== 'omit') : choosable;
  const hasFilterBar = (descriptor.filters?.length ?? 0) > 0;
  // On a phone the order and the downloads wait in the Filters panel: the first record shows on the first screen.
  const phone = usePhone();
  const toolsInPanel = phone && hasFilterBar;
  // At a desk, sortable headers that carry every order stand alone; a phone's cards have no headers, so it keeps the picker.
  const headersSort = !phone && !descriptor.tile && orderInHeaders(order, descriptor.columns, [...columns.hidden, ...narrowed]);

  // A filter with a default never goes unset: clearing it, or an address without it, means the default.
  const withDefaults = (filter: Filter): Filter => {
    const defaults = descriptor.defaults ?? {};
    return { ...defaults, ...Object.fromEntries(Object.entries(filter).filter(([key, value]) => value || !(key in defaults))) };
  };

  const show = async (page: number) => {
    try {
      await source.load(page);
      const now = source.$view.get();
      writeListAddress(now.filter, now.page);
    } catch (error) {
      // A filter the server refused (an odd address, a search too long) is said in the list's place; any other failure in a dialog too.
      if (!(error instanceof ApiError && error.status === 400)) await showError(messageOf(error));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once on arrival, from the address (a bookmark, a reload, a dashboard figure)
  useEffect(() => {
    const { filter, page } = readListAddress(window.location.search, filterKeys);
    source.setFilter(withDefaults(filter));
    setStarted(true);
    void show(page);
  }, [source]);

  const filterBy = (filter: Filter) => {
    source.setFilter(withDefaults(filter));
    void show(0);
  };

  /**
   * Runs a bulk action and says how it went in a toast ('Deleted!' for a delete). A change
   * clears the selection (the rows may have left the list); an export keeps it.
   */
  const bulk = async (run: () => Promise<unknown>, outcome: 'changed' | 'deleted' | 'kept' = 'changed') => {
    setBusy(true);
    try {
      // The store's bulk action reloads the list itself (the store tests hold it to that).
      const message = await run();
      if (outcome !== 'kept') selection.clear();
      if (typeof message === 'string') toast(message, outcome === 'deleted' ? 'Deleted!' : 'Success!');
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const actions = descriptor.bulk;
  const filtered = [...(descriptor.filters ?? []).flatMap(filterKeysOf), ...viewKeys].some(
    (key) => view.filter[key] && view.filter[key] !== descriptor.defaults?.[key],
  );
  const { noun } = descriptor;

  let message: ReactNode = null;
  if (!started || (view.isLoading && view.items.length === 0)) message = <Spinner label={`Loading ${noun.many}`} />;
  else if (!view.ok && view.items.length === 0)
    message = (
      <EmptyState
        icon={TriangleAlert}
        title={`The ${noun.many} could not be loaded`}
        text={view.message}
        action={
          <button type="button" className="bo-button" onClick={() => void show(view.page)}>
            Try again
          </button>
        }
      />
    );
  else if (view.items.length === 0)
    message = filtered ? (
      <EmptyState
        icon={SearchX}
        title={`No ${noun.many} match these filters`}
        text="Try fewer filters, or another search."
        action={
          <button type="button" className="bo-button" onClick={() => filterBy({})}>
            Clear filters
          </button>
        }
      />
    ) : (
      <EmptyState {...descriptor.empty} />
    );

  /** The list's order: beside the count, or a field of the Filters panel on a phone. */
  const orderControl = (className: string) =>
    order && (
      <div className={className}>
        <label htmlFor={`${listId}-order`}>{order.label}</label>
        <ChoiceSelect
          id={`${listId}-order`}
          spec={order}
          value={view.filter[order.key] ?? ''}
          onChange={(choice) => filterBy({ ...view.filter, [order.key]: choice || undefined })}
        />
      </div>
    );
  const downloads = descriptor.exports?.map((item) => (
    // A named download: the router leaves such links to the browser.
    <a key={item.download} className="bo-button bo-button-quiet" href={item.href()} download={item.download}>
      <Icon svg={Download} size={16} />
      {item.label}
    </a>
  ));

  return (
    <section className="bo-list" ref={root}>
      <PageHeader title={descriptor.title} breadcrumb={descriptor.breadcrumb} description={descriptor.description} actions={descriptor.actions} />
      {children}
      {descriptor.views && (
        <ListViews views={descriptor.views} filter={view.filter} filterKeys={filterKeys} order={order?.key} searchKeys={searchKeys} onChoose={filterBy} />
      )}
      {hasFilterBar && (
        <FilterBar
          filters={descriptor.filters ?? []}
          value={view.filter}
          onChange={filterBy}
          label={`Filter ${noun.many}`}
          defaults={descriptor.defaults}
          more={
            toolsInPanel && (orderControl('bo-filter') || downloads) ? (
              <>
                {orderControl('bo-filter')}
                {downloads && <div className="bo-filter-actions bo-filters-downloads">{downloads}</div>}
              </>
            ) : undefined
          }
        />
      )}
      {selectionBar ? (
        selectionBar
      ) : actions && selection.count > 0 ? (
        <BulkBar
          actions={actions}
          count={selection.count}
          noun={noun}
          busy={busy}
          onStatus={(status) => void bulk(() => actions.onStatus!(selection.ids, status))}
          onOwner={(ownerId) => void bulk(() => actions.onOwner!(selection.ids, ownerId))}
          onExport={() => void bulk(() => actions.onExport!(selection.ids), 'kept')}
          onDelete={() =>
            void confirmDelete().then((sure) => {
              if (sure) void bulk(() => actions.onDelete!(selection.ids), 'deleted');
            })
          }
          onClear={selection.clear}
        />
      ) : (
        <div className="bo-list-summary">
          <p role="status" style={{ margin: 0 }}>
            {view.isLoading || !started ? '' : `${countLabel(view.total_items, view.total_is_estimate)} ${view.total_items === 1 ? noun.one : noun.many}`}
          </p>
          {!toolsInPanel && !headersSort && orderControl('bo-list-order')}
          {(offered.length > 0 || (downloads && !toolsInPanel)) && (
            <div className="bo-page-actions">
              <ColumnChooser columns={offered} hidden={columns.hidden} narrowed={narrowed} underName={secondaryKeys} onToggle={columns.toggle} />
              {!toolsInPanel && downloads}
            </div>
          )}
        </div>
      )}
      {!view.ok && view.items.length > 0 && !view.isLoading && (
        <p className="bo-alert" role="alert" style={{ marginBottom: '0.75rem' }}>
          {view.message}
        </p>
      )}
      {descriptor.tile ? (
        <TileGrid descriptor={{ ...descriptor, tile: descriptor.tile }} items={view.items} message={message} busy={view.isLoading} />
      ) : (
        <DataTable
          descriptor={descriptor}
          items={view.items}
          selection={actions ? selection : undefined}
          hidden={columns.hidden}
          narrowed={narrowed}
          underName={underName}
          wideDates={wideDates}
          message={message}
          busy={view.isLoading}
          order={order && { value: view.filter[order.key] ?? '', onChange: (value) => filterBy({ ...view.filter, [order.key]: value || undefined }) }}
        />
      )}
      <Pagination
        page={view.page}
        page_size={view.page_size}
        total_pages={view.total_pages}
        total_is_estimate={view.total_is_estimate}
        onPageChange={(page) => void show(page)}
      />
    </section>
  );
}
