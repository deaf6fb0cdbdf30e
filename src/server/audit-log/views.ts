import type { AuditEntryView } from '../../schemas/audit-log.ts';
import type { AuditRow } from './queries.ts';

export function toAuditEntryView(row: AuditRow): AuditEntryView {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorId ? { _id: row.actorId, name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email ?? '' } : null,
    action: row.action,
    target: row.target,
    details: row.details,
  };
}

/** Dublin's date, time and offset in parts; made once, not per CSV row (a formatter with a time zone is costly to build). */
const dublinParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Dublin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/** Dublin's offset at that moment, for CSV times written as ISO 8601 with the offset. */
function dublinIso(at: Date): string {
  const parts = Object.fromEntries(dublinParts.formatToParts(at).map((part) => [part.type, part.value]));
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

export const AUDIT_CSV_HEADER = ['When', 'Person', 'Email', 'Action', 'Record', 'Details'];

export function toAuditCsvRow(row: AuditRow): string[] {
  const view = toAuditEntryView(row);
  return [
    dublinIso(row.createdAt),
    view.actor?.name ?? '',
    view.actor?.email ?? '',
    view.action,
    view.target ?? '',
    view.details ? JSON.stringify(view.details) : '',
  ];
}
