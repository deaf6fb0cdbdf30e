import * as v from 'valibot';
import { RecordNameViewSchema } from './record-name.ts';
import { calendarDate } from './fields.ts';
import { createdSort, ListPagingSchema } from './paging.ts';

/** The kinds of record the audit log names (`target` is written `kind:id`). */
export const auditRecordKinds = [
  'user',
  'contact',
  'lead',
  'post',
  'media',
  'redirect',
  'privacy-request',
  'mail',
  'invitation',
  'api-token',
  'webhook',
] as const;
export type AuditRecordKind = (typeof auditRecordKinds)[number];

/**
 * What kind of entry: a change (everything but views and exports), a view of a record (a privacy
 * look-up among them), or an export. Views come with every record opened and would bury the changes.
 */
export const auditActivities = ['changes', 'views', 'exports'] as const;
export type AuditActivity = (typeof auditActivities)[number];

/**
 * The kinds a person can ask for: one of the three, or 'all' of them. The screen opens on the
 * changes, so the whole log needs a word of its own in the address (`?activity=all`).
 */
export const auditActivityChoices = ['all', ...auditActivities] as const;
export type AuditActivityChoice = (typeof auditActivityChoices)[number];

/** The audit log's filters, from the screen's form and the address: person, kind of record, action and dates (Dublin days). */
export const AuditFilterSchema = v.object({
  actor: v.optional(v.pipe(v.string(), v.uuid('Choose a person from the list'))),
  kind: v.optional(v.picklist(auditRecordKinds, 'Unknown kind of record')),
  activity: v.optional(v.picklist(auditActivityChoices, 'Choose all, changes, views or exports')),
  action: v.optional(v.pipe(v.string(), v.maxLength(100, 'Must be 100 characters or fewer'))),
  from: v.optional(calendarDate),
  to: v.optional(calendarDate),
  /** The client address an entry came from, exactly as listed (IPv4 or IPv6). */
  address: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(64, 'Must be 64 characters or fewer'),
      v.regex(/^[0-9A-Za-z.:%-]*$/, 'Enter an address as the list shows it, e.g. 198.51.100.7'),
    ),
  ),
});
export type AuditFilter = v.InferOutput<typeof AuditFilterSchema>;

/** The log's page: its filters, and its order (newest first unless `sort=oldest`). */
export const AuditQuerySchema = v.object({ ...ListPagingSchema.entries, ...AuditFilterSchema.entries, sort: createdSort });

export const AuditEntryViewSchema = v.object({
  _id: v.string(),
  createdAt: v.string(),
  actor: v.nullable(v.object({ _id: v.string(), name: v.string(), email: v.string() })),
  action: v.string(),
  target: v.nullable(v.string()),
  /**
   * What the record is called now (a contact's name, a request's reference and name, a post's
   * title), with a request's kind; null when it has no name to look up or no longer exists.
   */
  record: v.nullable(RecordNameViewSchema),
  details: v.nullable(v.record(v.string(), v.unknown())),
  /** The client's address; null for entries written by a background job or before addresses were recorded. */
  address: v.nullable(v.string()),
});
export type AuditEntryView = v.InferOutput<typeof AuditEntryViewSchema>;

/** Who appears in the log, for the person filter. */
export const AuditPersonSchema = v.object({ _id: v.string(), name: v.string() });

/**
 * One field an edit changed, as an entry's `details.changes` keeps it (src/server/audit-changes.ts):
 * the value before and after; for a secret only that it changed (`withheld`); for long words of
 * staff's own (a post's body, a next step) their lengths instead of the text; and, once the
 * record's person is erased, `erased` in place of the values.
 */
export type AuditChange = {
  field: string;
  from?: unknown;
  to?: unknown;
  withheld?: true;
  fromLength?: number;
  toLength?: number;
  erased?: true;
};
