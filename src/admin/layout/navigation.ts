import { type Access, can, type Role } from '#src/schemas/roles.ts';
import type { NavigationCounts } from '#src/schemas/search.ts';
import { FileText, Gauge, Globe, Inbox, Mail, Settings, ShieldCheck, Users } from 'lucide-static';

export type NavLink = {
  label: string;
  href: string;
  /** A Lucide icon (lucide-static); a group's links go without. */
  icon?: string;
  /** Who may use it (src/schemas/roles.ts): no one sees a link their role cannot use, and its screens refuse them. */
  access: Access;
  /** A count shown beside it (src/admin/search/navigation-counts.ts), and what it counts ("3 new"). */
  count?: { of: keyof NavigationCounts; noun: string; tone?: 'due' };
};

/** An area with screens of its own: its name opens and closes the list of them. */
export type NavGroup = { label: string; icon: string; items: NavLink[] };

export type NavEntry = NavLink | NavGroup;

export const isGroup = (entry: NavEntry): entry is NavGroup => 'items' in entry;

/**
 * The back-office navigation: one click to each area, the enquiries (callbacks, quotes and
 * renewals: the glossary's word for all three) and the site's content as
 * groups that open into their screens. The spec's two entries, Users and Posts, keep their
 * names and paths. An area is listed only once its screen exists, so there are no dead links.
 */
export const navigation: NavEntry[] = [
  { label: 'Dashboard', href: '/admin/dashboard', icon: Gauge, access: 'personalData' },
  {
    label: 'Enquiries',
    icon: Inbox,
    items: [
      // The counts are each list's New view: what has come in and nobody has worked yet.
      { label: 'Callbacks', href: '/admin/contacts', access: 'personalData', count: { of: 'callbacks', noun: 'new' } },
      { label: 'Quotes', href: '/admin/quotes', access: 'personalData', count: { of: 'quotes', noun: 'new' } },
      { label: 'Renewals', href: '/admin/renewals', access: 'personalData', count: { of: 'renewals', noun: 'new' } },
    ],
  },
  { label: 'Posts', href: '/admin/posts', icon: FileText, access: 'siteContent' },
  {
    label: 'Content',
    icon: Globe,
    items: [
      { label: 'Pages', href: '/admin/content', access: 'siteContent' },
      { label: 'Media', href: '/admin/media', access: 'siteContent' },
      { label: 'Redirects', href: '/admin/redirects', access: 'siteContent' },
      { label: 'Structure', href: '/admin/content/structure', access: 'administration' },
    ],
  },
  // The mails are about the callbacks and requests staff work (bodies holding sign-in links are never shown).
  { label: 'Mail', href: '/admin/mail', icon: Mail, access: 'personalData' },
  {
    label: 'Privacy requests',
    href: '/admin/privacy',
    icon: ShieldCheck,
    access: 'personalData',
    // The register's Due soon and Overdue views together: every open request whose deadline is near
    // or past ("2 due": the pill's words fit beside the link's name in the sidebar's width).
    count: { of: 'privacyDue', noun: 'due', tone: 'due' },
  },
  { label: 'Users', href: '/admin/user', icon: Users, access: 'administration' },
  // How the back-office itself is set up, seldom visited: grouped so the daily work stays in view.
  {
    label: 'Settings',
    icon: Settings,
    items: [
      { label: 'Mail templates', href: '/admin/mail/templates', access: 'administration' },
      { label: 'Audit log', href: '/admin/audit', access: 'administration' },
      // Other systems' keys: they read the enquiries, so only roles that may read them make one.
      { label: 'API tokens', href: '/admin/api-tokens', access: 'personalData' },
      // Where every callback and request is sent elsewhere: the Administrator's choice alone.
      { label: 'Webhooks', href: '/admin/webhooks', access: 'administration' },
    ],
  },
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

/** The entries a role may use, and groups left with nothing dropped. */
export function navigationFor(role: Role | undefined): NavEntry[] {
  const allowed = (link: NavLink) => can(role, link.access);
  return navigation.flatMap((entry): NavEntry[] => {
    if (!isGroup(entry)) return allowed(entry) ? [entry] : [];
    const items = entry.items.filter(allowed);
    return items.length ? [{ ...entry, items }] : [];
  });
}

const links = navigation.flatMap((entry) => (isGroup(entry) ? entry.items : [entry]));

/** Who may use the screen at `path`: its area's access, or null for a path outside every area (one's own account). */
export function accessOf(path: string): Access | null {
  const href = currentHref(navigation, path);
  return links.find((link) => link.href === href)?.access ?? null;
}

/** Where a role starts: the first area it may use (the dashboard, or Posts for an Editor). */
export function homeFor(role: Role | undefined): string {
  return links.find((link) => can(role, link.access))?.href ?? '/admin/user';
}
