/**
 * An entry's `details.changes` (what an edit changed, src/server/audit-changes.ts) as the rows
 * of a before → after table, in the words of the record's own screen: 'Owner: nobody → Niamh
 * Byrne', 'Body: changed, 7 characters longer'. Staff ids become names where the log knows them.
 */

import { formatCalendarDate, formatDublinDateTime } from '#src/lib/dublin-time.ts';
import { formatEuro } from '#src/lib/euro.ts';
import { recordHref } from '#src/admin/record-links.ts';
import type { AuditChange } from '#src/schemas/audit-log.ts';
import { LOST_REASON_LABELS, type LostReason } from '#src/schemas/follow-up.ts';
import { REDIRECT_STATUS_LABELS, type RedirectStatus } from '#src/schemas/redirect.ts';
import { type Role, roleNames } from '#src/schemas/roles.ts';
import { WEBHOOK_EVENT_LABELS, type WebhookEvent } from '#src/schemas/webhook.ts';

type People = readonly { _id: string; name: string }[];

/** A changed field's label where its name alone would not say it as the record's screen does. */
const FIELD_LABELS: Record<string, string> = {
  publishedAt: 'Publish date',
  slug: 'Address',
  nextStepDue: 'Next step due',
  lostReason: 'Why it was lost',
  lostDetail: 'Why it was lost, in words',
  kind: 'Kind of redirect',
  url: 'Address',
  enabled: 'On',
  config: 'Settings',
  // An image element's value, field by field.
  mediaId: 'Image or video',
  alt: 'Alt text',
};

/** 'firstName' reads 'First name'. */
export function fieldLabel(field: string): string {
  if (FIELD_LABELS[field]) return FIELD_LABELS[field];
  const spaced = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A record's id: staff never read one, so a value that is one is named or linked instead. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A status ('contacted') as the lists show it. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Names a field's own vocabulary has on screen: a role, a reason, a redirect's kind, a webhook's events. */
const NAMED: Record<string, (value: string) => string | undefined> = {
  role: (value) => roleNames[value as Role],
  lostReason: (value) => LOST_REASON_LABELS[value as LostReason],
  kind: (value) => REDIRECT_STATUS_LABELS[Number(value) as RedirectStatus],
  events: (value) => WEBHOOK_EVENT_LABELS[value as WebhookEvent],
  status: capitalised,
  // An amount as every screen writes one ("€1,250", "€1,250.50"), not as the log keeps it ("1250.00").
  premium: (value) => (Number.isFinite(Number(value)) ? formatEuro(value) : undefined),
};

/** One value of a change as words. */
function valueWords(field: string, value: unknown, people: People): string {
  const isOwner = field === 'owner';
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return isOwner ? 'nobody' : 'none';
  if (isOwner && typeof value === 'string') return people.find((person) => person._id === value)?.name ?? 'a former colleague';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((item) => valueWords(field, item, people)).join(', ');
  const text = String(value);
  // An id the log cannot name: what it is, not its digits.
  if (UUID.test(text)) return 'something else';
  const named = NAMED[field]?.(text);
  if (named) return named;
  if (CALENDAR_DATE.test(text)) return formatCalendarDate(text);
  if (ISO_MOMENT.test(text) && !Number.isNaN(Date.parse(text))) return formatDublinDateTime(text);
  return text;
}

/**
 * One row of the table: a field with its value before and after, or (`from` absent) one line
 * saying what is known; `fromHref` and `toHref` open a value that is a record of its own (an upload).
 */
export type AuditChangeRow = { field: string; label: string; from?: string; to: string; fromHref?: string; toHref?: string };

/** An upload chosen for an image element, named by when it was chosen and opened on the Media screen, never by its id. */
function uploadRow(change: AuditChange, label: string): AuditChangeRow {
  const href = (value: unknown) => (typeof value === 'string' && value ? recordHref('media', value) : undefined);
  const words = (value: unknown, name: string) => (href(value) ? name : 'none');
  return {
    field: change.field,
    label,
    from: words(change.from, 'The earlier upload'),
    to: words(change.to, 'The new upload'),
    fromHref: href(change.from),
    toHref: href(change.to),
  };
}

const characters = (count: number) => `${count.toLocaleString('en-IE')} ${count === 1 ? 'character' : 'characters'}`;

/** How a text the log does not keep changed, in words: 'Changed, 30 characters longer' rather than two counts to compare. */
function changedLength(from: number | undefined, to: number | undefined): string {
  if (from === undefined || to === undefined) return 'Changed';
  if (from === 0) return `Written, ${characters(to)}`;
  if (to === 0) return 'Emptied';
  if (to === from) return 'Changed, same length';
  return to > from ? `Changed, ${characters(to - from)} longer` : `Changed, ${characters(from - to)} shorter`;
}

function rowOf(change: AuditChange, people: People): AuditChangeRow {
  const label = fieldLabel(change.field);
  if (change.erased) return { field: change.field, label, to: 'Erased with the person’s data' };
  if (change.withheld) {
    return { field: change.field, label, to: changedLength(change.fromLength, change.toLength) };
  }
  if (change.field === 'mediaId') return uploadRow(change, label);
  return { field: change.field, label, from: valueWords(change.field, change.from, people), to: valueWords(change.field, change.to, people) };
}

const isChange = (item: unknown): item is AuditChange => typeof item === 'object' && item !== null && typeof (item as { field?: unknown }).field === 'string';

/** A detail kept as `{ from, to }` (a privacy request's status and owner, its deadline): a change by another spelling. */
const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'from' in value && 'to' in value && Object.keys(value).length === 2;

/** The field a `{ from, to }` detail names, as `changes` would name it: an owner's id is the owner. */
const FROM_TO_FIELDS: Record<string, string> = { ownerId: 'owner' };

/**
 * The entry's changes as table rows: its `changes`, and any detail kept as `{ from, to }` by
 * writers older than `changes` (the privacy register's, which its timeline reads); none for an
 * entry without either (a creation, a view).
 */
export function auditChangeRows(details: Record<string, unknown> | null, people: People): AuditChangeRow[] {
  if (!details) return [];
  const changes = Array.isArray(details.changes) ? details.changes.filter(isChange) : [];
  const fromTo = Object.entries(details).flatMap(([key, value]) =>
    isFromTo(value) ? [{ field: FROM_TO_FIELDS[key] ?? key, from: value.from, to: value.to }] : [],
  );
  return [...changes, ...fromTo].map((change) => rowOf(change, people));
}

/** The changes as one line for the collapsed entry: the one change in full, or which fields changed. */
export function auditChangesLine(rows: readonly AuditChangeRow[]): string {
  const [only] = rows;
  if (rows.length === 1 && only)
    return only.from === undefined ? `${only.label}: ${only.to.charAt(0).toLowerCase()}${only.to.slice(1)}` : `${only.label}: ${only.from} → ${only.to}`;
  const labels = rows.map((row) => row.label.charAt(0).toLowerCase() + row.label.slice(1));
  return labels.length > 1 ? `Changed ${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : '';
}
