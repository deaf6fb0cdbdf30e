import * as v from 'valibot';
import { exportFormats } from './privacy.ts';
import { privacyRequestStatuses } from './privacy-register.ts';

/**
 * A privacy request's timeline, read from the audit log and its notes: logged, each change of
 * status or owner, each note added (its words, by whom and when), the deadline extended, and
 * each look-up, export and erasure of the person's data made for it. What was found is counted,
 * never shown: the audit log keeps no address and none of the data, and neither does this.
 */

export const privacyTimelineTypes = ['logged', 'updated', 'note', 'extended', 'looked-up', 'exported', 'erased'] as const;
export type PrivacyTimelineType = (typeof privacyTimelineTypes)[number];

/** The most entries one request's timeline shows, newest first (a request gathers a few dozen at most). */
export const PRIVACY_TIMELINE_MAX = 200;

/** What a look-up, export or erasure found (or removed), counted. */
export const PersonCountsSchema = v.object({ callbacks: v.number(), requests: v.number(), files: v.number(), mails: v.number(), user: v.boolean() });
export type PersonCounts = v.InferOutput<typeof PersonCountsSchema>;

/** One entry; only the fields of its type are filled. */
export const PrivacyTimelineEntryViewSchema = v.object({
  /** The audit entry's id, or a note's. */
  _id: v.string(),
  type: v.picklist(privacyTimelineTypes),
  /** ISO 8601. */
  at: v.string(),
  /** Who did it: a member of staff's name, or "A former member of staff" once their account is gone. */
  by: v.string(),
  /** Logged: the day it was received and its first due day (YYYY-MM-DD). */
  receivedOn: v.nullable(v.string()),
  /** Logged or extended: the due day it was given. */
  dueOn: v.nullable(v.string()),
  /** Updated: the status it moved from and to, when it changed. */
  status: v.nullable(v.object({ from: v.picklist(privacyRequestStatuses), to: v.picklist(privacyRequestStatuses) })),
  /** Updated: the owner it was given (a name, or null for nobody), when that changed. */
  owner: v.nullable(v.object({ to: v.nullable(v.string()) })),
  /** Updated, before notes were kept one by one: the single note was changed. */
  noteChanged: v.boolean(),
  /** Note: what it says. */
  note: v.string(),
  /** Extended: the further months. */
  months: v.nullable(v.number()),
  /**
   * Extended: the reason the person was told. A refusal: the note written with it, the reason
   * (that note is then not an entry of its own).
   */
  reason: v.string(),
  /** Exported: JSON or the readable page. */
  format: v.nullable(v.picklist(exportFormats)),
  /** Looked up, exported or erased: what was found or removed. */
  counts: v.nullable(PersonCountsSchema),
});
export type PrivacyTimelineEntryView = v.InferOutput<typeof PrivacyTimelineEntryViewSchema>;

export const PrivacyTimelineViewSchema = v.object({
  /** Newest first. */
  entries: v.array(PrivacyTimelineEntryViewSchema),
  /** True when older entries than PRIVACY_TIMELINE_MAX are left out (the audit log holds them all). */
  more: v.boolean(),
});
export type PrivacyTimelineView = v.InferOutput<typeof PrivacyTimelineViewSchema>;
