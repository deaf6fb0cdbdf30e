import { Plus, Signpost } from 'lucide-static';
import { redirectOrigins, type RedirectView } from '#src/schemas/redirect.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { redirectList } from '#src/admin/stores/redirects.ts';
import { kindLabel, ORIGIN_LABELS } from './redirect-words.ts';
import { RedirectPath } from './RedirectPath.tsx';
import './redirects.css';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';

const edit = (redirect: RedirectView) => `/admin/redirects/edit/${redirect._id}`;

const create = (
  <a className="bo-button bo-button-primary" href="/admin/redirects/create">
    <Icon svg={Plus} size={16} />
    New redirect
  </a>
);

/** Redirects as data: old and new address, kind, use; a post's own move is marked as such. */
const redirectsList: ListDescriptor<RedirectView> = {
  title: 'Redirects',
  description: 'Old addresses of the site and where they now send visitors. Renaming a published post adds one by itself.',
  noun: { one: 'redirect', many: 'redirects' },
  primary: 'from',
  secondary: (redirect) => ORIGIN_LABELS[redirect.origin],
  columns: [
    // Whole, wrapping at the path's slashes: the end of an old address is often what tells two apart.
    { key: 'from', label: 'Old address', cell: (redirect) => <RedirectPath path={redirect.from} />, text: (redirect) => redirect.from },
    { key: 'to', label: 'New address', cell: (redirect) => <RedirectPath path={redirect.to} />, text: (redirect) => redirect.to },
    // On a phone's card beside its label: 'Permanent' alone does not say what is permanent.
    { key: 'kind', label: 'Kind', cell: kindLabel, width: '7.5rem' },
    { key: 'hits', label: 'Times followed', cell: (redirect) => redirect.hits.toLocaleString('en-IE'), width: '7.5rem', align: 'end' },
    {
      key: 'last',
      label: 'Last followed',
      cell: (redirect) => (redirect.lastHitAt ? <DateTimeCell at={redirect.lastHitAt} /> : 'Never'),
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      priority: 2,
      card: 'omit',
    },
  ],
  rowId: (redirect) => redirect._id,
  rowName: (redirect) => `the redirect from ${redirect.from}`,
  rowHref: edit,
  openLabel: 'Edit',
  remove: { run: (redirect) => redirectList.remove(redirect._id) },
  filters: [
    { key: 'q', label: 'Search', kind: 'search', scope: 'Old or new address' },
    {
      key: 'origin',
      label: 'Made by',
      kind: 'select',
      any: 'Anyone',
      options: redirectOrigins.map((origin) => ({ value: origin, label: ORIGIN_LABELS[origin] })),
    },
  ],
  actions: create,
  empty: {
    icon: Signpost,
    title: 'No redirects yet',
    text: 'When a published post’s address changes, its old address is sent on to the new one here by itself. Add one for a page that moved or an address printed on a flyer.',
    action: create,
  },
};

/** /admin/redirects: every redirect with its use; filters and page live in the address. */
export function RedirectsList() {
  return <ListScreen source={redirectList} descriptor={redirectsList} />;
}
