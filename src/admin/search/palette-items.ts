import { ArrowRight, FileText, Inbox, PanelsTopLeft, Phone, Plus, RefreshCw, UserRound } from 'lucide-static';
import type { Role } from '#src/schemas/roles.ts';
import { can } from '#src/schemas/roles.ts';
import { type SearchGroup, type SearchKind, searchKindAccess, searchKinds } from '#src/schemas/search.ts';
import { accessOf, isGroup, type NavEntry, navigationFor } from '../layout/navigation.ts';
import { moreHref, resultHref, SEARCH_KIND_META } from './search-results.ts';
import { renewalStatusLabel, statusLabel } from '../kit/StatusBadge.tsx';

/** One choice in the palette: where it goes, its words, and where its record stands (a status chip). */
export type PaletteItem = {
  key: string;
  href: string;
  title: string;
  detail?: string;
  icon: string;
  status?: { value: string; label: string };
  /** A record found by the search (not an area or a thing to create): remembered under Recent once opened. */
  found?: boolean;
};
export type PaletteGroup = { heading: string; items: PaletteItem[] };

const KIND_ICONS: Record<SearchKind, string> = {
  callback: Phone,
  quote: Inbox,
  renewal: RefreshCw,
  post: FileText,
  page: PanelsTopLeft,
  user: UserRound,
};

/** What each kind is found by, as the empty state tells it. */
const FOUND_BY: Record<SearchKind, string> = {
  callback: 'callbacks by name, email or phone',
  quote: 'quotes by name, reference, registration or whole email',
  renewal: 'renewals by the same',
  post: 'posts by title or address',
  page: 'pages by name or address',
  user: 'users by name or email',
};

/** The areas of the navigation the role may use, each a link ("go to"), with its group's name as detail (Enquiries › Quotes). */
function areaLinks(entries: NavEntry[]): PaletteItem[] {
  return entries.flatMap((entry) =>
    isGroup(entry)
      ? entry.items.map((item) => ({ key: `go:${item.href}`, href: item.href, title: item.label, detail: entry.label, icon: entry.icon }))
      : [{ key: `go:${entry.href}`, href: entry.href, title: entry.label, icon: entry.icon ?? ArrowRight }],
  );
}

/**
 * What can be made from anywhere, named as each screen's own heading or button names it, with
 * the sidebar's screen it belongs to as detail; a role sees those whose screen it may use (the
 * same access as the screen's area). One way in each: the Users screen's Create, not its Invite too.
 */
const CREATE: readonly { title: string; href: string; words: string; screen: string }[] = [
  { title: 'Create a post', href: '/admin/posts/create', words: 'new blog article write', screen: 'Posts' },
  { title: 'Log a privacy request', href: '/admin/privacy/create', words: 'new access erasure gdpr', screen: 'Privacy requests' },
  { title: 'Create a redirect', href: '/admin/redirects/create', words: 'new address moved', screen: 'Redirects' },
  { title: 'Create a User', href: '/admin/user/create', words: 'new account colleague staff invite person', screen: 'Users' },
  { title: 'Create an API token', href: '/admin/api-tokens/create', words: 'new key integration', screen: 'API tokens' },
  { title: 'Create a webhook', href: '/admin/webhooks/create', words: 'new add integration endpoint address', screen: 'Webhooks' },
];

/** Every word typed is somewhere in the words ("new post" finds "Create a post"). */
const holdsEvery = (words: string, wanted: string) => wanted.split(/\s+/).every((word) => words.toLowerCase().includes(word));

function createLinks(role: Role | undefined, wanted: string): PaletteItem[] {
  return CREATE.filter((item) => {
    const access = accessOf(item.href);
    return access !== null && can(role, access) && holdsEvery(`${item.title} ${item.words} ${item.screen}`, wanted);
  }).map((item) => ({ key: `create:${item.href}`, href: item.href, title: item.title, detail: item.screen, icon: Plus }));
}

/** The palette's choices: the areas and the things to create whose names hold the text (all of them before any is typed), then each kind's matches. */
export function paletteGroups(
  role: Role | undefined,
  text: string,
  found: { q: string; groups: SearchGroup[] },
  recent: readonly PaletteItem[] = [],
): PaletteGroup[] {
  const wanted = text.trim().toLowerCase();
  // Before anything is typed, the records last opened from here, under keys of their own (the same record may be found again below).
  const again = wanted ? [] : recent.map((item) => ({ ...item, key: `recent:${item.key}` }));
  const areas = areaLinks(navigationFor(role)).filter((item) => holdsEvery(`${item.title} ${item.detail ?? ''}`, wanted));
  const groups: PaletteGroup[] = again.length ? [{ heading: 'Recent', items: again }] : [];
  const creates = createLinks(role, wanted);
  // The screens first, as the palette is mostly for getting somewhere; what to make after them.
  if (areas.length) groups.push({ heading: 'Go to', items: areas });
  if (creates.length) groups.push({ heading: 'Create', items: creates });
  for (const group of found.groups) {
    const items: PaletteItem[] = group.results.map((result) => ({
      key: `${result.kind}:${result.id}`,
      href: resultHref(result),
      title: result.title,
      detail: result.detail,
      icon: KIND_ICONS[result.kind],
      found: true,
      ...(result.status ? { status: { value: result.status, label: (result.kind === 'renewal' ? renewalStatusLabel : statusLabel)(result.status) } } : {}),
    }));
    const more = group.more ? moreHref(group.kind, found.q) : undefined;
    const heading = SEARCH_KIND_META[group.kind].heading;
    if (more) items.push({ key: `more:${group.kind}`, href: more, title: `All ${heading.toLowerCase()} matching “${found.q}”`, icon: ArrowRight });
    groups.push({ heading, items });
  }
  return groups;
}

/** "Search finds callbacks by name, …": what the role's search looks in, for the empty state. */
export function searchScope(role: Role | undefined): string {
  const kinds = searchKinds.filter((kind) => can(role, searchKindAccess[kind])).map((kind) => FOUND_BY[kind]);
  if (kinds.length < 2) return `Search finds ${kinds.join('')}.`;
  return `Search finds ${kinds.slice(0, -1).join('; ')} and ${kinds.at(-1)}.`;
}
