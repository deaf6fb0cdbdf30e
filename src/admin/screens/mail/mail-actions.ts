import { toastOutcome } from '#src/admin/toast-outcome.ts';
import { apiHref } from '#src/api/api-href.ts';
import { apiClient, pathParams } from '#src/api/typed-client.ts';
import type { MailStatus } from '#src/schemas/mail.ts';
import { holdsSecretLink, type MailSummaryView } from '#src/schemas/mail-view.ts';
import { resendMail } from '#src/admin/stores/mail.ts';

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

/** Only a mail that has left the queue (sent, or failed for good), still has its content and holds no one-time link can be sent again. */
export const canResend = (mail: Pick<MailSummaryView, 'status' | 'bodyRemoved' | 'ref'>): boolean =>
  mail.status !== 'queued' && !mail.bodyRemoved && !holdsSecretLink(mail.ref);

/** What stands for a subject the retention policy removed. */
export const REMOVED_SUBJECT = 'Content removed under the retention policy';

/** Sends a mail again and says so; a refusal (409: it is still queued) is shown as the server wrote it. */
export async function sendAgain(id: string): Promise<void> {
  await toastOutcome(resendMail(id), 'Success!');
}

/** The address of a mail's HTML part, a page of its own for a sandboxed frame. */
export const mailHtmlHref = (id: string) => apiHref(apiClient.mail.html[':id'].$path({ param: pathParams({ id }) }));
