// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ColumnChooser } from '../../../src/admin/list/ColumnChooser.tsx';
import { choosableColumns, readHiddenColumns, useHiddenColumns } from '../../../src/admin/list/column-choice.ts';
import { DataTable } from '../../../src/admin/list/DataTable.tsx';
import type { ListDescriptor } from '../../../src/admin/list/descriptor.ts';
import type { OptionsMenuItem } from '../../../src/ui/OptionsMenu.tsx';

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
function Harness({ title = 'People', rows = [row('a', [])] }: { title?: string; rows?: Row[] }) {
  const list = descriptor(title);
  const choosable = choosableColumns(list.columns, list.primary);
  const columns = useHiddenColumns(
    title,
    choosable.map((column) => column.key),
  );
  return (
    <>
      <ColumnChooser columns={choosable} hidden={columns.hidden} onToggle={columns.toggle} />
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
