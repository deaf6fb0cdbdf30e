import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AuditChange } from '#src/schemas/audit-log.ts';
import type { Tx } from './db/client.ts';
import { auditLog } from './db/schema.ts';
import { recordKey } from './db/record-names.ts';

/** The most characters of one value an entry keeps: enough to recognise it, not a copy of the record. */
export const AUDIT_VALUE_MAX = 200;

/**
 * How a field's values are kept: `secret` says only that it changed (a password, a signing key);
 * `text` keeps the lengths, not the words (a post's body, a note-like next step).
 */
export type AuditFieldRules = { secret?: readonly string[]; text?: readonly string[] };

const truncate = (text: string) => (text.length > AUDIT_VALUE_MAX ? `${text.slice(0, AUDIT_VALUE_MAX - 1)}…` : text);

/** A value as the log keeps it: JSON's own types, a date as ISO 8601, long text cut short with an ellipsis. */
function kept(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return truncate(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.map(truncate);
  return truncate(JSON.stringify(value));
}

/** Equal as the database would keep them: dates by moment, lists and objects by their content. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const lengthOf = (value: unknown) => (typeof value === 'string' ? value.length : value === null || value === undefined ? 0 : JSON.stringify(value).length);

/**
 * What an edit changed, for an audit entry's `details.changes`: one `{ field, from, to }` per
 * field of `after` whose value differs from `before` (fields `after` leaves out were not
 * edited), in `after`'s order. Callers pass the fields staff see on the record's screen,
 * read in the edit's own transaction (the row locked, or returned by the update).
 */
export function auditChanges(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>, rules: AuditFieldRules = {}): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const [field, to] of Object.entries(after)) {
    const from = before[field];
    if (same(from, to)) continue;
    if (rules.secret?.includes(field)) changes.push({ field, withheld: true });
    else if (rules.text?.includes(field)) changes.push({ field, withheld: true, fromLength: lengthOf(from), toLength: lengthOf(to) });
    else changes.push({ field, from: kept(from), to: kept(to) });
  }
  return changes;
}

/** `{ changes }` for an entry's details, or nothing when no field changed (the entry says only what happened). */
export const changesDetail = (changes: AuditChange[]): { changes: AuditChange[] } | undefined => (changes.length > 0 ? { changes } : undefined);

/**
 * Blanks the before and after values the log keeps of records that are gone for good: the
 * changes (of `fields` only, when given) in the entries about `targets` (`kind:id`, as
 * `user:{id}`), and any change anywhere whose value is `email` (an address a staff account
 * had before). Each such change keeps its field, marked `erased`. Runs in the deleting
 * transaction: a deleted staff account and a privacy erasure leave no copy of the person's
 * name or address in the log.
 */
export async function eraseAuditValues(
  tx: Tx,
  targets: readonly string[],
  { fields, email }: { fields?: readonly string[]; email?: string } = {},
): Promise<void> {
  const keys = targets.map(recordKey);
  const byTarget = keys.length > 0 ? inArray(sql`split_part(${auditLog.target}, ' ', 1)`, keys) : sql`false`;
  const ofField = fields ? inArray(sql`change->>'field'`, [...fields]) : sql`true`;
  const address = email?.toLowerCase() ?? null;
  const holdsAddress = sql`(lower(change->>'from') = ${address} or lower(change->>'to') = ${address})`;
  const erased = sql`((${byTarget} and ${ofField}) or ${holdsAddress})`;
  await tx
    .update(auditLog)
    .set({
      details: sql`jsonb_set(${auditLog.details}, '{changes}', (
        select coalesce(jsonb_agg(case when ${erased} then jsonb_build_object('field', change->'field', 'erased', true) else change end order by position), '[]'::jsonb)
        from jsonb_array_elements(${auditLog.details}->'changes') with ordinality as changes(change, position)))`,
    })
    .where(
      sql`jsonb_typeof(${auditLog.details}->'changes') = 'array' and exists (
        select 1 from jsonb_array_elements(${auditLog.details}->'changes') as change where ${erased})`,
    );
}

/** Two edits' changes as one: each field from its first value to its last; a field back where it began drops out. */
export function foldChanges(earlier: readonly AuditChange[], later: readonly AuditChange[]): AuditChange[] {
  const folded = new Map(earlier.map((change) => [change.field, change]));
  for (const change of later) {
    const first = folded.get(change.field);
    if (!first) folded.set(change.field, change);
    else if (change.withheld) folded.set(change.field, { ...change, ...(first.fromLength !== undefined ? { fromLength: first.fromLength } : {}) });
    else folded.set(change.field, { field: change.field, from: first.from, to: change.to });
  }
  return [...folded.values()].filter((change) => change.withheld || !same(change.from, change.to));
}

/**
 * Adds an edit's changes to the actor's latest entry about `target` (one of `actions`), for
 * saves that fold into the one before them (a draft's autosaves are one version and one
 * entry): the entry then says what the run of saves changed. Answers false when there is
 * no such entry to add to.
 */
export async function foldIntoLatestEntry(
  tx: Tx,
  actorId: string,
  target: string,
  actions: readonly string[],
  changes: readonly AuditChange[],
): Promise<boolean> {
  const [latest] = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    // Folding saves are minutes apart: a day back bounds the walk down the actor's index.
    .where(
      and(
        eq(auditLog.actorId, actorId),
        gt(auditLog.createdAt, sql`now() - interval '1 day'`),
        eq(auditLog.target, target),
        inArray(auditLog.action, [...actions]),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1)
    .for('update');
  if (!latest) return false;
  if (changes.length === 0) return true;
  const earlier = Array.isArray(latest.details?.changes) ? (latest.details.changes as AuditChange[]) : [];
  const { changes: _, ...rest } = latest.details ?? {};
  await tx
    .update(auditLog)
    .set({ details: { ...rest, ...changesDetail(foldChanges(earlier, changes)) } })
    .where(eq(auditLog.id, latest.id));
  return true;
}
