import { INVITATION_DAYS } from '#src/schemas/invitation.ts';
import { type Role, roleNames } from '#src/schemas/roles.ts';
import type { Config } from '../config.ts';
import { invitationMail } from '../mail/templates/invitation.ts';

/** Where the mailed link leads: the back-office's page for accepting an invitation. */
export const INVITATION_PATH = '/admin/invitation';

export function invitationLink(origin: string, token: string): string {
  const link = new URL(INVITATION_PATH, origin);
  link.searchParams.set('token', token);
  return link.href;
}

export const invitationMailFor = (config: Config, inviter: string, role: Role, token: string) =>
  invitationMail({ facts: config.site, inviter, roleName: roleNames[role], link: invitationLink(config.site.origin, token), days: INVITATION_DAYS });
