import { createElement as h } from 'react';
import { type MailFacts, MailButton, MailHeading, MailLayout, P } from '../layout.ts';
import { renderMail } from '../render.ts';

/** The password-reset mail: the link as a button, and in the plain-text part. */
export async function passwordResetMail(options: { facts: MailFacts; firstName: string; link: string; minutes: number }) {
  const { facts, firstName, link, minutes } = options;
  const subject = `Reset your ${facts.brand} password`;
  return renderMail(
    subject,
    h(
      MailLayout,
      { facts, subject, preview: `Choose a new password within ${minutes} minutes. If you did not ask for this, ignore this mail.` },
      h(MailHeading, null, 'Reset your password'),
      h(P, null, `Hello ${firstName},`),
      h(
        P,
        null,
        `Someone asked to reset the password of your ${facts.brand} back-office account. To choose a new password, use this link within ${minutes} minutes.`,
      ),
      h(MailButton, { href: link }, 'Choose a new password'),
      h(P, null, 'If you did not ask for this, ignore this mail: your password stays as it is.'),
    ),
  );
}
