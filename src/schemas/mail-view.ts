import * as v from 'valibot';
import { RecordNameViewSchema } from './record-name.ts';
import { mailStatuses } from './mail.ts';

/** A mail in the outbox as the Mail screen lists it (times ISO 8601). */
/**
 * What causes a mail holding a one-time link (a password reset, a change of sign-in email, an
 * invitation): its text is never shown, and it is never sent again as it was; its own flow sends
 * a fresh link (Forgot password, Resend the invitation).
 */
export const SECRET_LINK_REFS = ['password-reset:', 'email-change:', 'invitation:'] as const;
export const holdsSecretLink = (ref: string | null): boolean => SECRET_LINK_REFS.some((prefix) => ref?.startsWith(prefix) ?? false);

export const MailSummaryViewSchema = v.object({
  _id: v.string(),
  to: v.array(v.string()),
  cc: v.array(v.string()),
  subject: v.string(),
  status: v.picklist(mailStatuses),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  /** What caused the mail, e.g. `contact:<id>`. */
  ref: v.nullable(v.string()),
  createdAt: v.string(),
  /** When the next attempt is due (a queued mail). */
  nextAttemptAt: v.string(),
  sentAt: v.nullable(v.string()),
  failedAt: v.nullable(v.string()),
  /** True once the retention job removed its subject and body (MAIL_BODY_RETENTION_DAYS): only the envelope is kept. */
  bodyRemoved: v.boolean(),
  /** The record that caused the mail (its `ref`), named as it is now; null when it has no name or is gone. */
  about: v.nullable(RecordNameViewSchema),
});
export type MailSummaryView = v.InferOutput<typeof MailSummaryViewSchema>;

/** What the mail server last answered for one address. */
export const RecipientResultViewSchema = v.object({
  address: v.string(),
  result: v.picklist(['accepted', 'refused', 'deferred']),
  code: v.nullable(v.number()),
  response: v.nullable(v.string()),
  at: v.string(),
});

/** One mail with its per-recipient results and its body, plain text and HTML (unless withheld). */
export const MailDetailViewSchema = v.object({
  ...MailSummaryViewSchema.entries,
  replyTo: v.nullable(v.string()),
  messageId: v.string(),
  recipients: v.array(RecipientResultViewSchema),
  /** The plain-text body; null when withheld. */
  text: v.nullable(v.string()),
  /** It has an HTML part to show (`GET /mail/html/{id}`, for a sandboxed frame); false when withheld or sent as text alone. */
  hasHtml: v.boolean(),
  /** Why the body is not shown (it holds a link that signs someone in, or was removed under the retention policy), or null. */
  withheld: v.nullable(v.string()),
});
export type MailDetailView = v.InferOutput<typeof MailDetailViewSchema>;

/** How many mails stand in each status, for the filter. */
export const MailCountsSchema = v.object({ queued: v.number(), sent: v.number(), failed: v.number() });
/** The statuses whose count is the database's estimate (more mails than the lists count exactly): shown as "about N". */
export const MailCountsEstimatedSchema = v.array(v.picklist(mailStatuses));
