import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { exportFormats, type ExportFormat } from '#src/schemas/privacy.ts';
import { privacyRequestStatuses, type PrivacyRequestStatus } from '#src/schemas/privacy-register.ts';
import {
  PRIVACY_TIMELINE_MAX,
  type PersonCounts,
  type PrivacyTimelineEntryView,
  type PrivacyTimelineType,
  type PrivacyTimelineView,
} from '#src/schemas/privacy-timeline.ts';
import type { Db } from '#src/server/db/client.ts';
import { auditLog, privacyRequestNotes, users } from '#src/server/db/schema.ts';
import { ownersOf } from '#src/server/pipeline/owners.ts';
import type { PrivacyRequestRow } from './queries.ts';

/** The audit actions a request's timeline shows, and the entry each becomes. */
const TYPES: Record<string, PrivacyTimelineType> = {
  'privacy request logged': 'logged',
  'privacy request updated': 'updated',
  'privacy request deadline extended': 'extended',
  'personal data looked up': 'looked-up',
  'personal data exported': 'exported',
  'personal data erased': 'erased',
};

type Details = Record<string, unknown>;

const isStatus = (value: unknown): value is PrivacyRequestStatus => privacyRequestStatuses.includes(value as PrivacyRequestStatus);
const day = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const fromTo = (value: unknown): { from: unknown; to: unknown } | null =>
  typeof value === 'object' && value !== null && 'to' in value ? (value as { from: unknown; to: unknown }) : null;

/** What a look-up, export or erasure counted; null on an entry that counted nothing. */
function countsOf(details: Details): PersonCounts | null {
  const count = (key: string) => (typeof details[key] === 'number' ? (details[key] as number) : 0);
  if (typeof details.callbacks !== 'number') return null;
  return { callbacks: count('callbacks'), requests: count('requests'), files: count('files'), mails: count('mails'), user: details.user === true };
}

// Someone since deleted keeps what they did; who it was is no longer known.
const nameOf = (row: { firstName: string | null; lastName: string | null }) =>
  row.firstName !== null ? `${row.firstName} ${row.lastName ?? ''}`.trim() : 'A former member of staff';

/** A note and a refusal written in one transaction share their moment (now()) and their author. */
const momentKey = (at: Date, by: string | null) => `${at.toISOString()}|${by ?? ''}`;

/**
 * A request's timeline, newest first: the audit entries that name it, and its notes. Its own
 * entries (logged, updated, extended) by their target; a look-up or export made from its page
 * by `registerId`; an erasure of its address by `registerIds` (every erasure lists the
 * register's requests it blanked) or `registerId`. Only entries made since it was logged are
 * read, by the log's (created_at, id) index. Never anything about the person beyond counts:
 * the log keeps no address. Notes come from privacy_request_notes with their words; the note
 * written with a refusal is shown as that refusal's reason rather than again on its own.
 */
export async function privacyTimeline(db: Db, request: PrivacyRequestRow): Promise<PrivacyTimelineView> {
  const id = request.id;
  const notes = await db
    .select({
      id: privacyRequestNotes.id,
      body: privacyRequestNotes.body,
      at: privacyRequestNotes.createdAt,
      userId: privacyRequestNotes.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(privacyRequestNotes)
    .leftJoin(users, eq(users.id, privacyRequestNotes.userId))
    .where(eq(privacyRequestNotes.requestId, id))
    .orderBy(desc(privacyRequestNotes.createdAt), desc(privacyRequestNotes.id))
    .limit(PRIVACY_TIMELINE_MAX + 1);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      at: auditLog.createdAt,
      actorId: auditLog.actorId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        // Its first entry is written in the transaction that logs it; a minute's margin for clocks.
        gte(auditLog.createdAt, sql`${request.createdAt.toISOString()}::timestamptz - interval '1 minute'`),
        inArray(auditLog.action, Object.keys(TYPES)),
        or(
          eq(auditLog.target, `privacy-request:${id}`),
          sql`${auditLog.details} ->> 'registerId' = ${id}`,
          sql`(${auditLog.details} -> 'registerIds') @> jsonb_build_array(${id}::text)`,
        ),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(PRIVACY_TIMELINE_MAX + 1);
  const shown = rows.slice(0, PRIVACY_TIMELINE_MAX);

  // Each refusal's reason: the note its author wrote in the same transaction.
  const refusals = new Set(shown.filter((row) => fromTo(row.details?.status)?.to === 'refused').map((row) => momentKey(row.at, row.actorId)));
  const reasons = new Map<string, string>();
  const noteEntries: PrivacyTimelineEntryView[] = [];
  for (const note of notes) {
    const key = momentKey(note.at, note.userId);
    if (refusals.has(key) && !reasons.has(key)) {
      reasons.set(key, note.body);
      continue;
    }
    noteEntries.push({
      _id: note.id,
      type: 'note',
      at: note.at.toISOString(),
      by: nameOf(note),
      receivedOn: null,
      dueOn: null,
      status: null,
      owner: null,
      noteChanged: false,
      note: note.body,
      months: null,
      reason: '',
      format: null,
      counts: null,
    });
  }

  const ownerIds = shown.map((row) => {
    const owner = fromTo(row.details?.ownerId);
    return typeof owner?.to === 'string' ? owner.to : null;
  });
  const owners = await ownersOf(db, ownerIds);

  const entries = shown.map((row): PrivacyTimelineEntryView => {
    const details: Details = row.details ?? {};
    const type = TYPES[row.action]!;
    const status = fromTo(details.status);
    const owner = type === 'updated' ? fromTo(details.ownerId) : null;
    const extended = type === 'extended';
    return {
      _id: row.id,
      type,
      at: row.at.toISOString(),
      by: nameOf(row),
      receivedOn: type === 'logged' ? day(details.receivedOn) : null,
      dueOn: type === 'logged' ? day(details.dueOn) : extended ? day(fromTo(details.dueOn)?.to) : null,
      status: type === 'updated' && status && isStatus(status.from) && isStatus(status.to) ? { from: status.from, to: status.to } : null,
      owner: owner ? { to: typeof owner.to === 'string' ? (owners.get(owner.to)?.name ?? 'A former member of staff') : null } : null,
      noteChanged: details.noteChanged === true,
      note: '',
      months: extended && typeof details.months === 'number' ? details.months : null,
      // One extension only, so the request's reason is this one's.
      reason: extended ? request.extensionReason : status?.to === 'refused' ? (reasons.get(momentKey(row.at, row.actorId)) ?? '') : '',
      // Exports before there was a choice were all JSON.
      format: type === 'exported' ? (exportFormats.includes(details.format as ExportFormat) ? (details.format as ExportFormat) : 'json') : null,
      counts: type === 'looked-up' || type === 'exported' || type === 'erased' ? countsOf(details) : null,
    };
  });
  // Both newest first; merged (a stable sort, a note above the change it was written with), the newest PRIVACY_TIMELINE_MAX.
  const all = [...noteEntries, ...entries].sort((a, b) => b.at.localeCompare(a.at));
  return {
    entries: all.slice(0, PRIVACY_TIMELINE_MAX),
    more: rows.length > PRIVACY_TIMELINE_MAX || notes.length > PRIVACY_TIMELINE_MAX || all.length > PRIVACY_TIMELINE_MAX,
  };
}
