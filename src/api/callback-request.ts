import type { ContactCreate } from '../schemas/contact.ts';
import { apiClient } from './typed-client.ts';
import { forgetSubmission, sendForm, submissionKey, type ResendNotice } from './send-form.ts';

/** The submission-key slot of the callback form (one request at a time per tab). */
const SUBMISSION = 'callback';

/**
 * Sends a 'Request a Callback' form under its submission key (the answers without the human
 * check name the key, so a resend of the same answers is the same request) and answers the
 * server's thank-you message.
 */
export async function sendCallbackRequest(input: ContactCreate, onResend?: (notice: ResendNotice) => void): Promise<string> {
  const { humanCheck: _check, ...answers } = input;
  const result = await sendForm((options) => apiClient.contacts.create.$post({ json: input }, options), {
    key: submissionKey(SUBMISSION, answers),
    ...(onResend ? { onResend } : {}),
  });
  forgetSubmission(SUBMISSION);
  return result.message;
}
