import { atom, computed, type MapStore, type ReadableAtom } from 'nanostores';
import { ApiError, messageOf, type FieldError } from '#src/api/client.ts';

/**
 * The paging fields every list response carries, and whether total_items is
 * the server's estimate (a list of more rows than it counts exactly: shown as "about N").
 */
export type Paging = { page: number; page_size: number; total_pages: number; total_items: number; total_is_estimate?: boolean };

/** The cursors of the last page loaded (next, previous), which make next and previous as fast on page 50,000 as on the first. */
export type Cursors = { next_cursor?: string | null; prev_cursor?: string | null };

/**
 * The cursor to send for a move from the page on screen to `target`: the answer's next or
 * previous cursor for a step of one, `last` for the last page (of a list that has cursors), none (a page number) otherwise.
 */
export function cursorFor(target: number, on: Paging, cursors: Cursors): string | undefined {
  if (target === on.page + 1 && cursors.next_cursor) return cursors.next_cursor;
  if (target === on.page - 1 && cursors.prev_cursor) return cursors.prev_cursor;
  // `last` only where the list pages by cursor (it gave a next cursor): the renewal-date orders page by number.
  if (target > on.page + 1 && target === on.total_pages - 1 && cursors.next_cursor) return 'last';
  return undefined;
}
/** What every server response carries, kept as the outcome of the last action. */
export type Outcome = { ok: boolean; message: string; errors: FieldError[] };

/** A list's state before its first load: the first page, nothing counted yet, no outcome. */
export const emptyList = (page_size: number): Paging & Outcome & { isLoading: boolean } => ({
  page: 0,
  page_size,
  total_pages: 1,
  total_items: 0,
  ok: true,
  message: '',
  errors: [],
  isLoading: false,
});

/**
 * A place in a store that an action writes and a screen reads. The spec names where each
 * list and current item lives (`users`/`currentUser`, `items`/`currentPost`, a kind's
 * `quotes`/`currentQuote`…), so the factory is told the place rather than keeping its own copy.
 */
export type Slot<T> = { get(): T; set(value: T): void };

/** A key of a map store as a slot. */
export function keySlot<S extends object, K extends keyof S>(store: MapStore<S>, key: K): Slot<S[K]> {
  return { get: () => store.get()[key], set: (value) => store.set({ ...store.get(), [key]: value }) };
}

/** One page of a list, as the calls below hand it over. */
export type ListPage<Item> = Paging & Cursors & { items: Item[]; message: string };

/** A list as its screen shows it, whichever store keeps it: the rows, the paging, the filters and how the last load went. */
export type ListView<Item, Filter> = Paging & Outcome & { items: Item[]; isLoading: boolean; filter: Filter };

/** The calls behind one resource; `get`, `create`, `update` and `remove` only where the resource has them. */
export type ResourceCalls<Item, Detail, Values, Filter> = {
  /** `cursor`, when given, is sent as the API's `cursor` (see cursorFor). `extra`: more of the answer for the store (the mail list's counts). */
  list(query: { page: number; page_size: number; filter: Filter; cursor?: string | undefined }): Promise<ListPage<Item> & { extra?: Record<string, unknown> }>;
  /** One record in full; none for a list whose rows have no screen of their own (the audit log). */
  get?(id: string): Promise<Detail>;
  create?(values: Values): Promise<{ message: string; item: Detail | null }>;
  /** Answers the updated item, or null when the server does not send it whole (it is then fetched again). */
  update?(id: string, values: Values): Promise<{ message: string; item: Detail | null }>;
  remove?(id: string): Promise<string>;
};

export type ListDetailOptions<S extends Paging & Outcome, Item, Detail, Values, Filter> = {
  /** Holds the paging fields and the outcome of the last action. */
  store: MapStore<S>;
  items: Slot<Item[]>;
  /** The loading flag the list screen shows (`isLoading`, or the post state's `isPostLoading`). */
  loading: Slot<boolean>;
  /** The item on screen, where the spec names one (none for contacts). */
  current?: Slot<Detail | null>;
  /** Where a created or updated item goes besides `current` (the post state's `item`). */
  written?: Slot<Detail | null>;
  filter?: Slot<Filter>;
  /** The rows on screen, where they are not simply `items` of `store` (a quote kind's own list). */
  $items?: ReadableAtom<Item[]>;
  calls: ResourceCalls<Item, Detail, Values, Filter>;
  /** Further refreshes after a write (the post list's tag counts). */
  afterWrite?: () => Promise<void>;
};

export type ListDetailStore<S extends object, Item, Detail, Values, Filter> = {
  store: MapStore<S>;
  /** The list as its screen shows it (ListScreen reads this). */
  $view: ReadableAtom<ListView<Item, Filter>>;
  /** True while a create, update or delete is on its way (the form's Save button). */
  $saving: ReadableAtom<boolean>;
  /** Loads a page of the list (the current page by default); an emptied last page steps back one. */
  load(page?: number): Promise<void>;
  /** Fetches one item and makes it the current one. */
  get(id: string): Promise<Detail>;
  /** Creates an item and refreshes the list; answers the server's message. */
  create(values: Values): Promise<string>;
  /** Updates an item, makes the result the current one and refreshes the list; answers the message and the item. */
  update(id: string, values: Values): Promise<{ message: string; item: Detail }>;
  /** Deletes an item, then reloads the list if one is on screen; answers the server's message. */
  remove(id: string): Promise<string>;
  /** Set-current: the item a screen works on (null for none). */
  select(item: Detail | null): void;
  setFilter(filter: Filter): void;
};

/**
 * One list/detail store for the back-office's users, contacts, posts, quotes and renewals:
 * every action records its outcome (ok, message, errors) and the loading flag, writes its
 * result where the spec keeps it, and refreshes the list after a write. A failed action also
 * rejects, so the screen can say so in a dialog; the state keeps what went wrong.
 *
 * Why not @nanostores/query: its fetcher stores keep their own cache keyed by URL, with their
 * own shape ({ data, loading, error }), while the spec names the states and their transitions
 * (the post-list state's fields, the Users state's currentUser, each quote kind's
 * currentQuote and list). Using it would mean copying every answer from its cache into those
 * states, two sources of truth for one list. What it would add (deduplication, refetch on
 * focus or reconnect) buys little in a back-office where each screen loads once on arrival,
 * and refresh after a write is one line here.
 */
export function createListDetailStore<S extends Paging & Outcome, Item, Detail, Values = never, Filter = Record<string, never>>(
  options: ListDetailOptions<S, Item, Detail, Values, Filter>,
): ListDetailStore<S, Item, Detail, Values, Filter> {
  const { store, items, loading, current, written, filter, calls } = options;
  const $rows: ReadableAtom<Item[]> = options.$items ?? computed(store, () => items.get());
  const $view = computed([store, $rows], (state, rows) => ({
    items: rows,
    isLoading: loading.get(),
    filter: filter?.get() ?? ({} as Filter),
    page: state.page,
    page_size: state.page_size,
    total_pages: state.total_pages,
    total_items: state.total_items,
    total_is_estimate: state.total_is_estimate,
    ok: state.ok,
    message: state.message,
    errors: state.errors,
  }));
  const $saving = atom(false);
  /** Whether a list has been loaded on this page, so a write knows to refresh it. */
  let listed = false;
  /** The cursors of the page on screen; forgotten when the filter changes. */
  let cursors: Cursors = {};

  const succeeded = (message: string) => store.set({ ...store.get(), ok: true, message, errors: [] });
  const failed = (error: unknown): never => {
    store.set({ ...store.get(), ok: false, message: messageOf(error), errors: error instanceof ApiError ? error.errors : [] });
    throw error;
  };
  const need = <T>(call: T | undefined, name: string): T => {
    if (!call) throw new Error(`This list has no ${name} action.`);
    return call;
  };
  async function write<T>(run: () => Promise<T>): Promise<T> {
    $saving.set(true);
    try {
      return await run();
    } catch (error) {
      return failed(error);
    } finally {
      $saving.set(false);
    }
  }
  /** After a write, before its outcome is recorded (so the list's own message does not replace the write's). */
  async function refresh(): Promise<void> {
    if (listed) await self.load();
    await options.afterWrite?.();
  }

  const self: ListDetailStore<S, Item, Detail, Values, Filter> = {
    store,
    $view,
    $saving,
    async load(page = store.get().page) {
      loading.set(true);
      try {
        const state = store.get();
        const cursor = cursorFor(page, state, cursors);
        const result = await calls.list({ page, page_size: state.page_size, filter: filter?.get() ?? ({} as Filter), cursor });
        // Deleting the last item of the last page leaves it empty: step back one.
        if (result.items.length === 0 && result.page > 0) return await self.load(result.page - 1);
        listed = true;
        items.set(result.items);
        const { page: p, page_size, total_pages, total_items, total_is_estimate = false } = result;
        cursors = { next_cursor: result.next_cursor, prev_cursor: result.prev_cursor };
        store.set({
          ...store.get(),
          ...result.extra,
          page: p,
          page_size,
          total_pages,
          total_items,
          total_is_estimate,
          ok: true,
          message: result.message,
          errors: [],
        });
      } catch (error) {
        failed(error);
      } finally {
        loading.set(false);
      }
    },
    async get(id) {
      try {
        const item = await need(calls.get, 'get')(id);
        current?.set(item);
        succeeded('');
        return item;
      } catch (error) {
        return failed(error);
      }
    },
    create: (values) =>
      write(async () => {
        const { message, item } = await need(calls.create, 'create')(values);
        if (item) written?.set(item);
        await refresh();
        succeeded(message);
        return message;
      }),
    update: (id, values) =>
      write(async () => {
        const result = await need(calls.update, 'update')(id, values);
        const item = result.item ?? (await need(calls.get, 'get')(id));
        current?.set(item);
        written?.set(item);
        await refresh();
        succeeded(result.message);
        return { message: result.message, item };
      }),
    remove: (id) =>
      write(async () => {
        const message = await need(calls.remove, 'remove')(id);
        await refresh();
        succeeded(message);
        return message;
      }),
    select: (item) => current?.set(item),
    setFilter: (value) => {
      cursors = {};
      // Only the filters that are set: an emptied field is no filter (and leaves the address).
      filter?.set(Object.fromEntries(Object.entries(value as object).filter(([, set]) => set !== '' && set !== undefined)) as Filter);
    },
  };
  return self;
}
