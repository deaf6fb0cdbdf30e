import { FileText, History, Inbox, LayoutDashboard, LayoutTemplate, Mail, PanelsTopLeft, ShieldCheck, Users } from 'lucide-static';

export type NavLink = {
  label: string;
  href: string;
  /** A Lucide icon (lucide-static); a group's links go without. */
  icon?: string;
  /** Shown to Administrators only: a Standard user does not see what they cannot use. */
  adminOnly?: boolean;
};

/** An area with screens of its own: its name opens and closes the list of them. */
export type NavGroup = { label: string; icon: string; items: NavLink[] };

export type NavEntry = NavLink | NavGroup;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/**
 * The back-office navigation: one click to each area, the leads and the site's content as
 * groups that open into their screens. The spec's two entries, Users and Posts, keep their
 * names and paths. An area is listed only once its screen exists, so there are no dead links.
 */
export const navigation: NavEntry[] = [
  { label: 'Dashboard', href: '/admin/dashboard', icon: LayoutDashboard },
  {
    label: 'Leads',
    icon: Inbox,
    items: [
      { label: 'Contacts', href: '/admin/contacts' },
      { label: 'Quotes', href: '/admin/quotes' },
      { label: 'Renewals', href: '/admin/renewals' },
    ],
  },
  { label: 'Posts', href: '/admin/posts', icon: FileText },
  {
    label: 'Content',
    icon: PanelsTopLeft,
    items: [
      { label: 'Pages', href: '/admin/content' },
      { label: 'Media', href: '/admin/media' },
      { label: 'Redirects', href: '/admin/redirects' },
      { label: 'Structure', href: '/admin/content/structure', adminOnly: true },
    ],
  },
  // Every member of staff: the mails are about the contacts and requests they work (bodies holding sign-in links are never shown).
  { label: 'Mail', href: '/admin/mail', icon: Mail },
  { label: 'Mail templates', href: '/admin/mail/templates', icon: LayoutTemplate, adminOnly: true },
  { label: 'Users', href: '/admin/user', icon: Users, adminOnly: true },
  { label: 'Audit log', href: '/admin/audit', icon: History, adminOnly: true },
  { label: 'Privacy requests', href: '/admin/privacy', icon: ShieldCheck, adminOnly: true },
];

/** Whether `path` is inside the area at `href` (its list, view and edit screens). */
export function isInArea(path: string, href: string): boolean {
  return path === href || path.startsWith(`${href}/`);
}

/** The link a path belongs to: the one with the longest address the path is inside (Structure, not Pages, for /admin/content/structure). */
export function currentHref(entries: readonly NavEntry[], path: string): string | undefined {
  const links = entries.flatMap((entry) => (isGroup(entry) ? entry.items : [entry]));
  return links
    .filter((link) => isInArea(path, link.href))
    .map((link) => link.href)
    .sort((a, b) => b.length - a.length)[0];
}

/** The entries a person may use: Administrators' areas only for Administrators, and groups left with nothing dropped. */
export function navigationFor(isAdmin: boolean): NavEntry[] {
  const allowed = (link: NavLink) => !link.adminOnly || isAdmin;
  return navigation.flatMap((entry): NavEntry[] => {
    if (!isGroup(entry)) return allowed(entry) ? [entry] : [];
    const items = entry.items.filter(allowed);
    return items.length ? [{ ...entry, items }] : [];
  });
}
