import { toastOutcome } from '#src/admin/toast-outcome.ts';
import { MailPlus, Send } from 'lucide-static';
import { type InvitationView, invitationStatuses } from '#src/schemas/invitation.ts';
import { roleNames } from '#src/schemas/roles.ts';
import { confirmChoice } from '#src/ui/dialogs.ts';
import { Breakable } from '#src/admin/kit/Breakable.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { StatusBadge, statusLabel } from '#src/admin/kit/StatusBadge.tsx';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { CREATED_ORDER, CREATED_SORT } from '#src/admin/list/created-order.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { invitationList, resendInvitation, revokeInvitation } from '#src/admin/stores/invitations.ts';
import { UsersTabs } from './UsersTabs.tsx';

const open = (invitation: InvitationView) => invitation.status === 'pending' || invitation.status === 'expired';

async function resend(invitation: InvitationView) {
  await toastOutcome(resendInvitation(invitation.id));
}

async function revoke(invitation: InvitationView) {
  if (!(await confirmChoice('Revoke this invitation?', `The link mailed to ${invitation.email} will stop working.`, 'Revoke'))) return;
  await toastOutcome(revokeInvitation(invitation.id));
}

const invite = (
  <a className="bo-button bo-button-primary" href="/admin/user/invite">
    <Icon svg={Send} size={16} />
    Invite
  </a>
);

/** Invitations as data: address, role, status, who sent it and when it expires; open ones can be resent or revoked. */
const invitationsList: ListDescriptor<InvitationView> = {
  title: 'All Users',
  description: 'People invited to the back-office, and whether they have joined.',
  noun: { one: 'invitation', many: 'invitations' },
  primary: 'email',
  columns: [
    // Broken after its @ and dots on two lines, rather than cut, when the column is narrower than the address.
    { key: 'email', label: 'Email', cell: (row) => <Breakable text={row.email} />, text: (row) => row.email, truncate: 2 },
    { key: 'role', label: 'Role', cell: (row) => roleNames[row.role], width: '8rem', card: 'badge' },
    { key: 'status', label: 'Status', cell: (row) => <StatusBadge status={row.status} />, width: '7.5rem' },
    { key: 'invitedBy', label: 'Invited by', cell: (row) => row.invitedBy?.name ?? '', width: '10rem', priority: 3 },
    {
      key: 'sent',
      label: 'Sent',
      cell: (row) => <DateTimeCell at={row.sentAt} />,
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      sort: CREATED_SORT,
      priority: 2,
    },
    {
      key: 'expires',
      label: 'Link expires',
      // An accepted or revoked invitation's link no longer expires: a dash, its status beside it says why.
      cell: (row) => (open(row) ? <DateTimeCell at={row.expiresAt} /> : <NoValue label={statusLabel(row.status)} />),
      empty: (row) => !open(row),
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      priority: 2,
    },
  ],
  rowId: (row) => row.id,
  rowName: (row) => `the invitation to ${row.email}`,
  rowActions: (row) =>
    open(row)
      ? [
          { label: 'Send again', onSelect: () => void resend(row) },
          { label: 'Revoke', tone: 'danger' as const, onSelect: () => void revoke(row) },
        ]
      : [],
  order: CREATED_ORDER,
  filters: [
    {
      key: 'status',
      label: 'Status',
      kind: 'select',
      any: 'Any status',
      options: invitationStatuses.map((status) => ({ value: status, label: statusLabel(status) })),
    },
  ],
  actions: invite,
  empty: {
    icon: MailPlus,
    title: 'No invitations',
    text: 'Invite a colleague by email: they choose their own name, password and two-factor sign-in.',
    action: invite,
  },
};

/** /admin/user/invitations: the Users screen's Invitations tab, with Invite and a row menu (Send again, Revoke). */
export function InvitationsList() {
  return (
    <ListScreen source={invitationList} descriptor={invitationsList}>
      <UsersTabs current="invitations" />
    </ListScreen>
  );
}
