// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ColumnChooser } from '#src/admin/list/ColumnChooser.tsx';
import {
  choosableColumns,
  fitColumns,
  narrowedColumns,
  readHiddenColumns,
  secondaryKeysOf,
  underNameColumns,
  useHiddenColumns,
} from '#src/admin/list/column-choice.ts';
import { ListViews } from '#src/admin/list/ListViews.tsx';
import { UsersTabs } from '#src/admin/screens/users/UsersTabs.tsx';
import { DataTable } from '#src/admin/list/DataTable.tsx';
import type { ListDescriptor, ListView } from '#src/admin/list/descriptor.ts';
import type { OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';

/** The list kit's table: a row's actions always in its menu, the line under the name, and the Columns menu kept per list. */

// The dialogs are the browser's (SweetAlert2): what they were asked, and answered, is what matters here.
const dialogs = vi.hoisted(() => ({
  confirmDelete: vi.fn(async (_detail?: string) => true),
  toast: vi.fn(),
  showError: vi.fn(async () => undefined),
}));
vi.mock('#src/ui/dialogs.ts', () => dialogs);

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

beforeEach(() => {
  window.localStorage.clear();
  vi.clearAllMocks();
});
afterEach(cleanup);

describe("a row's actions", () => {
  it('are always a menu, even of one action, and nothing when there are none', () => {
    const revoke = vi.fn();
    render(
      <Harness
        rows={[
          row('a', [
            { label: 'Send again', onSelect: () => {} },
            { label: 'Revoke', tone: 'danger', onSelect: () => {} },
          ]),
          row('b', [{ label: 'Revoke', tone: 'danger', onSelect: revoke }]),
          row('c', []),
        ]}
      />,
    );
    const [, a, b, c] = screen.getAllByRole('row');
    expect(within(a!).getByRole('button', { name: 'Options for Person a' })).toHaveProperty('ariaHasPopup', 'menu');
    // One action alone is no lone button beside the row's words: it is in the row's menu, as on every other row.
    const only = within(b!).getByRole('button', { name: 'Options for Person b' });
    expect(only.getAttribute('aria-haspopup')).toBe('menu');
    expect(within(b!).queryByRole('button', { name: /Revoke/ })).toBeNull();
    fireEvent.click(only);
    fireEvent.click(within(b!).getByRole('menuitem', { name: 'Revoke' }));
    expect(revoke).toHaveBeenCalledOnce();

    expect(within(c!).queryByRole('button')).toBeNull();
  });

  it('open the record first, then the row’s own actions, then Delete last in the danger colour, where it is allowed', () => {
    const list: ListDescriptor<Row> = {
      ...descriptor(),
      rowHref: (item) => `/admin/people/${item.id}`,
      openLabel: 'Edit',
      remove: { run: async () => 'Deleted.', allowed: (item) => item.id !== 'me' },
    };
    render(<DataTable descriptor={list} items={[row('a', [{ label: 'Assign to me', onSelect: () => {} }]), row('me', [])]} busy={false} />);
    const [, a, me] = screen.getAllByRole('row');
    fireEvent.click(within(a!).getByRole('button', { name: 'Options for Person a' }));
    const items = within(a!).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.dataset.tone])).toEqual([
      ['Edit', undefined],
      ['Assign to me', undefined],
      ['Delete', 'danger'],
    ]);
    // The row's name is the same link as the menu's first item.
    expect(within(a!).getByRole('link', { name: 'Person a' }).getAttribute('href')).toBe('/admin/people/a');
    // One's own row offers no Delete: its menu holds the way to the record alone.
    fireEvent.click(within(me!).getByRole('button', { name: 'Options for Person me' }));
    expect(
      within(me!)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit']);
  });

  it('delete through the one confirmation, then say so in a Deleted! toast with the server’s words', async () => {
    const run = vi.fn(async (item: Row) => `${item.name} deleted.`);
    const list: ListDescriptor<Row> = { ...descriptor(), remove: { run, detail: 'Their requests stay.' } };
    render(<DataTable descriptor={list} items={[row('a', [])]} busy={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Options for Person a' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await vi.waitFor(() => expect(dialogs.toast).toHaveBeenCalledWith('Person a deleted.', 'Deleted!'));
    expect(dialogs.confirmDelete).toHaveBeenCalledWith('Their requests stay.');
    expect(run).toHaveBeenCalledOnce();

    // Not confirmed: nothing is deleted.
    dialogs.confirmDelete.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Options for Person a' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await vi.waitFor(() => expect(dialogs.confirmDelete).toHaveBeenCalledTimes(2));
    expect(run).toHaveBeenCalledOnce();
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

/** People whose email steps aside below 960 px of list and goes under the name meanwhile. */
function UnderName({ width }: { width: number }) {
  const list: ListDescriptor<Row> = { ...descriptor(), secondaryColumns: ['email'] };
  const choosable = choosableColumns(list.columns, list.primary);
  const columns = useHiddenColumns(
    'People',
    choosable.map((column) => column.key),
  );
  const narrowed = fitColumns(list.columns, narrowedColumns(choosable, width), columns.hidden, width, () => 0);
  const under = underNameColumns(secondaryKeysOf(list.secondaryColumns), narrowed, columns.hidden, width);
  return (
    <>
      <ColumnChooser columns={choosable} hidden={columns.hidden} narrowed={narrowed} underName={['email']} onToggle={columns.toggle} />
      <DataTable descriptor={list} items={[row('a', [])]} hidden={columns.hidden} narrowed={narrowed} underName={under} busy={false} />
    </>
  );
}

describe('the line under the name', () => {
  it('shows a stepped-aside column’s words there, and unticking it hides them there too', () => {
    render(<UnderName width={900} />);
    const name = screen.getAllByRole('row')[1]!.querySelector('.bo-cell-primary')!;
    expect(name.querySelector('.bo-cell-under')?.textContent).toBe('a@example.ie');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const email = screen.getByRole('menuitemcheckbox', { name: 'Email — under the name at this width' });
    expect(email.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(email);
    // Hidden everywhere in the row: the column (cards too) and the line under the name.
    expect(name.querySelector('.bo-cell-under')).toBeNull();
    expect(screen.getAllByRole('row')[1]!.querySelector('[data-label="Email"]')!.hasAttribute('data-hidden')).toBe(true);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Email — under the name at this width' }).getAttribute('aria-checked')).toBe('false');
    expect(readHiddenColumns('People', ['email', 'created'])).toEqual(['email']);
  });

  it('is left out where the column has room, and on a phone’s cards, which show the column itself', () => {
    render(<UnderName width={1200} />);
    expect(document.querySelector('.bo-cell-under')).toBeNull();
    cleanup();
    render(<UnderName width={390} />);
    expect(document.querySelector('.bo-cell-under')).toBeNull();
  });

  it('joins the columns of one entry on one line, leaving out those with no value', () => {
    type Lead = { id: string; ref: string; kind: string; reg: string };
    const list: ListDescriptor<Lead> = {
      title: 'Leads',
      noun: { one: 'lead', many: 'leads' },
      primary: 'ref',
      secondaryColumns: [['kind', 'reg']],
      columns: [
        { key: 'ref', label: 'Reference', cell: (lead) => lead.ref },
        { key: 'kind', label: 'Kind', cell: (lead) => lead.kind, priority: 4 },
        { key: 'reg', label: 'Registration', cell: (lead) => lead.reg || '—', empty: (lead) => !lead.reg, priority: 4 },
      ],
      rowId: (lead) => lead.id,
      rowName: (lead) => lead.ref,
      empty: { icon: '', title: 'None', text: 'None' },
    };
    render(
      <DataTable
        descriptor={list}
        items={[
          { id: '1', ref: 'VQ-1', kind: 'Van', reg: '191-L-4521' },
          { id: '2', ref: 'VQ-2', kind: 'Fleet', reg: '' },
        ]}
        underName={['kind', 'reg']}
        busy={false}
      />,
    );
    expect([...document.querySelectorAll('.bo-cell-under')].map((line) => line.textContent)).toEqual(['Van · 191-L-4521', 'Fleet']);
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
    // A column the person hid already makes room; what the fixed steps took stays; a phone's cards show all (but the hidden).
    expect(fitColumns(columns, [], ['b'], 1200, least)).toEqual([]);
    expect(fitColumns(columns, ['b'], [], 1000, least)).toEqual(['b', 'c']);
    expect(fitColumns(columns, [], [], 600, least)).toEqual([]);
    expect(fitColumns(columns, ['a', 'b', 'c'], [], 600, least)).toEqual([]);
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

describe("a screen's sub-views", () => {
  it('look alike whether each is a page of its own (links) or a filter of the list on screen (toggle buttons)', () => {
    render(
      <>
        <UsersTabs current="invitations" />
        <ListViews views={[{ label: 'All', filter: {} }]} filter={{}} filterKeys={[]} onChoose={() => {}} />
      </>,
    );
    const users = screen.getByRole('navigation', { name: 'Users' });
    expect(within(users).getByRole('link', { name: 'Invitations' }).getAttribute('aria-current')).toBe('page');
    expect(within(users).getByRole('link', { name: 'Accounts' }).getAttribute('aria-current')).toBeNull();
    const views = screen.getByRole('group', { name: 'Views' });
    // One component, one look: the same classes for both rows and for each of their entries.
    expect(users.className).toBe('bo-views');
    expect(views.className).toBe('bo-views bo-views-folds');
    expect(
      within(users)
        .getAllByRole('link')
        .every((link) => link.className === 'bo-view'),
    ).toBe(true);
    expect(within(views).getByRole('button', { name: 'All' }).className).toBe('bo-view');
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
