import type { RecordName } from '../db/record-names.ts';
import { type MailDetailView, type MailSummaryView, SECRET_LINK_REFS } from '#src/schemas/mail-view.ts';
import { bodyRemoved, type MailRow } from './queries.ts';

/**
 * Mails whose body holds a link that signs its holder in or changes an account (a password
 * reset, an email-change confirmation, an invitation): whoever reads the body could take the account over, so
 * no one, Administrators included, reads it here. Its recipient, status and errors are shown.
 */
const SECRET_REASONS: Record<(typeof SECRET_LINK_REFS)[number], string> = {
  'password-reset:': 'This mail holds a password-reset link, so its text is not shown.',
  'email-change:': 'This mail belongs to a change of sign-in email, which holds a confirmation link, so its text is not shown.',
  // Whoever holds the link sets the new account's password and two-factor.
  'invitation:': 'This mail holds an invitation link, so its text is not shown. If it went astray, send it again from the Invitations tab under Users.',
};

export function withheldReason(ref: string | null): string | null {
  const prefix = SECRET_LINK_REFS.find((secret) => ref?.startsWith(secret));
  return prefix ? SECRET_REASONS[prefix] : null;
}

export const removedReason = (days: number) =>
  `The content of this mail was removed after ${days === 1 ? '1 day' : `${days} days`} under the retention policy.`;

/** `about`: the name of the record that caused it, as recordNames reads it now. */
export function toMailSummaryView(row: MailRow, about: RecordName | undefined = undefined): MailSummaryView {
  return {
    _id: row.id,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    ref: row.ref,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    bodyRemoved: bodyRemoved(row),
    about: about ? { name: about.label, leadKind: about.leadKind } : null,
  };
}

/** `bodyRetentionDays`: MAIL_BODY_RETENTION_DAYS, to say when a removed body went; `about`: the name of the record that caused it. */
export function toMailDetailView(row: MailRow, bodyRetentionDays: number, about: RecordName | undefined = undefined): MailDetailView {
  const withheld = bodyRemoved(row) ? removedReason(bodyRetentionDays) : withheldReason(row.ref);
  return {
    ...toMailSummaryView(row, about),
    replyTo: row.replyTo,
    messageId: row.messageId,
    recipients: row.recipients.map((r) => ({ address: r.address, result: r.result, code: r.code ?? null, response: r.response ?? null, at: r.at })),
    text: withheld ? null : row.text,
    hasHtml: !withheld && Boolean(row.html),
    withheld,
  };
}
