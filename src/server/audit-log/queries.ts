import { and, asc, desc, eq, exists, ilike, like, ne, notLike, or, sql, type SQL } from 'drizzle-orm';
import { anywherePattern } from '../db/text-search.ts';
import { onDublinDays } from '../db/business-days.ts';
import type { AuditActivityChoice, AuditFilter } from '#src/schemas/audit-log.ts';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { directionOf, type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import type { CreatedSort } from '#src/schemas/paging.ts';

/** The most rows one CSV export holds. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** Views and exports are named '… viewed' and '… exported'; every other action changes something. */
const VIEWED = '% viewed';
const EXPORTED = '% exported';
/** A privacy look-up reads a person's data without changing it: a view, though not named as one. */
const LOOKED_UP = 'personal data looked up';

/** 'all' (or none given) leaves every entry in. */
function activityWhere(activity: AuditActivityChoice | undefined): SQL | undefined {
  if (activity === 'views') return or(like(auditLog.action, VIEWED), eq(auditLog.action, LOOKED_UP));
  if (activity === 'exports') return like(auditLog.action, EXPORTED);
  if (activity === 'changes') return and(notLike(auditLog.action, VIEWED), notLike(auditLog.action, EXPORTED), ne(auditLog.action, LOOKED_UP));
  return undefined;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    activityWhere(filter.activity),
    filter.actor ? eq(auditLog.actorId, filter.actor) : undefined,
    filter.kind ? like(auditLog.target, `${filter.kind}:%`) : undefined,
    filter.action ? ilike(auditLog.action, anywherePattern(filter.action)) : undefined,
    // Comparing each entry's Dublin date instead walked the index and converted every entry
    // newer than the day asked for (143,000 of them for a date 100 days back).
    onDublinDays(auditLog.createdAt, filter.from, filter.to),
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

/** The log's order: by moment, the id deciding between equal moments. */
const AUDIT_ORDER: KeyPart[] = [
  { expr: auditLog.createdAt, type: 'timestamptz' },
  { expr: auditLog.id, type: 'uuid' },
];

/** One page of the log, newest or oldest first, with its total and cursors (src/server/db/keyset.ts). */
export async function listAudit(db: Db, filter: AuditFilter, paging: ListRequest, sort: CreatedSort | '' = ''): Promise<ListPage<AuditRow>> {
  return keysetPage(db, {
    table: auditLog,
    id: auditLog.id,
    keys: AUDIT_ORDER,
    direction: directionOf(sort),
    where: whereOf(filter),
    paging,
    select: (query) =>
      db
        .select({ ...entryColumns, ...keyColumns(AUDIT_ORDER) })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
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
  // Each member of staff looked up in the log's actor index, rather than the whole log read for its distinct actors.
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(exists(db.select({ one: sql`1` }).from(auditLog).where(eq(auditLog.actorId, users.id))))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}
