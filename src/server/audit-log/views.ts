import { dublinIso } from '../../lib/dublin-time.ts';
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
