import './users-tabs.css';
/** The Users screen's two lists, as links that look like tabs: the accounts, and the invitations waiting. */
export function UsersTabs({ current }: { current: 'users' | 'invitations' }) {
  return (
    <nav className="bo-tabs" aria-label="Users">
      <a href="/admin/user" className="bo-tab" aria-current={current === 'users' ? 'page' : undefined}>
        Accounts
      </a>
      <a href="/admin/user/invitations" className="bo-tab" aria-current={current === 'invitations' ? 'page' : undefined}>
        Invitations
      </a>
    </nav>
  );
}
