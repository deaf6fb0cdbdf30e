import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Lock } from 'lucide-static';
import { authMessages } from '#src/schemas/messages.ts';
import { type Access, can } from '#src/schemas/roles.ts';
import { $login } from '../stores/session.ts';
import { $router } from '../stores/router.ts';
import { EmptyState } from '../kit/EmptyState.tsx';
import { PageHeader } from '../kit/PageHeader.tsx';
import { Panel } from '../kit/Panel.tsx';
import { accessOf, homeFor } from './navigation.ts';

/** The refusal for each kind of work, in the server's own words. */
const REFUSALS: Record<Access, { title: string; text: string }> = {
  personalData: { title: 'Not part of your role', text: authMessages.personalDataOnly },
  siteContent: { title: 'For Administrators only', text: authMessages.adminsOnly },
  administration: { title: 'For Administrators only', text: authMessages.adminsOnly },
};

/** Where a signed-in visit to /admin goes (signing in itself opens /admin/user); a role that cannot use it goes to its own first area. */
const LANDING = '/admin/dashboard';
const USERS = '/admin/user';

/**
 * Every signed-in screen passes here: its access comes from the navigation's table (the area the
 * path is in), so a screen is refused to exactly the roles whose sidebar leaves it out, with no
 * check of its own. Someone reaching it by its address is told why, rather than shown a screen
 * the server would refuse; an Editor sent to the dashboard goes to Posts instead.
 */
export function RoleGate({ path, children }: { path: string; children: ReactNode }) {
  const { user } = useStore($login);
  // One's own account (the Users address opens it for anyone but an Administrator) is everyone's.
  const ownAccount = user !== null && (path === USERS || path === `${USERS}/edit/${user._id}`);
  const access = ownAccount ? null : accessOf(path);
  const allowed = access === null || can(user?.role, access);
  const goHome = !allowed && path === LANDING && user !== null;
  useEffect(() => {
    if (goHome) $router.open(homeFor(user?.role), true);
  }, [goHome, user?.role]);
  if (allowed) return <>{children}</>;
  if (goHome || access === null) return null;
  const refusal = REFUSALS[access];
  return (
    <section>
      <PageHeader title="Access Denied" />
      <Panel>
        <EmptyState icon={Lock} title={refusal.title} text={<span role="alert">{refusal.text}</span>} />
      </Panel>
    </section>
  );
}
