import { and, asc, count, desc, eq, gte, ilike, like, lte, sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../schemas/dashboard.ts';
import type { AuditFilter } from '../../schemas/audit-log.ts';
import type { Paging } from '../../schemas/paging.ts';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

/** The most rows one CSV export holds. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const dublinDay = sql`(${auditLog.createdAt} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor ? eq(auditLog.actorId, filter.actor) : undefined,
    filter.kind ? like(auditLog.target, `${filter.kind}:%`) : undefined,
    filter.action ? ilike(auditLog.action, `%${escapeLike(filter.action)}%`) : undefined,
    filter.from ? gte(dublinDay, sql`${filter.from}::date`) : undefined,
    filter.to ? lte(dublinDay, sql`${filter.to}::date`) : undefined,
    filter.address ? eq(auditLog.address, filter.address) : undefined,
  );
}

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  target: auditLog.target,
  details: auditLog.details,
  address: auditLog.address,
  actorId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
export type AuditRow = {
  id: string;
  createdAt: Date;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  address: string | null;
  actorId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

/** One page of the log, newest first, with the total for paging. */
export async function listAudit(db: Db, filter: AuditFilter, paging: Paging): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(paging.page_size)
    .offset(paging.page * paging.page_size);
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  return { rows, total: totals?.total ?? 0 };
}

/** Every entry the filter matches (up to the export's cap), newest first. */
export async function exportAudit(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(whereOf(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX_ROWS);
}

/** The people who appear in the log, by name, for the person filter. */
export async function auditPeople(db: Db): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .selectDistinct({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}
