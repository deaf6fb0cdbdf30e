import type { ComponentType } from 'react';
import { AuditIcon, ContentIcon, DashboardIcon, DocumentIcon, InboxIcon, MailIcon, PrivacyIcon, QuoteIcon, RenewIcon, UsersIcon } from './icons.tsx';

export type NavItem = {
  label: string;
  href: string;
  icon: ComponentType<{ className?: string }>;
  /** Shown to Administrators only: a Standard user does not see what they cannot use. */
  adminOnly?: boolean;
};

/**
 * The back-office navigation: one click to each area. The spec's two entries (Users, Posts)
 * come first with their paths; the working areas follow, the dashboard leading them. An area is listed only once its
 * screen exists, so there are no dead links.
 */
export const navigation: NavItem[] = [
  { label: 'Users', href: '/admin/user', icon: UsersIcon, adminOnly: true },
  { label: 'Posts', href: '/admin/posts', icon: DocumentIcon },
  { label: 'Dashboard', href: '/admin/dashboard', icon: DashboardIcon },
  { label: 'Content', href: '/admin/content', icon: ContentIcon },
  { label: 'Callbacks', href: '/admin/contacts', icon: InboxIcon },
  { label: 'Quotes', href: '/admin/quotes', icon: QuoteIcon },
  { label: 'Renewals', href: '/admin/renewals', icon: RenewIcon },
  { label: 'Audit log', href: '/admin/audit', icon: AuditIcon, adminOnly: true },
  // Every member of staff: the mails are about the callbacks and quotes they work (bodies holding sign-in links are never shown).
  { label: 'Mail', href: '/admin/mail', icon: MailIcon },
  { label: 'Privacy requests', href: '/admin/privacy', icon: PrivacyIcon, adminOnly: true },
];

/** Whether `path` is inside the area at `href` (its list, view and edit screens). */
export function isInArea(path: string, href: string): boolean {
  return path === href || path.startsWith(`${href}/`);
}
