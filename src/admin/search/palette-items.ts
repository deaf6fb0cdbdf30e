import { ArrowRight, FileText, Inbox, PanelsTopLeft, Phone, RefreshCw, UserRound } from 'lucide-static';
import type { Role } from '#src/schemas/roles.ts';
import { can } from '#src/schemas/roles.ts';
import { type SearchGroup, type SearchKind, searchKindAccess, searchKinds } from '#src/schemas/search.ts';
import { isGroup, type NavEntry, navigationFor } from '../layout/navigation.ts';
import { moreHref, resultHref, SEARCH_KIND_META } from './search-results.ts';

/** One choice in the palette: where it goes, its words, and its group's heading. */
export type PaletteItem = { key: string; href: string; title: string; detail?: string; icon: string };
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

/** The palette's choices: the areas whose names hold the text (all of them before any is typed), then each kind's matches. */
export function paletteGroups(role: Role | undefined, text: string, found: { q: string; groups: SearchGroup[] }): PaletteGroup[] {
  const wanted = text.trim().toLowerCase();
  const areas = areaLinks(navigationFor(role)).filter((item) => !wanted || `${item.title} ${item.detail ?? ''}`.toLowerCase().includes(wanted));
  const groups: PaletteGroup[] = areas.length ? [{ heading: 'Go to', items: areas }] : [];
  for (const group of found.groups) {
    const items: PaletteItem[] = group.results.map((result) => ({
      key: `${result.kind}:${result.id}`,
      href: resultHref(result),
      title: result.title,
      detail: result.detail,
      icon: KIND_ICONS[result.kind],
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
