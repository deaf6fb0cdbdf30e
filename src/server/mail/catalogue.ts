import { callbackSubjects } from '#src/schemas/contact.ts';
import { answerSections } from '#src/schemas/leads/answers.ts';
import { leadForms } from '#src/schemas/leads/index.ts';
import type { MailTemplateView } from '#src/schemas/mail-template-view.ts';
import { callbackMails } from '../contacts/mails.ts';
import { leadMails } from '../leads/mails.ts';
import { EMAIL_CHANGE_HOURS, RESET_MINUTES } from '../users/mails.ts';
import type { MailFacts } from './layout.ts';
import type { RenderedMail } from './render.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from './templates/email-change.ts';
import { passwordResetMail } from './templates/password-reset.ts';
import { invitationMail } from './templates/invitation.ts';
import { INVITATION_DAYS } from '#src/schemas/invitation.ts';
import { INVITATION_PATH } from '../invitations/mails.ts';

/**
 * The template library as staff see it (Mail templates, `/admin/mail/templates`): every mail the
 * site sends, rendered by the very functions that send it, filled with one fixed sample. The
 * sample is made up here and names no customer: its address is on example.com, its reference
 * number 000000 is never given to a request, its links carry no working token.
 */

/** The sample every template is filled with. */
export const MAIL_SAMPLE = {
  firstName: 'Sample',
  name: 'Sample Customer',
  email: 'sample.customer@example.com',
  phone: '087 000 0000',
  subject: callbackSubjects[0],
  message: 'This is sample text, shown where the visitor’s own message goes.\nA second line, as a visitor may write one.',
  /** A fixed moment, so a preview never changes between two looks. */
  at: new Date('2026-03-02T10:15:00Z'),
  quoteReference: 'VQ-2026-000000',
  renewalReference: 'RN-2026-000000',
  token: 'sample-token-that-works-nowhere',
} as const;

type Template = Omit<MailTemplateView, 'subject' | 'text'> & { render(facts: MailFacts & { paymentUrl: string | null }): Promise<RenderedMail> };

const sampleCallback = {
  name: MAIL_SAMPLE.name,
  email: MAIL_SAMPLE.email,
  phone: MAIL_SAMPLE.phone,
  subject: MAIL_SAMPLE.subject,
  message: MAIL_SAMPLE.message,
};

/** A van quote's answers as a visitor might give them, for the broker's copy. */
const sampleVanAnswers = {
  firstName: 'Sample',
  lastName: 'Customer',
  email: MAIL_SAMPLE.email,
  phone: MAIL_SAMPLE.phone,
  occupation: 'Plumber',
  businessTrade: 'Domestic plumbing and heating',
  licenceYears: '12',
  penaltyPoints: '0',
  registration: '191-L-0000',
  make: 'Ford',
  model: 'Transit Custom',
  year: '2019',
  value: '21000',
};

/** Every template, customers' first, in the order the screen lists them. */
export const mailTemplates: readonly Template[] = [
  {
    id: 'callback-received',
    name: 'Callback request received',
    audience: 'customer',
    to: 'The visitor who asked for a callback',
    sentWhen: 'A visitor asks for a callback on the website.',
    render: async (facts) => (await callbackMails(facts)).forVisitor(sampleCallback, MAIL_SAMPLE.at),
  },
  {
    id: 'quote-received',
    name: 'Quote request received',
    audience: 'customer',
    to: 'The person named on the quote request',
    sentWhen: 'A visitor sends a quote form (van, fleet, truck or public liability).',
    render: async (facts) =>
      (
        await leadMails({
          facts,
          title: leadForms.van.title,
          name: MAIL_SAMPLE.name,
          sections: [],
          link: `${facts.origin}/admin/quotes`,
        })
      )(MAIL_SAMPLE.quoteReference).customer,
  },
  {
    id: 'renewal-received',
    name: 'Renewal request received',
    audience: 'customer',
    to: 'The person named on the renewal request',
    sentWhen: 'A visitor sends the policy renewal form. It offers to pay online by card when a payment link is configured.',
    render: async (facts) =>
      (
        await leadMails({
          facts,
          title: leadForms.renewal.title,
          name: MAIL_SAMPLE.name,
          sections: [],
          link: `${facts.origin}/admin/renewals`,
          paymentUrl: facts.paymentUrl,
        })
      )(MAIL_SAMPLE.renewalReference).customer,
  },
  {
    id: 'password-reset',
    name: 'Password reset',
    audience: 'account',
    to: 'The member of staff whose account it is',
    sentWhen: `Someone asks to reset a back-office password. The link works for ${RESET_MINUTES} minutes.`,
    render: (facts) => {
      const link = new URL('/verifypasswordreset', facts.origin);
      link.searchParams.set('email', MAIL_SAMPLE.email);
      link.searchParams.set('token', MAIL_SAMPLE.token);
      return passwordResetMail({ facts, firstName: MAIL_SAMPLE.firstName, link: link.href, minutes: RESET_MINUTES });
    },
  },
  {
    id: 'invitation',
    name: 'Invitation to the back-office',
    audience: 'account',
    to: 'The address an Administrator invited',
    sentWhen: `An Administrator invites a person, or resends their invitation. The link works once, for ${INVITATION_DAYS} days.`,
    render: (facts) => {
      const link = new URL(INVITATION_PATH, facts.origin);
      link.searchParams.set('token', MAIL_SAMPLE.token);
      return invitationMail({ facts, inviter: 'Sample Administrator', roleName: 'Broker', link: link.href, days: INVITATION_DAYS });
    },
  },
  {
    id: 'email-change-confirm',
    name: 'Confirm a new email address',
    audience: 'account',
    to: 'The new address a member of staff gave',
    sentWhen: `A member of staff changes their email address. The change waits for this link, which works for ${EMAIL_CHANGE_HOURS} hours.`,
    render: (facts) => {
      const link = new URL('/admin/confirm-email', facts.origin);
      link.searchParams.set('token', MAIL_SAMPLE.token);
      return emailChangeConfirmMail({ facts, firstName: MAIL_SAMPLE.firstName, link: link.href, hours: EMAIL_CHANGE_HOURS });
    },
  },
  {
    id: 'email-change-notice',
    name: 'Email change requested',
    audience: 'account',
    to: 'The address the account has now',
    sentWhen: 'A member of staff changes their email address, so the owner of the old one hears of it.',
    render: (facts) => emailChangeNoticeMail({ facts, firstName: MAIL_SAMPLE.firstName, newEmail: 'sample.new.address@example.com' }),
  },
  {
    id: 'callback-sales',
    name: 'Callback request, sales copy',
    audience: 'sales',
    to: 'The sales address, with any copies the form names',
    sentWhen: 'A visitor asks for a callback. Replies go to the visitor.',
    render: async (facts) => (await callbackMails(facts)).forSales(sampleCallback, MAIL_SAMPLE.at, `${facts.origin}/admin/contacts`),
  },
  {
    id: 'quote-sales',
    name: 'Quote or renewal request, broker’s copy',
    audience: 'sales',
    to: 'The sales address',
    sentWhen: 'A visitor sends a quote or renewal form. It carries every answer, grouped as on the form; replies go to the visitor.',
    render: async (facts) =>
      (
        await leadMails({
          facts,
          title: leadForms.van.title,
          name: MAIL_SAMPLE.name,
          sections: answerSections(leadForms.van, sampleVanAnswers),
          link: `${facts.origin}/admin/quotes`,
        })
      )(MAIL_SAMPLE.quoteReference).sales,
  },
];

/** One template's view and its rendered sample; undefined for an unknown id. */
export async function renderTemplate(facts: MailFacts & { paymentUrl: string | null }, id: string) {
  const template = mailTemplates.find((candidate) => candidate.id === id);
  if (!template) return undefined;
  const { render, ...about } = template;
  const mail = await render(facts);
  return { view: { ...about, subject: mail.subject, text: mail.text } satisfies MailTemplateView, html: mail.html };
}
