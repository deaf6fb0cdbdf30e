import { and, asc, eq, getTableColumns, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { addCalendarMonths } from '#src/lib/calendar-date.ts';
import { BUSINESS_TIME_ZONE } from '#src/lib/dublin-time.ts';
import {
  DUE_SOON_DAYS,
  ERASED,
  PRIVACY_MESSAGES,
  PRIVACY_REFERENCE_PREFIX,
  type PrivacyDue,
  type PrivacyViewCounts,
  type PrivacyNoteCreate,
  type PrivacyRequestCreate,
  type PrivacyRequestExtend,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
  type PrivacyRequestUpdate,
} from '#src/schemas/privacy-register.ts';
import { audit } from '#src/server/audit.ts';
import type { Db, Tx } from '#src/server/db/client.ts';
import { type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '#src/server/db/keyset.ts';
import { privacyRequestNotes, privacyRequests } from '#src/server/db/schema.ts';
import { anyColumnHolds } from '#src/server/db/text-search.ts';
import { HttpError } from '#src/server/http/envelope.ts';
import { nextReference } from '#src/server/leads/reference.ts';
import { holdOwner } from '#src/server/pipeline/owners.ts';

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

export const NO_SUCH_PRIVACY_REQUEST = 'There is no such privacy request.';
export const ALREADY_EXTENDED = 'The deadline has already been extended once, which is as far as article 12(3) allows.';
export const ONLY_OPEN_EXTENDS = 'Only an open request’s deadline can be extended. Reopen it first.';
export const NOT_ITS_ADDRESS = 'This privacy request is from another address: use its own page, or the finder.';
export const ALREADY_ERASED = 'The person’s data was already erased: this privacy request no longer holds their address.';

/** A request's deadline: `months` calendar months after the day it was received (one, or up to three once extended). */
export const dueAfter = (receivedOn: string, months: number): string => addCalendarMonths(receivedOn, months);

/** Dublin's today, as the database's clock has it. */
const today = sql`(now() at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date`;

/** The register's default order: open requests first, the soonest due first (then those answered, by due date). */
const QUEUE_ORDER: KeyPart[] = [
  { expr: privacyRequests.queue, type: 'text', format: /^[01]$/ },
  { expr: privacyRequests.dueOn, type: 'date' },
  { expr: privacyRequests.createdAt, type: 'timestamptz' },
  { expr: privacyRequests.id, type: 'uuid' },
];

/** Newest received first. */
const NEWEST_ORDER: KeyPart[] = [
  { expr: privacyRequests.receivedOn, type: 'date' },
  { expr: privacyRequests.createdAt, type: 'timestamptz' },
  { expr: privacyRequests.id, type: 'uuid' },
];

export type PrivacyRequestFilter = {
  status?: PrivacyRequestStatus | undefined;
  kind?: PrivacyRequestKind | undefined;
  due?: 'overdue' | 'soon' | undefined;
  q?: string | undefined;
  sort?: 'due' | 'newest' | undefined;
};

/**
 * Open and past its due date, or (`soon`) due today or within DUE_SOON_DAYS days but not yet past it:
 * the two views are disjoint, so "Due soon 2" beside "Overdue 1" means three requests to answer.
 */
export function dueWhere(due: 'overdue' | 'soon'): SQL {
  const open = eq(privacyRequests.status, 'open');
  if (due === 'overdue') return and(open, lt(privacyRequests.dueOn, today))!;
  return and(open, gte(privacyRequests.dueOn, today), lte(privacyRequests.dueOn, sql`${today} + ${DUE_SOON_DAYS}::int`))!;
}

/** Open and due within DUE_SOON_DAYS days or already past it: what the dashboard names, overdue first. */
const dueOrOverdue = (): SQL => and(eq(privacyRequests.status, 'open'), lte(privacyRequests.dueOn, sql`${today} + ${DUE_SOON_DAYS}::int`))!;

/** One page of the register: searched by name or reference only (an address never travels in a URL). */
export function listPrivacyRequests(db: Db, filter: PrivacyRequestFilter, paging: ListRequest): Promise<ListPage<PrivacyRequestRow>> {
  const newest = filter.sort === 'newest';
  const keys = newest ? NEWEST_ORDER : QUEUE_ORDER;
  const where = and(
    filter.status ? eq(privacyRequests.status, filter.status) : undefined,
    filter.kind ? eq(privacyRequests.kind, filter.kind) : undefined,
    filter.due ? dueWhere(filter.due) : undefined,
    filter.q ? anyColumnHolds([privacyRequests.name, privacyRequests.reference], filter.q) : undefined,
  );
  const columns = { ...getTableColumns(privacyRequests), ...keyColumns(keys) };
  return keysetPage(db, {
    table: privacyRequests,
    id: privacyRequests.id,
    keys,
    direction: newest ? 'desc' : 'asc',
    where,
    paging,
    select: (query) =>
      db
        .select(columns)
        .from(privacyRequests)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

export async function findPrivacyRequest(db: Db | Tx, id: string, lock = false): Promise<PrivacyRequestRow> {
  const query = db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, NO_SUCH_PRIVACY_REQUEST);
  return row;
}

/**
 * The register's request a look-up, export or erasure says it answers: it exists (a 400 on the
 * field otherwise, as an owner who does not exist is), still holds an address (409 once
 * erased), and that address is the one asked about, in any case (400): an entry on its
 * timeline never records another person's data.
 */
export async function checkRegisterLink(db: Db | Tx, id: string, email: string, lock = false): Promise<PrivacyRequestRow> {
  const query = db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(400, NO_SUCH_PRIVACY_REQUEST, [{ field: 'registerId', message: NO_SUCH_PRIVACY_REQUEST }]);
  if (row.erasedAt) throw new HttpError(409, ALREADY_ERASED, [{ field: 'registerId', message: ALREADY_ERASED }]);
  if (row.email.toLowerCase() !== email.toLowerCase()) throw new HttpError(400, NOT_ITS_ADDRESS, [{ field: 'registerId', message: NOT_ITS_ADDRESS }]);
  return row;
}

/**
 * Logs a request: its reference from the year's counter (in this transaction, so two logged
 * at once never share one), due a calendar month after it was received, owned by whoever
 * logged it. The audit entry names the reference and the dates, never the person.
 */
export async function createPrivacyRequest(db: Db, input: PrivacyRequestCreate, actorId: string): Promise<PrivacyRequestRow> {
  return db.transaction(async (tx) => {
    const { reference, createdAt } = await nextReference(tx, PRIVACY_REFERENCE_PREFIX);
    const dueOn = dueAfter(input.receivedOn, 1);
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        reference,
        kind: input.kind,
        name: input.name,
        email: input.email,
        receivedOn: input.receivedOn,
        dueOn,
        ownerId: actorId,
        createdAt,
      })
      .returning();
    await audit(tx, actorId, 'privacy request logged', `privacy-request:${row!.id}`, { reference, kind: input.kind, receivedOn: input.receivedOn, dueOn });
    if (input.note) await insertNote(tx, row!, input.note, actorId);
    return row!;
  });
}

/**
 * Adds a note to the request's history, in the caller's transaction, with its own audit entry
 * (that a note was added, never what it says: it may name the person).
 */
async function insertNote(tx: Tx, request: PrivacyRequestRow, body: string, actorId: string): Promise<PrivacyNoteRow> {
  const [note] = await tx.insert(privacyRequestNotes).values({ requestId: request.id, userId: actorId, body }).returning();
  await audit(tx, actorId, 'privacy request note added', `privacy-request:${request.id}`, { reference: request.reference, noteId: note!.id });
  return note!;
}

export type PrivacyNoteRow = typeof privacyRequestNotes.$inferSelect;

/**
 * Adds a note to a request, under a lock on its row; the request's updatedAt moves, so a page
 * showing it reads its timeline again. Notes are never changed or removed: a correction is a
 * further note.
 */
export async function addPrivacyNote(db: Db, id: string, input: PrivacyNoteCreate, actorId: string): Promise<PrivacyRequestRow> {
  return db.transaction(async (tx) => {
    const before = await findPrivacyRequest(tx, id, true);
    await insertNote(tx, before, input.note, actorId);
    const [row] = await tx.update(privacyRequests).set({ updatedAt: sql`now()` }).where(eq(privacyRequests.id, id)).returning();
    return row!;
  });
}

/**
 * Changes a request's status or owner under a lock on its row, and adds the note sent with it.
 * Completing or refusing it records when; reopening clears that. A refusal needs a note, the
 * reason (article 12(4): the person is told why), written in the same transaction, so the
 * request's timeline shows it as the refusal's reason. The audit entry says what changed.
 */
export async function updatePrivacyRequest(db: Db, id: string, input: PrivacyRequestUpdate, actorId: string): Promise<PrivacyRequestRow> {
  return db.transaction(async (tx) => {
    const before = await findPrivacyRequest(tx, id, true);
    if (input.ownerId !== undefined && input.ownerId !== before.ownerId) await holdOwner(tx, input.ownerId);
    const status = input.status ?? before.status;
    const statusChanged = status !== before.status;
    const ownerChanged = input.ownerId !== undefined && input.ownerId !== before.ownerId;
    const note = input.note?.trim() ?? '';
    if (statusChanged && status === 'refused' && note === '')
      throw new HttpError(400, PRIVACY_MESSAGES.refusalReason, [{ field: 'note', message: PRIVACY_MESSAGES.refusalReason }]);
    if (!statusChanged && !ownerChanged && !note) return before;
    const [row] = await tx
      .update(privacyRequests)
      .set({
        status,
        ...(statusChanged ? { completedAt: status === 'open' ? null : sql`now()` } : {}),
        ...(ownerChanged ? { ownerId: input.ownerId } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(privacyRequests.id, id))
      .returning();
    if (statusChanged || ownerChanged)
      await audit(tx, actorId, 'privacy request updated', `privacy-request:${id}`, {
        reference: before.reference,
        ...(statusChanged ? { status: { from: before.status, to: status } } : {}),
        ...(ownerChanged ? { ownerId: { from: before.ownerId, to: input.ownerId } } : {}),
      });
    if (note) await insertNote(tx, before, note, actorId);
    return row!;
  });
}

/**
 * Extends an open request's deadline, once, by one or two months (article 12(3)): due that
 * many months after the first month's end, counted from the day it was received.
 */
export async function extendPrivacyRequest(db: Db, id: string, input: PrivacyRequestExtend, actorId: string): Promise<PrivacyRequestRow> {
  return db.transaction(async (tx) => {
    const before = await findPrivacyRequest(tx, id, true);
    if (before.extendedMonths > 0) throw new HttpError(409, ALREADY_EXTENDED, [{ field: 'months', message: ALREADY_EXTENDED }]);
    if (before.status !== 'open') throw new HttpError(409, ONLY_OPEN_EXTENDS, [{ field: 'months', message: ONLY_OPEN_EXTENDS }]);
    const dueOn = dueAfter(before.receivedOn, 1 + input.months);
    const [row] = await tx
      .update(privacyRequests)
      .set({ dueOn, extendedMonths: input.months, extensionReason: input.reason, updatedAt: sql`now()` })
      .where(eq(privacyRequests.id, id))
      .returning();
    await audit(tx, actorId, 'privacy request deadline extended', `privacy-request:${id}`, {
      reference: before.reference,
      months: input.months,
      dueOn: { from: before.dueOn, to: dueOn },
    });
    return row!;
  });
}

export async function deletePrivacyRequest(db: Db, id: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(privacyRequests)
      .where(eq(privacyRequests.id, id))
      .returning({ reference: privacyRequests.reference, kind: privacyRequests.kind, status: privacyRequests.status });
    if (!row) throw new HttpError(404, NO_SUCH_PRIVACY_REQUEST);
    await audit(tx, actorId, 'privacy request deleted', `privacy-request:${id}`, row);
  });
}

/**
 * Inside an erasure's transaction: the register's requests from `email` keep their reference,
 * kind, dates and status, and lose the name and address. Answers their ids.
 */
export async function blankErasedRequests(tx: Tx, email: string): Promise<string[]> {
  const rows = await tx
    .update(privacyRequests)
    .set({ name: ERASED, email: ERASED, erasedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(sql`lower(${privacyRequests.email}) = ${email.toLowerCase()}`, isNull(privacyRequests.erasedAt)))
    .returning({ id: privacyRequests.id });
  return rows.map((row) => row.id);
}

/** How many open requests each view of the register holds (Open, Due soon, Overdue), in one pass over the open ones. */
export async function countPrivacyViews(db: Db): Promise<PrivacyViewCounts> {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      soon: sql<number>`(count(*) filter (where ${dueWhere('soon')}))::int`,
      overdue: sql<number>`(count(*) filter (where ${dueWhere('overdue')}))::int`,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.status, 'open'));
  return { open: Number(row?.open ?? 0), soon: Number(row?.soon ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** How many shown by name on the dashboard; the rest are one click away in the register. */
export const DASHBOARD_PRIVACY_ITEMS = 3;

/** The dashboard's word on the register: counts of those due soon (not yet overdue) and overdue, and the soonest due by reference. */
export async function privacyDue(db: Db): Promise<PrivacyDue> {
  const [counts, items] = await Promise.all([
    countPrivacyViews(db),
    db
      .select({ _id: privacyRequests.id, reference: privacyRequests.reference, kind: privacyRequests.kind, dueOn: privacyRequests.dueOn })
      .from(privacyRequests)
      .where(dueOrOverdue())
      .orderBy(asc(privacyRequests.dueOn), asc(privacyRequests.reference))
      .limit(DASHBOARD_PRIVACY_ITEMS),
  ]);
  return { soon: counts.soon, overdue: counts.overdue, items };
}
