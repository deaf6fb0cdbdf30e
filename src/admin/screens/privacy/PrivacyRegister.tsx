import { useStore } from '@nanostores/react';
import { Plus, SearchCheck, ShieldCheck } from 'lucide-static';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import {
  PRIVACY_KIND_LABELS,
  PRIVACY_KIND_SHORT,
  privacyRequestKinds,
  privacyRequestStatuses,
  type PrivacyRequestView,
  type PrivacyViewCounts,
} from '#src/schemas/privacy-register.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import type { ListDescriptor, ListView } from '#src/admin/list/descriptor.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { statusFilter } from '#src/admin/list/pipeline-parts.ts';
import type { OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';
import { $login } from '#src/admin/stores/session.ts';
import { $privacyRegister, privacyRegister } from '#src/admin/stores/privacy-register.ts';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { DueBadge } from './DueBadge.tsx';

const view = (request: PrivacyRequestView) => `/admin/privacy/view/${request._id}`;

const logRequest = (
  <a className="bo-button bo-button-primary" href="/admin/privacy/create">
    <Icon svg={Plus} size={16} />
    Log a request
  </a>
);

const actions = (
  <>
    <a className="bo-button" href="/admin/privacy/find">
      <Icon svg={SearchCheck} size={16} />
      Find personal data
    </a>
    {logRequest}
  </>
);

/**
 * A row's own actions, after View: take it on, or mark an open one completed, each through the
 * request's own update (the server checks the access and audits it) with a toast. Refusing needs
 * its reason and deleting is rare (one logged by mistake): both stay on the request's page.
 */
function rowActions(request: PrivacyRequestView): OptionsMenuItem[] {
  const me = $login.get().user?._id;
  const run = (values: { ownerId?: string; status?: 'completed' }) => () =>
    void privacyRegister.update(request._id, values).then(
      (result) => toast(result.message, 'Success!'),
      (error: unknown) => void showError(messageOf(error)),
    );
  return [
    ...(me && request.owner?._id !== me ? [{ label: 'Assign to me', onSelect: run({ ownerId: me }) }] : []),
    ...(request.status === 'open' ? [{ label: 'Mark completed', onSelect: run({ status: 'completed' }) }] : []),
  ];
}

/** The register's views, each with how many open requests it holds once the first page has answered. */
function privacyViews(counts: PrivacyViewCounts | null): ListView[] {
  const counted = (view: keyof PrivacyViewCounts) => (counts ? { count: counts[view] } : {});
  return [
    { label: 'All', filter: {} },
    { label: 'Open', filter: { status: 'open' }, ...counted('open') },
    { label: 'Due soon', filter: { due: 'soon' }, tone: 'warning', ...counted('soon') },
    { label: 'Overdue', filter: { due: 'overdue' }, tone: 'danger', ...counted('overdue') },
  ];
}

const privacyRegisterList: Omit<ListDescriptor<PrivacyRequestView>, 'views'> = {
  title: 'Privacy requests',
  description:
    'Every request a person makes about their data, answered within a month of receipt (GDPR Art. 12(3)). Open requests come first, the soonest due at the top.',
  noun: { one: 'privacy request', many: 'privacy requests' },
  primary: 'reference',
  secondary: (request) => request.name,
  columns: [
    { key: 'reference', label: 'Reference and requester', cell: (request) => request.reference, nowrap: true },
    { key: 'kind', label: 'Kind', cell: (request) => PRIVACY_KIND_SHORT[request.kind], width: '8rem', card: 'meta' },
    {
      key: 'due',
      label: 'Due',
      cell: (request) => <DueBadge request={request} />,
      // Room for the longest words, "Completed on 29 Nov 2026", with the cell's padding before the status.
      width: '12.5rem',
      nowrap: true,
      // Its words say what they are ("Due in 3 days", "Completed on 21 Oct 2026"): a card joins them to the kind, unlabelled.
      card: 'meta',
    },
    { key: 'status', label: 'Status', cell: (request) => <StatusBadge status={request.status} />, width: '7rem', card: 'badge' },
    {
      key: 'owner',
      label: 'Owner',
      cell: (request) => request.owner?.name ?? <NoValue label="Nobody yet" />,
      text: (request) => request.owner?.name ?? 'Nobody yet',
      truncate: true,
      priority: 2,
    },
    // The day it came in, as logged: a calendar date (no moment), last as every list's date.
    {
      key: 'received',
      label: 'Received',
      cell: (request) => formatCalendarDate(request.receivedOn),
      width: '7.5rem',
      nowrap: true,
      priority: 3,
    },
  ],
  rowId: (request) => request._id,
  rowName: (request) => request.reference,
  rowHref: view,
  rowActions,
  filters: [
    { key: 'q', label: 'Search', kind: 'search', scope: 'Name or reference' },
    {
      key: 'kind',
      label: 'Kind',
      kind: 'select',
      any: 'All kinds',
      options: privacyRequestKinds.map((kind) => ({ value: kind, label: PRIVACY_KIND_LABELS[kind] })),
    },
    statusFilter(privacyRequestStatuses),
    {
      key: 'due',
      label: 'Due',
      kind: 'select',
      any: 'Any due date',
      options: [
        { value: 'overdue', label: 'Overdue' },
        { value: 'soon', label: 'Within 7 days, not overdue' },
      ],
    },
  ],
  order: { key: 'sort', label: 'Order', kind: 'select', any: 'Open first, soonest due', options: [{ value: 'newest', label: 'Newest received first' }] },
  actions,
  empty: {
    icon: ShieldCheck,
    title: 'No privacy requests yet',
    text: 'When someone asks to see, correct or erase their data, log it here the day it arrives: the register sets the one-month deadline and keeps the record. Then find what is held to answer it.',
    action: logRequest,
  },
};

/** /admin/privacy (Administrators and Brokers): the register of privacy requests; filters, order and page live in the address. */
export function PrivacyRegister() {
  const { viewCounts } = useStore($privacyRegister);
  return <ListScreen source={privacyRegister} descriptor={{ ...privacyRegisterList, views: privacyViews(viewCounts) }} />;
}
