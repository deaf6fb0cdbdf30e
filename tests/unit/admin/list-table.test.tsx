// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ColumnChooser } from '#src/admin/list/ColumnChooser.tsx';
import { choosableColumns, fitColumns, narrowedColumns, readHiddenColumns, useHiddenColumns } from '#src/admin/list/column-choice.ts';
import { ListViews } from '#src/admin/list/ListViews.tsx';
import { DataTable } from '#src/admin/list/DataTable.tsx';
import type { ListDescriptor, ListView } from '#src/admin/list/descriptor.ts';
import type { OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';

/** The list kit's table: a row's actions as a menu or a single button, and the Columns menu kept per list. */

type Row = { id: string; name: string; email: string; phone: string; actions: OptionsMenuItem[] };

const descriptor = (title = 'People'): ListDescriptor<Row> => ({
  title,
  noun: { one: 'person', many: 'people' },
  primary: 'name',
  columns: [
    { key: 'name', label: 'Name', cell: (row) => row.name },
    { key: 'email', label: 'Email', cell: (row) => row.email, priority: 3 },
    { key: 'phone', label: 'Phone', cell: (row) => row.phone },
    { key: 'created', label: 'Created On', cell: () => '1 Nov 2026', priority: 2 },
  ],
  rowId: (row) => row.id,
  rowName: (row) => row.name,
  rowActions: (row) => row.actions,
  empty: { icon: '', title: 'None', text: 'None' },
});

const row = (id: string, actions: OptionsMenuItem[]): Row => ({ id, name: `Person ${id}`, email: `${id}@example.ie`, phone: '0871234567', actions });

/** A list's table with its Columns menu, as ListScreen puts them together. */
function Harness({ title = 'People', rows = [row('a', [])], width = null }: { title?: string; rows?: Row[]; width?: number | null }) {
  const list = descriptor(title);
  const choosable = choosableColumns(list.columns, list.primary);
  const narrowed = narrowedColumns(choosable, width);
  const columns = useHiddenColumns(
    title,
    choosable.map((column) => column.key),
  );
  return (
    <>
      <ColumnChooser columns={choosable} hidden={columns.hidden} narrowed={narrowed} onToggle={columns.toggle} />
      <DataTable descriptor={list} items={rows} hidden={columns.hidden} busy={false} />
    </>
  );
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("a row's actions", () => {
  it('are a menu when there are several, a single button when there is one, and nothing when there are none', () => {
    const view = vi.fn();
    render(
      <Harness
        rows={[
          row('a', [
            { label: 'Edit', onSelect: () => {} },
            { label: 'Delete', tone: 'danger', onSelect: () => {} },
          ]),
          row('b', [{ label: 'View', onSelect: view }]),
          row('c', []),
        ]}
      />,
    );
    const [, a, b, c] = screen.getAllByRole('row');
    expect(within(a!).getByRole('button', { name: 'Options for Person a' })).toHaveProperty('ariaHasPopup', 'menu');

    const single = within(b!).getByRole('button', { name: 'View Person b' });
    expect(single.textContent).toBe('View');
    expect(single.getAttribute('aria-haspopup')).toBeNull();
    expect(within(b!).queryByRole('menu', { hidden: true })).toBeNull();
    fireEvent.click(single);
    expect(view).toHaveBeenCalledOnce();

    expect(within(c!).queryByRole('button')).toBeNull();
  });
});

describe('the Columns menu', () => {
  const header = (name: string) => screen.getByRole('columnheader', { name });

  it('offers the columns that may step aside, as checkboxes, never the row name or an essential column', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: 'Columns' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const choices = screen.getAllByRole('menuitemcheckbox');
    expect(choices.map((choice) => [choice.textContent, choice.getAttribute('aria-checked')])).toEqual([
      ['Email', 'true'],
      ['Created On', 'true'],
    ]);
    expect(document.activeElement).toBe(choices[0]);
  });

  it('hides a column when unticked, stays open for the next, and remembers the choice for that list only', () => {
    const { unmount } = render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Email' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Email' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(header('Email').dataset.hidden).toBe('true');
    expect(header('Created On').dataset.hidden).toBeUndefined();
    expect(readHiddenColumns('People', ['email', 'created'])).toEqual(['email']);
    unmount();

    // Back on the list later: still hidden. Another list keeps its own columns.
    render(<Harness />);
    expect(header('Email').dataset.hidden).toBe('true');
    cleanup();
    render(<Harness title="Other people" />);
    expect(header('Email').dataset.hidden).toBeUndefined();
    cleanup();

    // Ticked again: shown, and nothing is kept.
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Email' }));
    expect(header('Email').dataset.hidden).toBeUndefined();
    expect(window.localStorage.length).toBe(0);
  });

  it('ignores a kept choice that names a column which may not be hidden, or is spoilt', () => {
    window.localStorage.setItem('bo-list-hidden-columns:People', JSON.stringify(['name', 'phone', 'created', 7]));
    render(<Harness />);
    expect(header('Name').dataset.hidden).toBeUndefined();
    expect(header('Phone').dataset.hidden).toBeUndefined();
    expect(header('Created On').dataset.hidden).toBe('true');
    cleanup();
    window.localStorage.setItem('bo-list-hidden-columns:People', '{not json');
    render(<Harness />);
    expect(header('Created On').dataset.hidden).toBeUndefined();
  });
});

describe('the Columns menu at a narrower width', () => {
  it('unticks the columns the width has stepped aside and says so, and choosing one keeps nothing', () => {
    // 900 px of list: priority 3 (Email) steps aside below 960 px, priority 2 (Created On) only below 800 px.
    render(<Harness width={900} />);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const choices = screen.getAllByRole('menuitemcheckbox');
    expect(choices.map((choice) => [choice.textContent, choice.getAttribute('aria-checked')])).toEqual([
      ['Email — hidden at this width', 'false'],
      ['Created On', 'true'],
    ]);
    fireEvent.click(choices[0]!);
    expect(window.localStorage.length).toBe(0);
  });

  it('reckons the widths as the table steps columns aside', () => {
    const columns = descriptor().columns;
    expect(narrowedColumns(columns, null)).toEqual([]);
    expect(narrowedColumns(columns, 1000)).toEqual([]);
    expect(narrowedColumns(columns, 959)).toEqual(['email']);
    expect(narrowedColumns(columns, 799)).toEqual(['email', 'created']);
  });

  it('steps more columns aside, by priority and rightmost first, until the table fits its box', () => {
    const columns = [
      { key: 'name', label: 'Name', cell: () => '' },
      { key: 'a', label: 'A', cell: () => '', priority: 2 as const },
      { key: 'b', label: 'B', cell: () => '', priority: 4 as const },
      { key: 'c', label: 'C', cell: () => '', priority: 2 as const },
      { key: 'd', label: 'D', cell: () => '' },
    ];
    // Each column 300 px: the table needs 300 px for every one shown.
    const least = (shown: readonly unknown[]) => shown.length * 300;
    expect(fitColumns(columns, [], [], 1500, least)).toEqual([]);
    expect(fitColumns(columns, [], [], 1400, least)).toEqual(['b']);
    expect(fitColumns(columns, [], [], 1000, least)).toEqual(['b', 'c']);
    expect(fitColumns(columns, [], [], 700, least)).toEqual(['b', 'c', 'a']);
    // A column the person hid already makes room; what the fixed steps took stays; a phone's cards show all.
    expect(fitColumns(columns, [], ['b'], 1200, least)).toEqual([]);
    expect(fitColumns(columns, ['b'], [], 1000, least)).toEqual(['b', 'c']);
    expect(fitColumns(columns, [], [], 600, least)).toEqual([]);
  });
});

describe('a cell with no value', () => {
  it('is marked, so a phone card leaves its line out', () => {
    const list = descriptor();
    list.columns[2] = { ...list.columns[2]!, empty: (item) => item.phone === '' };
    render(<DataTable descriptor={list} items={[row('a', []), { ...row('b', []), phone: '' }]} busy={false} />);
    const [, a, b] = screen.getAllByRole('row');
    expect(a!.querySelector('[data-label="Phone"]')!.hasAttribute('data-empty')).toBe(false);
    expect(b!.querySelector('[data-label="Phone"]')!.hasAttribute('data-empty')).toBe(true);
  });
});

describe("a list's views", () => {
  const views: ListView[] = [
    { label: 'All', filter: {} },
    { label: 'New', filter: { status: 'new' }, count: 12, countCap: 1000 },
    { label: 'Overdue', filter: { due: 'overdue' }, order: 'due', count: 1000, countCap: 1000 },
  ];

  it('say how many each holds, a count at the cap as that many or more', () => {
    render(<ListViews views={views} filter={{}} filterKeys={['status', 'due', 'sort']} order="sort" onChoose={() => {}} />);
    expect(screen.getByRole('button', { name: 'New 12' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Overdue 1,000+' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("take a view's own order, keep the list's order otherwise, and leave a view's order behind with it", () => {
    const chosen = vi.fn();
    const { rerender } = render(<ListViews views={views} filter={{ sort: 'oldest' }} filterKeys={['status', 'due', 'sort']} order="sort" onChoose={chosen} />);
    fireEvent.click(screen.getByRole('button', { name: /^Overdue/ }));
    expect(chosen).toHaveBeenLastCalledWith({ due: 'overdue', sort: 'due' });
    fireEvent.click(screen.getByRole('button', { name: /^New/ }));
    expect(chosen).toHaveBeenLastCalledWith({ status: 'new', sort: 'oldest' });
    rerender(<ListViews views={views} filter={{ due: 'overdue', sort: 'due' }} filterKeys={['status', 'due', 'sort']} order="sort" onChoose={chosen} />);
    expect(screen.getByRole('button', { name: /^Overdue/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(chosen).toHaveBeenLastCalledWith({});
  });

  it('keep the view chosen while a search narrows it, and take the search along to another view', () => {
    const chosen = vi.fn();
    render(
      <ListViews
        views={views}
        filter={{ status: 'new', q: 'ryan' }}
        filterKeys={['q', 'status', 'due', 'sort']}
        order="sort"
        searchKeys={['q']}
        onChoose={chosen}
      />,
    );
    expect(screen.getByRole('button', { name: 'New 12' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(chosen).toHaveBeenLastCalledWith({ q: 'ryan' });
  });
});

describe('a table in groups', () => {
  it('has one header for every group, each group a row group named by its heading, with its count', () => {
    render(
      <DataTable
        descriptor={descriptor()}
        items={[row('a', []), row('b', []), row('c', [])]}
        groups={[
          { label: 'Insurance', items: [row('a', []), row('b', [])] },
          { label: 'About', items: [row('c', [])] },
        ]}
        busy={false}
      />,
    );
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.getAllByRole('columnheader', { name: 'Name' })).toHaveLength(1);
    const insurance = screen.getByRole('rowgroup', { name: 'Insurance' });
    expect(within(insurance).getByRole('rowheader', { name: 'Insurance 2' })).toBeTruthy();
    expect(
      within(insurance)
        .getAllByRole('row')
        .map((line) => line.textContent),
    ).toEqual(['Insurance 2', expect.stringContaining('Person a'), expect.stringContaining('Person b')]);
    expect(within(screen.getByRole('rowgroup', { name: 'About' })).getByText('Person c')).toBeTruthy();
  });
});
