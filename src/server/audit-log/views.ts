import { dublinIso } from '#src/lib/dublin-time.ts';
import type { AuditEntryView } from '#src/schemas/audit-log.ts';
import { type RecordName, recordKey } from '../db/record-names.ts';
import type { AuditRow } from './queries.ts';
import { PLACE_SEPARATOR } from '../content/audited-fields.ts';

/**
 * A content element's entry names it by its place when the entry was made ('Home / Hero /
 * Heading', kept in its details): the page it was on, even once the element is gone. Entries
 * made before the place took the back-office's one separator kept ' › ': shown with ' / ' too.
 */
const placeOf = (row: AuditRow) =>
  typeof row.details?.place === 'string' ? { name: row.details.place.replaceAll(' › ', PLACE_SEPARATOR), leadKind: null } : null;

/** An entry as the screen shows it; `names` are its records' names now (recordNames), when looked up. */
export function toAuditEntryView(row: AuditRow, names?: ReadonlyMap<string, RecordName>): AuditEntryView {
  const named = row.target ? names?.get(recordKey(row.target)) : undefined;
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId ? { _id: row.actorId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email ?? '' } : null,
    action: row.action,
    target: row.target,
    record: named ? { name: named.label, leadKind: named.leadKind } : placeOf(row),
    details: row.details,
    address: row.address,
  };
}

export const AUDIT_CSV_HEADER = ['When', 'Person', 'Email', 'Address', 'Action', 'Record', 'Details'];

export function toAuditCsvRow(row: AuditRow): string[] {
  const view = toAuditEntryView(row);
  return [
    dublinIso(row.createdAt),
    view.actor?.name ?? '',
    view.actor?.email ?? '',
    view.address ?? '',
    view.action,
    view.target ?? '',
    view.details ? JSON.stringify(view.details) : '',
  ];
}
