import { createElement as h } from 'react';
import type { AnswerSection } from '#src/schemas/leads/answers.ts';
import { Facts, type MailFacts, MailButton, MailHeading, MailLayout, MailLink, MailSubheading, Notice, P, Phone } from '../mail/layout.ts';
import { compileMail, type RenderedMail } from '../mail/render.ts';

export { labelled } from '../mail/render.ts';

/** Said to every customer, in the words the issue asks for. */
export const NOT_COVER_YET =
  'Please note that a completed proposal does not by itself put cover in place: you are not insured until we confirm cover to you in writing.';

/** What a request's two mails say besides its reference. */
export type LeadMailInput = { facts: MailFacts; title: string; name: string; sections: AnswerSection[]; link: string; paymentUrl?: string | null };

/**
 * A request's mails to the broker and to the customer, rendered before its reference is
 * known and filled with it then (compileMail): the reference is numbered under a lock held to
 * the commit, which the renders stay out of.
 */
export async function leadMails(input: LeadMailInput): Promise<(reference: string) => { sales: RenderedMail; customer: RenderedMail }> {
  const slots = { reference: 'line' } as const;
  const [sales, customer] = await Promise.all([
    compileMail(slots, (slot) => leadForSalesMail({ ...input, reference: slot.reference })),
    compileMail(slots, (slot) => leadReceivedMail({ ...input, reference: slot.reference })),
  ]);
  return (reference) => ({ sales: sales({ reference }), customer: customer({ reference }) });
}

/** The broker's copy: every answer, grouped as on the form, and the link that opens the request. */
export function leadForSalesMail(options: { facts: MailFacts; title: string; reference: string; name: string; sections: AnswerSection[]; link: string }) {
  const { facts, title, reference, name, sections, link } = options;
  const subject = `${title} ${reference}: ${name}`;
  return {
    subject,
    element: h(
      MailLayout,
      { facts, subject, preview: `${title} ${reference} from ${name}, sent from the website.` },
      h(MailHeading, null, `${title} ${reference}`),
      h(P, null, `${title} ${reference} from ${name}, sent from the website.`),
      h(MailButton, { href: link }, 'Open it in the back-office'),
      sections
        .filter((section) => section.rows.length > 0)
        .map((section) =>
          h(
            'div',
            { key: section.title },
            h(MailSubheading, null, section.title),
            h(Facts, { rows: section.rows.map((row) => ({ label: row.label, value: row.value })) }),
          ),
        ),
    ),
  };
}

/** The customer's confirmation: the reference, what happens next, and that this is not cover yet. */
export function leadReceivedMail(options: { facts: MailFacts; title: string; reference: string; name: string; paymentUrl?: string | null | undefined }) {
  const { facts, title, reference, name, paymentUrl } = options;
  const request = `${title.toLowerCase()} request`;
  const subject = `Your ${request} ${reference}`;
  return {
    subject,
    element: h(
      MailLayout,
      { facts, subject, preview: `Thank you: your reference is ${reference}. A broker will contact you, usually within one working day.` },
      h(MailHeading, null, `We have your ${request}`),
      h(P, null, `Hello ${name},`),
      h(P, null, `Thank you for your ${request}. Your reference is ${reference}.`),
      h(Facts, {
        rows: [
          { label: 'Reference', value: h('strong', null, reference) },
          { label: 'Request', value: title },
        ],
      }),
      h(MailSubheading, null, 'What happens next'),
      h(P, null, 'One of our brokers will review your answers and contact you, usually within one working day.'),
      // A renewal confirmation offers the broker's card payment provider when one is configured.
      paymentUrl
        ? h(P, null, 'Once we have confirmed your renewal premium, you can pay online by card: ', h(MailLink, { href: paymentUrl }, paymentUrl))
        : null,
      h(Notice, null, NOT_COVER_YET),
      h(
        P,
        null,
        'If anything in your answers changes, or you have a question, call us on ',
        h(Phone, { number: facts.salesPhone }),
        ` and quote ${reference}.`,
      ),
    ),
  };
}
