import { sql } from 'drizzle-orm';
import { TIMELINE_PAGE, type TimelineEntryView, type TimelineView } from '#src/schemas/record-timeline.ts';
import type { Db } from '../db/client.ts';
import { contactEvents, contacts, leadEvents, leads, outbox, users } from '../db/schema.ts';

/** The record a timeline is of: its table, its history and how its mails name it (outbox.ref). */
const SOURCES = {
  contact: { table: contacts, events: contactEvents, owner: contactEvents.contactId, ref: (id: string) => `contact:${id}` },
  lead: { table: leads, events: leadEvents, owner: leadEvents.leadId, ref: (id: string) => `lead:${id}` },
} as const;

/**
 * Among entries of the same moment (a request, its first history step and its mails are one
 * transaction): received first, then its mails, then what staff did.
 */
const RANK = { received: 0, mail: 1, event: 2 } as const;

type Row = {
  id: string;
  rank: number;
  at_key: string;
  type: string;
  from_status: string | null;
  to_status: string | null;
  note: string;
  detail: Record<string, unknown> | null;
  subject: string | null;
  to: string[] | null;
  mail_status: 'queued' | 'sent' | 'failed' | null;
  first_name: string | null;
  last_name: string | null;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A history entry's type: a pipeline entry is a status change, or a note when the status stayed. */
function typeOf(row: Row): TimelineEntryView['type'] {
  if (row.type === 'pipeline') return row.to_status ? 'status' : 'note';
  return row.type as TimelineEntryView['type'];
}

function toEntry(row: Row): TimelineEntryView {
  const detail = row.detail ?? {};
  const outcome = row.type === 'outcome' && (detail.outcome === 'quoted' || detail.outcome === 'lost') ? detail.outcome : null;
  return {
    _id: row.id,
    type: typeOf(row),
    at: row.at_key,
    // Someone since deleted keeps what they did; who it was is no longer known.
    by: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : row.rank === RANK.event ? 'A former member of staff' : null,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    note: row.note,
    step: text(detail.step),
    due: textOrNull(detail.due),
    outcome,
    premium: textOrNull(detail.premium),
    insurer: text(detail.insurer),
    lostReason: textOrNull(detail.lostReason),
    mail: row.type === 'mail' ? { subject: row.subject ?? '', to: row.to ?? [], status: row.mail_status ?? 'queued' } : null,
  };
}

/**
 * One page of a record's timeline, newest first: when it was received, every history entry
 * (status changes, notes, next steps, outcomes) and every mail queued about it, read by the
 * history's (record, created_at) index and the outbox's ref index. `before` is the cursor a
 * page answered; an unknown record has an empty timeline (the caller checks it exists first).
 */
export async function recordTimeline(db: Db, record: keyof typeof SOURCES, id: string, before?: string): Promise<TimelineView> {
  const { table, events, owner, ref } = SOURCES[record];
  const [atKey, rank, afterId] = before ? (before.split('~') as [string, string, string]) : [null, null, null];
  // Moments kept to the microsecond in the cursor, so entries of one transaction are neither lost nor repeated.
  const keyOf = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const { rows } = (await db.execute(sql`
    select t.*, ${keyOf(sql`t.at`)} as at_key, u.first_name, u.last_name
    from (
      select r.id::text as id, ${RANK.received}::int as rank, r.created_at as at, 'received' as type, null::uuid as user_id,
        null::text as from_status, null::text as to_status, '' as note, null::jsonb as detail,
        null::text as subject, null::text[] as "to", null::text as mail_status
      from ${table} r where r.id = ${id}
      union all
      select id::text, ${RANK.event}, created_at, kind, user_id, from_status, to_status, note, detail,
        null, null, null
      from ${events}
      where ${owner} = ${id}
        -- A request's first step ("received from the website") is the received entry itself.
        and not (kind = 'pipeline' and user_id is null and from_status is null and to_status = 'new')
      union all
      -- A request's mails are queued in the transaction that stores it, a moment before the
      -- request's own moment is taken: never shown before it arrived.
      select o.id::text, ${RANK.mail}, greatest(o.created_at, (select r2.created_at from ${table} r2 where r2.id = ${id})), 'mail', null, null, null, '', null, o.subject, o."to", o.status
      from ${outbox} o where o.ref = ${ref(id)}
    ) t
    left join ${users} u on u.id = t.user_id
    where ${atKey === null ? sql`true` : sql`(t.at, t.rank, t.id) < (${atKey}::timestamptz, ${Number(rank)}, ${afterId})`}
    order by t.at desc, t.rank desc, t.id desc
    limit ${TIMELINE_PAGE + 1}
  `)) as { rows: Row[] };
  const page = rows.slice(0, TIMELINE_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    next: rows.length > TIMELINE_PAGE && last ? `${last.at_key}~${last.rank}~${last.id}` : null,
  };
}
