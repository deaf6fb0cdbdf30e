import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { authMessages } from '../../schemas/messages.ts';
import { Lock } from 'lucide-static';
import { $login } from '../stores/session.ts';
import { EmptyState } from '../kit/EmptyState.tsx';
import { PageHeader } from '../kit/PageHeader.tsx';
import { Panel } from '../kit/Panel.tsx';

/**
 * A screen only an Administrator may use: a Standard user who reaches it by its address is
 * refused with the server's own words, rather than shown a form the server would refuse.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useStore($login);
  if (user?.isAdmin) return <>{children}</>;
  return (
    <section>
      <PageHeader title="Access Denied" />
      <Panel>
        <EmptyState icon={Lock} title="For Administrators only" text={<span role="alert">{authMessages.adminsOnly}</span>} />
      </Panel>
    </section>
  );
}
