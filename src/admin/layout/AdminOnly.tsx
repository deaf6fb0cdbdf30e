import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { authMessages } from '../../schemas/messages.ts';
import { $login } from '../stores/session.ts';

/**
 * A screen only an Administrator may use: a Standard user who reaches it by its address is
 * refused with the server's own words, rather than shown a form the server would refuse.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useStore($login);
  if (user?.isAdmin) return <>{children}</>;
  return (
    <section>
      <h1>Access Denied</h1>
      <p role="alert">{authMessages.adminsOnly}</p>
    </section>
  );
}
