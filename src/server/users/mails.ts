import type { Config } from '../config.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../mail/templates/email-change.ts';
import type { UserRow } from './queries.ts';

/** How long a password-reset link works. */
export const RESET_MINUTES = 60;

/** How long the link confirming a new email address works. */
export const EMAIL_CHANGE_HOURS = 24;

/** The link to the new address, and the notice to the old one. */
export async function emailChangeMails(config: Config, user: UserRow, newEmail: string, token: string) {
  const link = new URL('/admin/confirm-email', config.site.origin);
  link.searchParams.set('token', token);
  return {
    confirm: await emailChangeConfirmMail({ facts: config.site, firstName: user.firstName, link: link.href, hours: EMAIL_CHANGE_HOURS }),
    notice: await emailChangeNoticeMail({ facts: config.site, firstName: user.firstName, newEmail }),
  };
}
