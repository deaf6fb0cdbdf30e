import { ViewTabs } from '#src/admin/kit/ViewTabs.tsx';

/** The Users screen's two lists, each a page of its own, in the look of every list's views: the accounts, and the invitations waiting. */
export function UsersTabs({ current }: { current: 'users' | 'invitations' }) {
  return (
    <ViewTabs
      label="Users"
      tabs={[
        { label: 'Accounts', href: '/admin/user', current: current === 'users' },
        { label: 'Invitations', href: '/admin/user/invitations', current: current === 'invitations' },
      ]}
    />
  );
}
