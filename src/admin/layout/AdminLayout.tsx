import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { $login } from '../stores/session.ts';
import { BrandMark } from './BrandMark.tsx';
import { Sidebar } from './Sidebar.tsx';

/** The shared layout of every signed-in screen: header, sidebar navigation and the screen. */
export function AdminLayout({ brand, children }: { brand: string; children: ReactNode }) {
  const { user } = useStore($login);
  return (
    <div className="admin-shell">
      <a className="visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      <header className="admin-header">
        <BrandMark brand={brand} />
        {user && (
          <span className="admin-whoami">
            {user.first_name} {user.last_name} · {user.isAdmin ? 'Administrator' : 'Standard'}
          </span>
        )}
      </header>
      <div className="admin-body">
        <Sidebar />
        <main id="main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
