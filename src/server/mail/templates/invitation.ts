import { createElement as h } from 'react';
import { type MailFacts, MailButton, MailHeading, MailLayout, P } from '../layout.ts';
import { renderMail } from '../render.ts';

/** The invitation to join the back-office: the single-use link to set a name, password and two-factor. */
export async function invitationMail(options: { facts: MailFacts; inviter: string; roleName: string; link: string; days: number }) {
  const { facts, inviter, roleName, link, days } = options;
  const subject = `You are invited to the ${facts.brand} back-office`;
  return renderMail(
    subject,
    h(
      MailLayout,
      { facts, subject, preview: `Set your password within ${days} days to join as ${roleName}.` },
      h(MailHeading, null, 'Join the back-office'),
      h(P, null, 'Hello,'),
      h(
        P,
        null,
        `${inviter} has invited you to the ${facts.brand} back-office as ${roleName}. To accept, use this link within ${days} days: you will choose your name and password, then set up two-factor authentication.`,
      ),
      h(MailButton, { href: link }, 'Accept the invitation'),
      h(P, null, 'The link works once. If you did not expect this, ignore this mail: no account is made until the link is used.'),
    ),
  );
}
