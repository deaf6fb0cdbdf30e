import { useStore } from '@nanostores/react';
import { FileCheck, RefreshCw } from 'lucide-static';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import type { OwnerView } from '#src/schemas/pipeline.ts';
import { leadKinds, leadStatuses, quoteKinds, type LeadStatus } from '#src/schemas/leads/index.ts';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { DueIn } from '#src/admin/kit/DueIn.tsx';
import { StatusBadge, statusLabelFor } from '#src/admin/kit/StatusBadge.tsx';
import { formatEuro } from '#src/admin/format.ts';
import { LOST_REASON_LABELS, LOST_STATUS, quotedStatuses } from '#src/schemas/follow-up.ts';
import type { Column, FilterSpec, ListDescriptor, ListView } from '#src/admin/list/descriptor.ts';
import { CREATED_ORDER, CREATED_SORT } from '#src/admin/list/created-order.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import {
  dueOrderOption,
  nextStepFilter,
  OWNER_COLUMN_WIDTH,
  ownerFilter,
  quickActions,
  receivedFilter,
  statusFilter,
  statusOptions,
  useOwners,
  usePipelineViews,
} from '#src/admin/list/pipeline-parts.ts';
import { nextStepColumn } from '#src/admin/list/next-step-column.tsx';
import { saveFile } from '#src/admin/save-file.ts';
import { leadsStoreFor, type Lead, type LeadArea, type LeadBulkAction, type LeadFilter } from '#src/admin/stores/leads.ts';
import { LeadLayoutSwitch } from './LeadLayoutSwitch.tsx';
import { premiumShown } from './outcome-facts.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';

/** The list's orders as the sort picker names them, its default (stores/leads.ts DEFAULT_SORT) first; the server checks the value. */
const SORTS: Record<LeadArea, { any: string; options: { value: string; label: string }[] }> = {
  quotes: { any: CREATED_ORDER.any, options: [...CREATED_ORDER.options, dueOrderOption] },
  renewals: {
    any: 'Soonest renewal first',
    options: [
      { value: 'renewal-latest', label: 'Latest renewal first' },
      { value: 'newest', label: 'Newest request first' },
      { value: 'oldest', label: 'Oldest request first' },
      dueOrderOption,
    ],
  },
};

/** Each area's words; the board (LeadBoard.tsx) names its records with the same nouns. */
export const LEAD_TEXT: Record<LeadArea, { title: string; description: string; one: string; many: string; empty: string }> = {
  quotes: {
    title: 'Quotes',
    description: 'Quote requests for vans, fleets, trucks and public liability, newest first.',
    one: 'quote',
    many: 'quotes',
    empty: 'When a visitor asks for a quote on the site, the request arrives here with every answer they gave.',
  },
  renewals: {
    title: 'Renewals',
    description: 'Customers asking to renew a policy, the soonest renewal first.',
    one: 'renewal',
    many: 'renewals',
    empty: 'When a customer asks to renew on the site, the request arrives here with its renewal date.',
  },
};

/** The insurer a quoted or won (renewed) request went to; none before, nor once lost. */
const insurerOf = (lead: Lead) => ((quotedStatuses as readonly string[]).includes(lead.status) ? lead.insurer || null : null);

/**
 * The insurer to show: the outcome's once quoted or won; before that the one the customer is
 * with today, where their form asked (marked "current", as the premium is); none once lost.
 */
function insurerShown(lead: Lead): { name: string; current: boolean } | null {
  const outcome = insurerOf(lead);
  if (outcome) return { name: outcome, current: false };
  if ((quotedStatuses as readonly string[]).includes(lead.status) || lead.status === LOST_STATUS || !lead.currentInsurer) return null;
  return { name: lead.currentInsurer, current: true };
}

/** An amount or name, with "current" after it when it is what the customer has today rather than an outcome. */
function CurrentMarked({ value, current }: { value: string; current: boolean }) {
  if (!current) return <>{value}</>;
  return (
    <span className="bo-cell-lines">
      <span>{value}</span> <span className="bo-muted bo-current-note">current</span>
    </span>
  );
}
const markedText = (value: string, current: boolean) => (current ? `${value} (current)` : value);

/** Why a lost (lapsed) request was lost, then its detail; none for any other status. */
function lostLines(lead: Lead): string[] {
  if (lead.status !== LOST_STATUS || !lead.lostReason) return [];
  return [LOST_REASON_LABELS[lead.lostReason], lead.lostDetail].filter(Boolean);
}

function LostCell({ lead }: { lead: Lead }) {
  const [first, second] = lostLines(lead);
  if (!first) return <NoValue label="None" />;
  return (
    <span className="bo-cell-lines" title={lostLines(lead).join(', ')}>
      <span className="bo-truncate">{first}</span>
      {second && <span className="bo-truncate bo-truncate-2 bo-muted">{second}</span>}
    </span>
  );
}

/**
 * The premium quoted, in euro (a lost request keeps the premium it was quoted, as the server
 * does); until one is, the customer's current premium where their form gave it, marked so.
 */
const premiumColumn: Column<Lead> = {
  key: 'premium',
  label: 'Premium',
  cell: (lead) => {
    const shown = premiumShown(lead);
    return shown ? <CurrentMarked value={formatEuro(shown.amount)} current={shown.current} /> : <NoValue label="Not quoted" />;
  },
  text: (lead) => {
    const shown = premiumShown(lead);
    return shown ? markedText(formatEuro(shown.amount), shown.current) : 'Not quoted';
  },
  empty: (lead) => !premiumShown(lead),
  width: '6.25rem',
  nowrap: true,
  align: 'end',
  priority: 3,
};

/** The list's filters, in the address under their keys; the board (LeadBoard.tsx) offers those of them it keeps (stores/lead-board.ts). */
export function leadFilters(area: LeadArea, owners: readonly OwnerView[]): FilterSpec[] {
  return [
    { key: 'q', label: 'Search', kind: 'search', scope: 'Name or reference' },
    ...(area === 'quotes'
      ? [
          {
            key: 'kind',
            label: 'Kind',
            kind: 'select',
            any: 'All kinds',
            options: quoteKinds.map((kind) => ({ value: kind, label: leadKinds[kind].label })),
          } as const,
        ]
      : []),
    statusFilter(leadStatuses, statusLabelFor(area)),
    ownerFilter(owners),
    receivedFilter,
    nextStepFilter,
  ];
}

function leadsList(area: LeadArea, owners: readonly OwnerView[], views: ListView[], filter: LeadFilter): ListDescriptor<Lead> {
  const leads = leadsStoreFor(area);
  const text = LEAD_TEXT[area];
  const view = (lead: Lead) => `/admin/${area}/view/${lead._id}`;
  const label = statusLabelFor(area);
  // The reference names the row, the person under it: the widest column goes to what staff scan for.
  // At 1,024 px the name, status and next step stay (with the renewal date); the owner, premium,
  // outcome (the insurer, or why it was lost) and dates join them as the list widens (at 1,366 px
  // all of them, as a phone's card shows them); the kind and registration, under the name
  // meanwhile (a reference's first letter says the kind too), at 1,400 px of list.
  const columns: Column<Lead>[] = [
    { key: 'reference', label: 'Reference and name', cell: (lead) => lead.reference, nowrap: true },
    ...(area === 'quotes'
      ? [{ key: 'kind', label: 'Kind', cell: (lead: Lead) => leadKinds[lead.kind].label, width: '5.75rem', priority: 4 as const, card: 'meta' as const }]
      : []),
    {
      key: 'registration',
      label: 'Registration',
      cell: (lead) => lead.registration || <NoValue label="None given" />,
      empty: (lead) => !lead.registration,
      width: '8rem',
      nowrap: true,
      priority: 4,
    },
    ...(area === 'renewals'
      ? [
          {
            key: 'renewal',
            label: 'Renewal date',
            cell: (lead: Lead) =>
              lead.renewalDate ? (
                <span className="bo-date-due">
                  <span>{formatCalendarDate(lead.renewalDate)}</span> <DueIn date={lead.renewalDate} />
                </span>
              ) : (
                ''
              ),
            sort: { ascending: '', descending: 'renewal-latest', first: 'ascending' as const },
            width: '7.75rem',
            nowrap: true,
          },
        ]
      : []),
    { key: 'status', label: 'Status', cell: (lead) => <StatusBadge status={lead.status} label={label(lead.status)} />, width: '6.75rem', card: 'badge' },
    {
      key: 'owner',
      label: 'Owner',
      cell: (lead) => lead.owner?.name ?? <NoValue label="Nobody yet" />,
      text: (lead) => lead.owner?.name ?? 'Nobody yet',
      empty: (lead) => !lead.owner,
      truncate: 2,
      // The kit's owner width, as every list's: a long name wraps to a second line, then is cut, its whole on hover.
      width: OWNER_COLUMN_WIDTH,
      priority: 2,
    },
    // Narrower than the kit's default: the premium, insurer and reason share the row at 1,366 px.
    nextStepColumn<Lead>('clamp(10rem, 14cqi, 15rem)'),
    premiumColumn,
    // Two outcomes, two columns (an insurer is not a reason): each beside the premium, after it, so a
    // narrower list steps them aside first; each a dash where the status has no such outcome.
    {
      key: 'insurer',
      label: 'Insurer',
      cell: (lead) => {
        const shown = insurerShown(lead);
        return shown ? <CurrentMarked value={shown.name} current={shown.current} /> : <NoValue label="None" />;
      },
      text: (lead) => {
        const shown = insurerShown(lead);
        return shown ? markedText(shown.name, shown.current) : '';
      },
      empty: (lead) => !insurerShown(lead),
      truncate: 2,
      width: '7rem',
      priority: 3,
    },
    {
      key: 'lostReason',
      label: 'Reason lost',
      cell: (lead) => <LostCell lead={lead} />,
      text: (lead) => lostLines(lead).join(', '),
      empty: (lead) => lostLines(lead).length === 0,
      width: '7.5rem',
      priority: 3,
    },
    {
      key: 'received',
      label: 'Received',
      cell: (lead) => <DateTimeCell at={lead.createdAt} />,
      sort: area === 'quotes' ? CREATED_SORT : { ascending: 'oldest', descending: 'newest', first: 'descending' },
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      // A renewal is worked by its renewal date: when it came in steps aside first.
      priority: area === 'quotes' ? 2 : 4,
      card: 'meta',
    },
  ];
  return {
    title: text.title,
    description: text.description,
    actions: <LeadLayoutSwitch area={area} current="table" filter={filter} />,
    order: { key: 'sort', label: 'Order', kind: 'select', ...SORTS[area] },
    noun: { one: text.one, many: text.many },
    primary: 'reference',
    secondary: (lead) => lead.name,
    // The kind and registration step aside first, and go under the name meanwhile, on one line ("Van · 191-L-4521").
    secondaryColumns: [area === 'quotes' ? ['kind', 'registration'] : ['registration']],
    columns,
    rowId: (lead) => lead._id,
    rowName: (lead) => lead.reference,
    rowHref: view,
    rowActions: (lead) => quickActions(lead, 'lead', (action) => leads.bulk(action as LeadBulkAction), label),
    remove: { run: (lead) => leads.remove(lead._id) },
    views,
    filters: leadFilters(area, owners),
    exports: [
      { label: 'Export CSV', href: leads.exportHref, download: `${area}.csv` },
      { label: 'Export answers CSV', href: leads.exportAnswersHref, download: `${area}-answers.csv` },
    ],
    bulk: {
      statuses: statusOptions(leadStatuses, label),
      onStatus: (ids, status) => leads.bulk({ action: 'status', ids, status: status as LeadStatus }),
      owners,
      onOwner: (ids, ownerId) => leads.bulk({ action: 'owner', ids, ownerId }),
      onExport: (ids) => leads.exportChosen(ids).then(saveFile),
      onDelete: (ids) => leads.bulk({ action: 'delete', ids }),
    },
    empty: { icon: area === 'quotes' ? FileCheck : RefreshCw, title: `No ${text.many} yet`, text: text.empty },
  };
}

/**
 * /admin/quotes and /admin/renewals: the requests, filtered, searched, sorted and paged, all in
 * the address; exported (the list's columns, or every answer); changed in bulk. The header's
 * Table | Board switch opens the same requests by stage (LeadBoard.tsx), the search, kind and
 * owner kept.
 */
export function LeadsList({ area }: { area: LeadArea }) {
  const owners = useOwners();
  const store = leadsStoreFor(area);
  const { viewCounts, filter } = useStore(store.store);
  const views = usePipelineViews(viewCounts);
  return <ListScreen source={store} descriptor={leadsList(area, owners, views, filter)} />;
}
