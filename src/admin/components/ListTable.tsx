import type { ReactNode } from 'react';
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

/** A back-office list: its columns, a spinner while the first page loads, and the empty row. */
export function ListTable({ columns, isLoading, emptyText, loadingLabel, rows, selectAll }: Props) {
  const single = (content: ReactNode) => (
    <tr>
      <td colSpan={columns.length + (selectAll ? 1 : 0)}>{content}</td>
    </tr>
  );
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" aria-busy={isLoading}>
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
        <tbody>{isLoading && rows.length === 0 ? single(<Spinner label={loadingLabel} />) : rows.length === 0 ? single(emptyText) : rows}</tbody>
      </table>
    </div>
  );
}
