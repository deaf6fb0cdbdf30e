import { map } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#src/api/client.ts';
import { createListDetailStore, keySlot, type ListPage, type Outcome, type Paging } from '#src/admin/stores/list-detail.ts';

/**
 * The list/detail store factory on its own: an in-memory resource stands behind its calls, so
 * each rule (outcome, loading flag, step back from an emptied page, current item, refresh after
 * a write) is seen without a server. The stores built on it are driven against the real app in
 * admin-stores.test.ts.
 */
type Row = { id: string; name: string };
type State = Paging & Outcome & { rows: Row[]; current: Row | null; isLoading: boolean };

function setup(initialRows: Row[], pageSize = 2) {
  const rows = [...initialRows];
  const seen: boolean[] = [];
  const calls = { list: 0, get: 0 };
  let failNext: ApiError | null = null;
  const fail = () => {
    const error = failNext;
    failNext = null;
    if (error) throw error;
  };
  const $state = map<State>({
    rows: [],
    current: null,
    page: 0,
    page_size: pageSize,
    total_pages: 1,
    total_items: 0,
    ok: true,
    message: '',
    errors: [],
    isLoading: false,
  });
  const store = createListDetailStore<State, Row, Row, { name: string }>({
    store: $state,
    items: keySlot($state, 'rows'),
    current: keySlot($state, 'current'),
    loading: keySlot($state, 'isLoading'),
    calls: {
      async list({ page, page_size }): Promise<ListPage<Row>> {
        calls.list++;
        seen.push($state.get().isLoading);
        fail();
        const items = rows.slice(page * page_size, (page + 1) * page_size);
        return { items, page, page_size, total_pages: Math.max(1, Math.ceil(rows.length / page_size)), total_items: rows.length, message: 'Rows' };
      },
      async get(id) {
        calls.get++;
        fail();
        const row = rows.find((r) => r.id === id);
        if (!row) throw new ApiError(404, 'There is no such row.');
        return { ...row };
      },
      async create(values) {
        fail();
        const row = { id: String(rows.length + 1), ...values };
        rows.push(row);
        return { message: 'Row created.', item: row };
      },
      async update(id, values) {
        fail();
        const row = rows.find((r) => r.id === id)!;
        row.name = values.name;
        // Like the quote requests: the answer carries no whole item, so the store fetches it.
        return { message: 'Row updated.', item: null };
      },
      async remove(id) {
        fail();
        rows.splice(
          rows.findIndex((r) => r.id === id),
          1,
        );
        return 'Row deleted.';
      },
    },
  });
  return { store, $state, rows, seen, calls, failWith: (error: ApiError) => (failNext = error) };
}

const threeRows = () => [
  { id: '1', name: 'one' },
  { id: '2', name: 'two' },
  { id: '3', name: 'three' },
];

describe('list/detail store factory', () => {
  it('load fills the list and the paging, records the outcome and shows loading only while the call runs', async () => {
    const { store, $state, seen } = setup(threeRows());
    await store.load(1);
    expect(seen).toEqual([true]);
    expect($state.get()).toMatchObject({
      rows: [{ id: '3', name: 'three' }],
      page: 1,
      total_pages: 2,
      total_items: 3,
      ok: true,
      message: 'Rows',
      isLoading: false,
    });
  });

  it('a failed load keeps the reason in the state, clears loading and rejects', async () => {
    const { store, $state, failWith } = setup(threeRows());
    failWith(new ApiError(400, 'Invalid input', [{ field: 'page', message: 'Too far' }]));
    await expect(store.load(0)).rejects.toThrow('Invalid input');
    expect($state.get()).toMatchObject({ ok: false, message: 'Invalid input', errors: [{ field: 'page', message: 'Too far' }], isLoading: false });
  });

  it('deleting the only row of the last page reloads the list a page back', async () => {
    const { store, $state } = setup(threeRows());
    await store.load(1);
    expect(await store.remove('3')).toBe('Row deleted.');
    expect($state.get()).toMatchObject({ page: 0, total_pages: 1, total_items: 2 });
    expect($state.get().rows.map((r) => r.id)).toEqual(['1', '2']);
  });

  it('a write refreshes the list only when one has been loaded', async () => {
    const { store, calls } = setup(threeRows());
    await store.remove('1');
    expect(calls.list).toBe(0);
    await store.load(0);
    await store.create({ name: 'four' });
    expect(calls.list).toBe(2);
  });

  it('get and update set the current item (update fetches it when the answer lacks it); select and reset it', async () => {
    const { store, $state, calls } = setup(threeRows());
    await store.get('2');
    expect($state.get().current).toEqual({ id: '2', name: 'two' });
    const saving: boolean[] = [];
    store.$saving.listen((value) => saving.push(value));
    const { message, item } = await store.update('2', { name: 'deux' });
    expect(saving).toEqual([true, false]);
    expect(message).toBe('Row updated.');
    expect(item).toEqual({ id: '2', name: 'deux' });
    expect($state.get().current).toEqual({ id: '2', name: 'deux' });
    expect(calls.get).toBe(2);
    store.select(null);
    expect($state.get().current).toBeNull();
  });

  it('a failed get leaves the current item alone and records why', async () => {
    const { store, $state } = setup(threeRows());
    await store.get('1');
    await expect(store.get('9')).rejects.toThrow('There is no such row.');
    expect($state.get()).toMatchObject({ current: { id: '1' }, ok: false, message: 'There is no such row.' });
  });
});
