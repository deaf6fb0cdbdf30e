import { createElement as h } from 'react';
import { formatDublinDateTime, formatDublinDateTimeSeconds } from '#src/lib/dublin-time.ts';
import type { ContactCreate } from '#src/schemas/contact.ts';
import { telHref } from '#src/lib/phone.ts';
import { Facts, type MailFacts, MailButton, MailHeading, MailLayout, MailLink, MailSubheading, Notice, P, Phone, Quoted } from '../mail/layout.ts';
import { compileMail, type RenderedMail } from '../mail/render.ts';

/** What a callback's mails show of the request. */
export type CallbackMailInput = Pick<ContactCreate, 'name' | 'email' | 'phone' | 'subject' | 'message'>;

/** Said to a visitor whose request is not a quotation either. */
export const CALLBACK_NOT_COVER = 'Asking for a callback does not put cover in place: you are not insured until we confirm cover to you in writing.';

const salesSlots = { name: 'line', email: 'line', phone: 'line', phoneHref: 'line', subject: 'line', sent: 'line', message: 'lines', link: 'line' } as const;
const visitorSlots = { name: 'line', phone: 'line', subject: 'line', received: 'line' } as const;

/** The sales team's copy of a callback request (the visitor's address is its Reply-To). */
function salesMail(facts: MailFacts, slot: Record<keyof typeof salesSlots, string>) {
  const subject = `Callback request: ${slot.subject}`;
  return {
    subject,
    element: h(
      MailLayout,
      { facts, subject, preview: 'A visitor asked for a callback on the website.' },
      h(MailHeading, null, 'Callback request'),
      h(P, null, 'A visitor asked for a callback on the website.'),
      // As a quote request's mail does: one click to the record, to mark it contacted once rung.
      h(MailButton, { href: slot.link }, 'Open it in the back-office'),
      h(Facts, {
        rows: [
          { label: 'Name', value: slot.name },
          { label: 'Email', value: h(MailLink, { href: `mailto:${slot.email}` }, slot.email) },
          { label: 'Phone', value: h(MailLink, { href: slot.phoneHref, quiet: true }, slot.phone) },
          { label: 'Subject', value: slot.subject },
          { label: 'Sent', value: slot.sent },
        ],
      }),
      h(MailSubheading, null, 'Message'),
      h(Quoted, null, slot.message),
    ),
  };
}

/** The visitor's acknowledgement: the request arrived, what happens next, and the number to ring. */
function visitorMail(facts: MailFacts, slot: Record<keyof typeof visitorSlots, string>) {
  const subject = `Your callback request to ${facts.brand}`;
  return {
    subject,
    element: h(
      MailLayout,
      { facts, subject, preview: 'Thank you. A broker will contact you within one working day, during our opening hours.' },
      h(MailHeading, null, 'We have your callback request'),
      h(P, null, `Hello ${slot.name},`),
      h(P, null, 'Thank you for asking us to call you back. This is what we received:'),
      h(Facts, {
        rows: [
          { label: 'You asked about', value: slot.subject },
          { label: 'We will call', value: slot.phone },
          { label: 'Received', value: slot.received },
        ],
      }),
      h(MailSubheading, null, 'What happens next'),
      h(P, null, `A broker will contact you within one working day, during our opening hours (${facts.openingHours}), on the number you gave us.`),
      h(
        P,
        null,
        'If you asked about a vehicle or a driver’s record, it helps to have the registration, licence details and any penalty points or claims to hand when we call.',
      ),
      h(P, null, 'If that number is wrong, or you would rather talk now, call us on ', h(Phone, { number: facts.salesPhone }), '.'),
      h(Notice, null, CALLBACK_NOT_COVER),
      h(P, null, 'If you did not ask us to call you, you can ignore this mail.'),
    ),
  };
}

type CallbackMails = {
  /** `link`: the callback's page in the back-office. */
  forSales: (input: CallbackMailInput, at: Date, link: string) => RenderedMail;
  forVisitor: (input: CallbackMailInput, at: Date) => RenderedMail;
};

/** Compiled once per set of site facts (the server has one): a request only fills them in. */
const compiled = new WeakMap<MailFacts, Promise<CallbackMails>>();

/**
 * A callback request's two mails, to the sales team and to the visitor. Both are rendered once
 * (compileMail) and filled for each request, so the public form's statement spends a few
 * microseconds on them, not a React render per post.
 */
export function callbackMails(facts: MailFacts): Promise<CallbackMails> {
  let mails = compiled.get(facts);
  if (!mails) {
    mails = (async () => {
      const [sales, visitor] = await Promise.all([
        compileMail(salesSlots, (slot) => salesMail(facts, slot)),
        compileMail(visitorSlots, (slot) => visitorMail(facts, slot)),
      ]);
      return {
        forSales: (input, at, link) => sales({ ...input, phoneHref: telHref(input.phone), sent: formatDublinDateTimeSeconds(at), link }),
        forVisitor: (input, at) => visitor({ name: input.name, phone: input.phone, subject: input.subject, received: formatDublinDateTime(at) }),
      };
    })();
    // A failed render is tried again next time rather than kept.
    mails.catch(() => compiled.delete(facts));
    compiled.set(facts, mails);
  }
  return mails;
}
