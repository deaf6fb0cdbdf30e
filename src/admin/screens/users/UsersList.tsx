import { Plus, Send, UserPlus } from 'lucide-static';
import { UsersTabs } from './UsersTabs.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { roleName } from '#src/admin/layout/role-name.ts';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { CREATED_ORDER, CREATED_SORT } from '#src/admin/list/created-order.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { $login, type User } from '#src/admin/stores/session.ts';
import { users } from '#src/admin/stores/users.ts';
import { USER_DELETE_DETAIL } from './user-delete.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';

const fullName = (user: User) => `${user.first_name} ${user.last_name}`;
const initialsOf = (user: User) => `${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase();
/** The account signed in: the server refuses to delete it, so its row offers no Delete. */
const isSelf = (user: User) => $login.get().user?._id === user._id;

const create = (
  <a className="bo-button bo-button-primary" href="/admin/user/create">
    <Icon svg={Plus} size={16} />
    Create
  </a>
);

/** Create (the spec's form, a password chosen for them) and Invite (they choose their own). */
const actions = (
  <>
    <a className="bo-button" href="/admin/user/invite">
      <Icon svg={Send} size={16} />
      Invite
    </a>
    {create}
  </>
);

/**
 * The users list as data: the spec's columns (Name, Email, Role, Created On, Actions), with whether
 * two-factor sign-in is set up and when each last signed in, and its row menu (Edit, Delete). One's
 * own row cannot be deleted: its menu holds Edit alone.
 */
const usersList: ListDescriptor<User> = {
  title: 'All Users',
  description: 'Everyone who can sign in to the back-office, and what they may do.',
  noun: { one: 'user', many: 'users' },
  primary: 'name',
  // Below 1,400 px of list the email steps aside for the sign-in columns, and goes under the name.
  secondaryColumns: ['email'],
  columns: [
    {
      key: 'name',
      label: 'Name',
      // The initials' circle is drawn by CSS from data-initials: the cell's text stays the name alone.
      cell: (user) => (
        <span className="bo-person" data-initials={initialsOf(user)}>
          <span>{isSelf(user) ? `${fullName(user)} (you)` : fullName(user)}</span>
          {user.suspendedAt && <StatusBadge status="suspended" />}
        </span>
      ),
      text: fullName,
      truncate: true,
    },
    // A line of its own on a phone: every card then reads name, email, role and date alike.
    { key: 'email', label: 'Email', cell: (user) => user.email, text: (user) => user.email, truncate: true, priority: 4, card: 'text' },
    { key: 'role', label: 'Role', cell: roleName, width: '9rem', card: 'badge' },
    {
      key: 'twoFactor',
      label: 'Two-factor',
      cell: (user) => <StatusBadge status={user.twoFactor.isVerified ? 'on' : 'not set up'} label={user.twoFactor.isVerified ? 'On' : 'Not set up'} />,
      width: '7.5rem',
    },
    // Kept at every width a table has: who has stopped signing in is what an administrator looks for.
    {
      key: 'lastSignIn',
      label: 'Last sign-in',
      cell: (user) => (user.lastSignInAt ? <DateTimeCell at={user.lastSignInAt} /> : <span className="bo-muted">Never</span>),
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
    },
    {
      key: 'created',
      label: 'Created On',
      cell: (user) => <DateTimeCell at={user.createdAt} />,
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      sort: CREATED_SORT,
      // Steps aside below 800 px of list, where the last sign-in stays; labelled on a phone's card.
      priority: 2,
    },
  ],
  rowId: (user) => user._id,
  rowName: fullName,
  rowHref: (user) => `/admin/user/edit/${user._id}`,
  // The spec's row menu: Edit, then Delete, which one's own row does not offer.
  openLabel: 'Edit',
  remove: { run: (user) => users.remove(user._id), allowed: (user) => !isSelf(user), detail: USER_DELETE_DETAIL },
  order: CREATED_ORDER,
  filters: [
    { key: 'search', label: 'Search', kind: 'search', scope: 'Name or email' },
    {
      key: 'status',
      label: 'Account',
      kind: 'select',
      any: 'Any account',
      options: [
        { value: 'active', label: 'Active' },
        { value: 'suspended', label: 'Suspended' },
      ],
    },
  ],
  actions,
  empty: {
    icon: UserPlus,
    title: 'No Users Available ...',
    text: 'Create an account for each colleague who works the leads or writes for the site.',
    action: create,
  },
};

/** /admin/user: 'All Users' with Create, a paged table and a row menu (Edit, Delete). */
export function UsersList() {
  return (
    <ListScreen source={users} descriptor={usersList}>
      <UsersTabs current="users" />
    </ListScreen>
  );
}
