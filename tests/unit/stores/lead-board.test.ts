import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lead } from '#src/admin/stores/leads.ts';

/**
 * The board's store: a column a status from the list API, a move shown at once and saved with
 * the list's one-row bulk change, a refusal put back where it was, "Show more" by cursor. The
 * list's calls are stood in for here; the API itself is tested in tests/api.
 */

const api = vi.hoisted(() => ({
  fetchLeadPage: vi.fn(),
  bulk: vi.fn(async (_action: unknown, _options?: unknown) => '1 request updated.'),
  setOutcome: vi.fn(async () => 'Outcome saved.'),
}));
vi.mock('#src/admin/stores/leads.ts', () => ({
  fetchLeadPage: api.fetchLeadPage,
  leadsStoreFor: () => ({ bulk: api.bulk, setOutcome: api.setOutcome }),
}));

const { boardFor } = await import('#src/admin/stores/lead-board.ts');

const lead = (id: string, status: string, createdAt: string, premium: string | null = null): Lead =>
  ({ _id: id, status, createdAt, reference: `VQ-2026-00000${id}`, name: `Person ${id}`, premium, insurer: '', lostReason: null, lostDetail: '' }) as Lead;

/** What every answer says each view holds. */
const viewCounts = { mine: 1, unassigned: 3, new: 2, overdue: 1 };
/** Each stage's premiums over the whole stage (more than its cards on screen), as the API adds them up. */
const premiumTotals: Record<string, string> = { new: '0', contacted: '2500.50', quoted: '0', won: '0', lost: '0' };

/** The rows each status answers, as pages of the list API. */
let rows: Record<string, Lead[]>;

beforeEach(() => {
  rows = {
    new: [lead('3', 'new', '2026-03-03T09:00:00Z'), lead('1', 'new', '2026-03-01T09:00:00Z')],
    contacted: [lead('4', 'contacted', '2026-03-04T09:00:00Z', '1000.25'), lead('2', 'contacted', '2026-03-02T09:00:00Z')],
    quoted: [],
    won: [],
    lost: [],
  };
  api.fetchLeadPage.mockReset();
  api.fetchLeadPage.mockImplementation(async (_area: string, { filter, sum }: { filter: { status: string }; sum?: string }) => ({
    items: rows[filter.status],
    total_items: rows[filter.status]!.length,
    page: 0,
    next_cursor: null,
    view_counts: viewCounts,
    ...(sum === 'premium' ? { premium_total: premiumTotals[filter.status] } : {}),
  }));
  api.bulk.mockClear();
});

const board = boardFor('quotes');
const ids = (status: 'new' | 'contacted' | 'quoted' | 'won' | 'lost') => board.$board.get().columns[status].items.map((item) => item._id);
const total = (status: 'new' | 'contacted') => board.$board.get().columns[status].total;
const cents = (status: 'new' | 'contacted' | 'won') => board.$board.get().columns[status].premiumCents;

describe('the quotes board', () => {
  it('loads each stage from the list API, filtered by its status and the address’s filters', async () => {
    await board.load({ q: 'byrne', owner: 'none', due: 'overdue' });
    expect(api.fetchLeadPage).toHaveBeenCalledTimes(5);
    expect(api.fetchLeadPage).toHaveBeenCalledWith('quotes', {
      filter: { q: 'byrne', owner: 'none', due: 'overdue', status: 'new' },
      page: 0,
      page_size: 20,
      cursor: undefined,
      sum: 'premium',
    });
    expect(ids('new')).toEqual(['3', '1']);
    expect(total('contacted')).toBe(2);
    expect(board.$board.get().columns.quoted).toMatchObject({ items: [], total: 0, loading: false, error: '' });
  });

  it('keeps each stage’s premiums over the whole stage, and what each view holds', async () => {
    await board.load({});
    expect([cents('new'), cents('contacted')]).toEqual([0, 250050]);
    expect(board.$board.get().viewCounts).toEqual(viewCounts);
  });

  it('moves a card’s premium with it, and back again on a refusal', async () => {
    await board.load({});
    const priced = board.$board.get().columns.contacted.items[0]!;
    await board.move(priced, 'won');
    expect([cents('contacted'), cents('won')]).toEqual([150025, 100025]);
    api.bulk.mockRejectedValueOnce(new Error('You may not change this request.'));
    await expect(board.move(board.$board.get().columns.won.items[0]!, 'new')).rejects.toThrow();
    expect([cents('won'), cents('new')]).toEqual([100025, 0]);
  });

  it('keeps only the filters a board has', async () => {
    await board.load({ q: 'byrne', status: 'won', sort: 'oldest' } as never);
    expect(board.$board.get().filter).toEqual({ q: 'byrne' });
  });

  it('shows a move at once, in the new column’s order, and saves it as the list’s one-row change', async () => {
    await board.load({});
    let answer!: (message: string) => void;
    api.bulk.mockImplementationOnce(() => new Promise<string>((resolve) => (answer = resolve)));
    const moving = board.move(board.$board.get().columns.new.items[0]!, 'contacted');
    expect(ids('new')).toEqual(['1']);
    expect(ids('contacted')).toEqual(['4', '3', '2']);
    expect([total('new'), total('contacted')]).toEqual([1, 3]);
    expect(board.$board.get().columns.contacted.items[1]?.status).toBe('contacted');
    answer('1 request updated.');
    await expect(moving).resolves.toBe('1 request updated.');
    expect(api.bulk).toHaveBeenCalledWith({ action: 'status', ids: ['3'], status: 'contacted' }, { reload: false });
  });

  it('puts a refused move back where it was and passes the refusal on', async () => {
    await board.load({});
    api.bulk.mockRejectedValueOnce(new Error('You may not change this request.'));
    await expect(board.move(board.$board.get().columns.new.items[1]!, 'won')).rejects.toThrow('You may not change this request.');
    expect(ids('new')).toEqual(['3', '1']);
    expect(ids('won')).toEqual([]);
    expect(board.$board.get().columns.new.items[1]?.status).toBe('new');
    expect([total('new'), board.$board.get().columns.won.total]).toEqual([2, 0]);
  });

  it('shows more by the next page’s cursor, each card once', async () => {
    api.fetchLeadPage.mockImplementationOnce(async () => ({ items: rows.new, total_items: 3, page: 0, next_cursor: 'after-1' }));
    await board.load({});
    expect(board.$board.get().columns.new.next).toBe('after-1');
    api.fetchLeadPage.mockImplementationOnce(async () => ({
      items: [rows.new![1]!, lead('0', 'new', '2026-02-28T09:00:00Z')],
      total_items: 3,
      page: 1,
      next_cursor: null,
    }));
    await board.more('new');
    expect(api.fetchLeadPage).toHaveBeenLastCalledWith('quotes', { filter: { status: 'new' }, page: 1, page_size: 20, cursor: 'after-1', sum: undefined });
    expect(ids('new')).toEqual(['3', '1', '0']);
    expect(board.$board.get().columns.new.next).toBeNull();
  });

  it('shows a saved outcome on its card', async () => {
    await board.load({});
    await expect(board.saveOutcome('4', { outcome: 'quoted', premium: '1480.00', insurer: 'Aviva' })).resolves.toBe('Outcome saved.');
    expect(board.$board.get().columns.contacted.items[0]).toMatchObject({ premium: '1480.00', insurer: 'Aviva' });
    // The column's premiums take the new one in place of the old.
    expect(cents('contacted')).toBe(250050 - 100025 + 148000);
  });
});
