import { formatDublinDateTimeSeconds } from '../../lib/dublin-time.ts';
import type { ContactCreate } from '../../schemas/contact.ts';

/** The sales team's copy of a callback request (plain text; the visitor's address is its Reply-To). */
export function callbackForSalesMail(input: ContactCreate, at: Date) {
  const text = [
    'A visitor asked for a callback on the website.',
    '',
    `Name:    ${input.name}`,
    `Email:   ${input.email}`,
    `Phone:   ${input.phone}`,
    `Subject: ${input.subject}`,
    `Sent:    ${formatDublinDateTimeSeconds(at)}`,
    '',
    'Message:',
    input.message,
  ].join('\n');
  return { subject: `Callback request: ${input.subject}`, text };
}
