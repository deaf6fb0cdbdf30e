import { createElement as h } from 'react';
import { type MailFacts, MailButton, MailHeading, MailLayout, Notice, P } from '../layout.ts';
import { renderMail } from '../render.ts';

/** To the new address: the link that makes the change take effect. */
export async function emailChangeConfirmMail(options: { facts: MailFacts; firstName: string; link: string; hours: number }) {
  const { facts, firstName, link, hours } = options;
  const subject = `Confirm your new ${facts.brand} email address`;
  return renderMail(
    subject,
    h(
      MailLayout,
      { facts, subject, preview: `Use the link within ${hours} hours to make this your back-office email address.` },
      h(MailHeading, null, 'Confirm your new email address'),
      h(P, null, `Hello ${firstName},`),
      h(
        P,
        null,
        `This address was given as the new email of your ${facts.brand} back-office account. To confirm it, use this link within ${hours} hours (you will be asked to sign in if you are not).`,
      ),
      h(MailButton, { href: link }, 'Confirm my new email address'),
      h(P, null, 'Until then your account keeps its current email address. If you did not expect this, ignore this mail.'),
    ),
  );
}

/** To the old address: word that a change was asked for, so its owner can act if it was not them. */
export async function emailChangeNoticeMail(options: { facts: MailFacts; firstName: string; newEmail: string }) {
  const { facts, firstName, newEmail } = options;
  const subject = `A change of your ${facts.brand} email address was requested`;
  return renderMail(
    subject,
    h(
      MailLayout,
      { facts, subject, preview: 'If this was not you, change your password and tell an administrator straight away.' },
      h(MailHeading, null, 'A change of your email address was requested'),
      h(P, null, `Hello ${firstName},`),
      h(P, null, `Someone asked to change the email address of your ${facts.brand} back-office account to `, h('strong', null, newEmail), '.'),
      h(P, null, 'The change takes effect only when the link we sent to that address is used; until then this address stays on the account.'),
      h(Notice, null, 'If this was not you, change your password and tell an administrator straight away.'),
    ),
  );
}
