import { and, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { BUSINESS_TIME_ZONE } from '#src/lib/dublin-time.ts';
import { ALSO_FROM_MAX, type AlsoFromView, type alsoFromKinds, type NextStepInput } from '#src/schemas/follow-up.ts';
import type { Db, Tx } from '../db/client.ts';
import { contactEvents, contacts, leadEvents, leads } from '../db/schema.ts';
import type { NextStepDoneInput, RecordEventKind } from '#src/schemas/record-timeline.ts';
import { audit } from '../audit.ts';
import { nextStepChanges } from './audited-fields.ts';
import { HttpError } from '../http/envelope.ts';

/** Today in Dublin, as the database reckons it: next steps fall due on the staff's days. */
export const dublinToday = sql`(now() at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date`;

/**
 * The statuses after which a next step no longer falls due: a closed callback, a lost quote
 * or renewal (a won one may still owe the customer its documents).
 */
export const FINISHED_STATUSES = { contact: 'closed', lead: 'lost' } as const;

/**
 * Rows still in play whose next step was due before today. Written as a comparison on the
 * column, which implies it is set, so the planner reads the partial follow-up index
 * (migration 0030), the status checked on the few rows it finds.
 */
export const overdue = (due: AnyPgColumn, status: AnyPgColumn, finished: string): SQL => and(lt(due, dublinToday), ne(status, finished))!;

/** The two tables a next step is kept on, with how the audit log names their records. */
const RECORDS = {
  contact: { table: contacts, target: (id: string) => `contact:${id}` },
  lead: { table: leads, target: (id: string) => `lead:${id}` },
} as const;

/**
 * Adds an entry to a record's history (its timeline) at the moment it happened, not the
 * transaction's start: a save that waited for the row lock came after the one it waited for.
 */
export async function recordEvent(
  tx: Tx,
  record: keyof typeof RECORDS,
  id: string,
  actorId: string,
  kind: RecordEventKind,
  entry: { note?: string; detail?: Record<string, unknown> },
): Promise<void> {
  const values = { createdAt: sql`clock_timestamp()`, userId: actorId, kind, note: entry.note ?? '', detail: entry.detail ?? null };
  if (record === 'contact') await tx.insert(contactEvents).values({ ...values, contactId: id });
  else await tx.insert(leadEvents).values({ ...values, leadId: id });
}

/**
 * Sets, changes or clears a record's next step, audited like a change of owner, in one
 * transaction over the locked row (two people saving at once each audit what they really
 * replaced). False when the record is gone; true also when nothing changed (no entry then).
 */
export async function changeNextStep(db: Db, actorId: string, record: keyof typeof RECORDS, id: string, input: NextStepInput): Promise<boolean> {
  const { table, target } = RECORDS[record];
  return db.transaction(async (tx: Tx) => {
    const [current] = await tx.select({ nextStep: table.nextStep, nextStepDue: table.nextStepDue }).from(table).where(eq(table.id, id)).for('update');
    if (!current) return false;
    if (current.nextStep === input.nextStep && current.nextStepDue === input.nextStepDue) return true;
    await tx.update(table).set({ nextStep: input.nextStep, nextStepDue: input.nextStepDue, updatedAt: sql`now()` }).where(eq(table.id, id));
    // The words are staff's own, as a note's are: the entry says that they changed and the due days, not what they say.
    const cleared = input.nextStep === '';
    await audit(tx, actorId, `${record} next step ${cleared ? 'cleared' : 'set'}`, target(id), {
      fromDue: current.nextStepDue,
      toDue: input.nextStepDue,
      changes: nextStepChanges(current, input),
    });
    await recordEvent(tx, record, id, actorId, cleared ? 'next-step-cleared' : 'next-step-set', {
      detail: cleared ? { step: current.nextStep, due: current.nextStepDue } : { step: input.nextStep, due: input.nextStepDue },
    });
    return true;
  });
}

export const NEXT_STEP_CHANGED = 'The next step has changed since you opened this page. Reload it to see the current step.';

/**
 * Marks a record's next step done, with what came of it (a note, optional), and books the
 * next one in the same transaction (or none): each is a timeline entry and an audit entry.
 * The row is locked and its step read again: a step someone changed, cleared or marked done
 * meanwhile is refused (409), so nobody marks done a step they have not seen. False when the
 * record is gone.
 */
export async function completeNextStep(db: Db, actorId: string, record: keyof typeof RECORDS, id: string, input: NextStepDoneInput): Promise<boolean> {
  const { table, target } = RECORDS[record];
  return db.transaction(async (tx: Tx) => {
    const [current] = await tx.select({ nextStep: table.nextStep, nextStepDue: table.nextStepDue }).from(table).where(eq(table.id, id)).for('update');
    if (!current) return false;
    if (current.nextStep === '' || current.nextStep !== input.done) throw new HttpError(409, NEXT_STEP_CHANGED);
    await tx.update(table).set({ nextStep: input.nextStep, nextStepDue: input.nextStepDue, updatedAt: sql`now()` }).where(eq(table.id, id));
    await recordEvent(tx, record, id, actorId, 'next-step-done', { note: input.note, detail: { step: current.nextStep, due: current.nextStepDue } });
    // As for a set step: the entry says that there were words, and the due days, not what they say.
    await audit(tx, actorId, `${record} next step done`, target(id), { due: current.nextStepDue, note: input.note !== '' });
    if (input.nextStep !== '') {
      await recordEvent(tx, record, id, actorId, 'next-step-set', { detail: { step: input.nextStep, due: input.nextStepDue } });
      await audit(tx, actorId, `${record} next step set`, target(id), { fromDue: null, toDue: input.nextStepDue });
    }
    return true;
  });
}

/** What marking a step done answers. */
export const nextStepDoneMessage = (input: NextStepDoneInput) => (input.nextStep ? 'Step done and the next one booked.' : 'Step marked done.');

/** What the save of a next step answers. */
export const nextStepMessage = (input: NextStepInput) => (input.nextStep ? 'Next step saved.' : 'Next step cleared.');

/** A 404 with `message` unless the change found its record. */
export function foundOr404(found: boolean, message: string): void {
  if (!found) throw new HttpError(404, message);
}

type AlsoFromRow = { id: string; kind: string; title: string; status: string; created_at: string | Date };

/**
 * The same person's other callbacks, quotes and renewals, matched by address in any case,
 * newest first (each table read on its lower(email) index).
 */
export async function alsoFrom(db: Db, email: string, exceptId: string): Promise<AlsoFromView[]> {
  const address = email.toLowerCase();
  const { rows } = (await db.execute(sql`
    select * from (
      select c.id, 'callback' as kind, c.subject as title, c.status, c.created_at
      from ${contacts} c where lower(c.email) = ${address} and c.id <> ${exceptId}
      union all
      select l.id, l.kind, l.reference, l.status, l.created_at
      from ${leads} l where lower(l.email) = ${address} and l.id <> ${exceptId}
    ) other
    order by created_at desc, id desc
    limit ${ALSO_FROM_MAX}
  `)) as { rows: AlsoFromRow[] };
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind as (typeof alsoFromKinds)[number],
    title: row.title,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
