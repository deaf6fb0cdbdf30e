import type { ReactNode } from 'react';

export type FieldRow = { label: ReactNode; value: ReactNode; key?: string };

/** A record's fields as label and value, two columns on a wide card and one on a narrow one. */
export function Fields({ rows }: { rows: FieldRow[] }) {
  return (
    <dl className="bo-fields">
      {rows.map((row, index) => (
        <div key={row.key ?? (typeof row.label === 'string' ? row.label : index)} className="bo-fields-row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
