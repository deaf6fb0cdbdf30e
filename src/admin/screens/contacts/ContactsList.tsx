import { useStore } from '@nanostores/react';
import { Inbox } from 'lucide-static';
import { telHref } from '#src/lib/phone.ts';
import { contactStatuses, type ContactStatus } from '#src/schemas/contact-statuses.ts';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import type { ListDescriptor, ListView } from '#src/admin/list/descriptor.ts';
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
import { $contacts, contacts, type Contact, type ContactBulkAction } from '#src/admin/stores/contacts.ts';
import type { OwnerView } from '#src/schemas/pipeline.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';

const view = (contact: Contact) => `/admin/contacts/view/${contact._id}`;

/** The contacts list as data: the spec's columns (Name, Email, Phone, Message, Created On, Actions) with status and owner; the date last, sortable. */
function contactsList(owners: readonly OwnerView[], views: ListView[]): ListDescriptor<Contact> {
  return {
    title: 'All Contacts',
    description: 'Visitors who asked to be rung back, newest first.',
    noun: { one: 'callback', many: 'callbacks' },
    primary: 'name',
    // Where the Email and Message columns do not fit, both under the name: the message is why they asked.
    // Each on a line of its own: an email run on with the message broke mid-address.
    secondaryColumns: ['email', 'message'],
    columns: [
      { key: 'name', label: 'Name', cell: (contact) => contact.name, text: (contact) => contact.name, truncate: true },
      { key: 'email', label: 'Email', cell: (contact) => contact.email, text: (contact) => contact.email, truncate: true, priority: 4, card: 'text' },
      // A link to ring: one tap on a phone's card, as a CRM's call button.
      {
        key: 'phone',
        label: 'Phone',
        cell: (contact) => <a href={telHref(contact.phone)}>{contact.phone}</a>,
        text: (contact) => contact.phone,
        width: '8rem',
        nowrap: true,
        card: 'meta',
      },
      // Beside the name only on a wide list (1,400 px): cut to the few words a narrower one leaves it, it said nothing. Cards show it whole.
      { key: 'message', label: 'Message', cell: (contact) => contact.message, text: (contact) => contact.message, truncate: true, priority: 4, card: 'text' },
      { key: 'status', label: 'Status', cell: (contact) => <StatusBadge status={contact.status} />, width: '6.75rem', card: 'badge' },
      {
        key: 'owner',
        label: 'Owner',
        cell: (contact) => contact.owner?.name ?? <NoValue label="Nobody yet" />,
        text: (contact) => contact.owner?.name ?? '',
        empty: (contact) => !contact.owner,
        truncate: 2,
        width: OWNER_COLUMN_WIDTH,
        // Below 960 px of list (a 1,024 px window), or where the row is short of room (1,280 px), it steps
        // aside: the Mine and Unassigned views still sort who has what.
        priority: 3,
      },
      // A little narrower than the other lists' next step: at 1,024 px the phone, next step and date share the row with the name.
      nextStepColumn<Contact>('clamp(9rem, 17cqi, 15rem)'),
      {
        key: 'created',
        label: 'Created On',
        cell: (contact) => <DateTimeCell at={contact.createdAt} />,
        sort: CREATED_SORT,
        width: DATE_TIME_COLUMN_WIDTH,
        nowrap: true,
        // No priority: a column the spec names, and the header that sorts the list, never steps aside.
        card: 'meta',
      },
    ],
    rowId: (contact) => contact._id,
    rowName: (contact) => contact.name,
    rowHref: view,
    rowActions: (contact) => quickActions(contact, 'contact', (action) => contacts.bulk(action as ContactBulkAction)),
    remove: { run: (contact) => contacts.remove(contact._id) },
    views,
    order: { ...CREATED_ORDER, options: [...CREATED_ORDER.options, dueOrderOption] },
    filters: [
      { key: 'q', label: 'Search', kind: 'search', scope: 'Name, email or phone' },
      statusFilter(contactStatuses),
      ownerFilter(owners),
      receivedFilter,
      nextStepFilter,
    ],
    exports: [{ label: 'Export CSV', href: contacts.exportHref, download: 'callbacks.csv' }],
    bulk: {
      statuses: statusOptions(contactStatuses),
      onStatus: (ids, status) => contacts.bulk({ action: 'status', ids, status: status as ContactStatus }),
      owners,
      onOwner: (ids, ownerId) => contacts.bulk({ action: 'owner', ids, ownerId }),
      onExport: (ids) => contacts.exportChosen(ids).then(saveFile),
      onDelete: (ids) => contacts.bulk({ action: 'delete', ids }),
    },
    empty: {
      icon: Inbox,
      title: 'No Contacts Available ...',
      text: 'When a visitor asks for a callback on the site, it arrives here and the sales team is mailed.',
    },
  };
}

/** /admin/contacts: 'All Contacts', newest first: filtered, searched and paged (all in the address), exported and changed in bulk. */
export function ContactsList() {
  const owners = useOwners();
  const views = usePipelineViews(useStore($contacts).viewCounts);
  return <ListScreen source={contacts} descriptor={contactsList(owners, views)} />;
}
