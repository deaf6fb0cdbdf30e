import type { ContactCreate } from '../../schemas/contact.ts';

/**
 * The time a request was sent, on Dublin's clock ("23/11/2026, 18:05:07", what
 * `toLocaleString('en-IE', { timeZone: 'Europe/Dublin' })` gives): made once, since building a
 * formatter with a time zone costs more than the rest of the mail.
 */
const sentAt = new Intl.DateTimeFormat('en-IE', {
  timeZone: 'Europe/Dublin',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The sales team's copy of a callback request (plain text; the visitor's address is its Reply-To). */
export function callbackForSalesMail(input: ContactCreate, at: Date) {
  const text = [
    'A visitor asked for a callback on the website.',
    '',
    `Name:    ${input.name}`,
    `Email:   ${input.email}`,
    `Phone:   ${input.phone}`,
    `Subject: ${input.subject}`,
    `Sent:    ${sentAt.format(at)}`,
    '',
    'Message:',
    input.message,
  ].join('\n');
  return { subject: `Callback request: ${input.subject}`, text };
}
