import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';

type Props = {
  columns: string[];
  isLoading: boolean;
  /** The spec's empty row, e.g. 'No Users Available ...'. */
  emptyText: string;
  loadingLabel: string;
  /** One <tr> per item; none means the list is empty. */
  rows: ReactNode[];
  /** A leading column of row boxes for bulk actions: its header's select-all box (each row brings its own box). */
  selectAll?: ReactNode;
};

/**
 * Each cell of a row labelled with its column's name (`data-label`): on a phone the table shows
 * each row as a card, every value beside its label (admin.css), instead of a table wider than
 * the screen whose last columns are out of sight.
 */
function labelled(row: ReactNode, columns: string[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row)) return row;
  let column = 0;
  const cells = Children.toArray(row.props.children).map((cell) =>
    isValidElement(cell) && (cell.type === 'td' || cell.type === 'th')
      ? cloneElement(cell as ReactElement<{ 'data-label'?: string }>, { 'data-label': columns[column++] })
      : cell,
  );
  return cloneElement(row, undefined, cells);
}

/** A back-office list: its columns, a spinner while the first page loads, and the empty row. */
export function ListTable({ columns, isLoading, emptyText, loadingLabel, rows, selectAll }: Props) {
  const single = (content: ReactNode) => (
    <tr>
      <td colSpan={columns.length + (selectAll ? 1 : 0)}>{content}</td>
    </tr>
  );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-list-table" aria-busy={isLoading}>
        <thead>
          <tr>
            {selectAll && (
              <th scope="col" className="admin-check-cell">
                {selectAll}
              </th>
            )}
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading && rows.length === 0
            ? single(<Spinner label={loadingLabel} />)
            : rows.length === 0
              ? single(emptyText)
              : rows.map((row) => labelled(row, columns))}
        </tbody>
      </table>
    </div>
  );
}
