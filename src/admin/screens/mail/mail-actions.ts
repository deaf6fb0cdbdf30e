import { messageOf } from '../../../api/client.ts';
import type { MailStatus } from '../../../schemas/mail.ts';
import { showError, showSuccess } from '../../../ui/dialogs.ts';
import { resendMail } from '../../stores/mail.ts';

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

/** Only a mail that has left the queue (sent, or failed for good) can be sent again. */
export const canResend = (status: MailStatus): boolean => status !== 'queued';

/** Sends a mail again and says so; a refusal (409: it is still queued) is shown as the server wrote it. */
export async function sendAgain(id: string): Promise<void> {
  try {
    await showSuccess(await resendMail(id), 'Success!');
  } catch (error) {
    await showError(messageOf(error));
  }
}
