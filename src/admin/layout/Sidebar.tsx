import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $utility, recordOutcome, toggleMobileMenu } from '../stores/ui.ts';
import { $login, signOut } from '../stores/session.ts';
import { $router } from '../stores/router.ts';
import { navigation, type NavItem } from './navigation.ts';
import { ChevronIcon, CloseIcon, LogoutIcon, MenuIcon, UsersIcon } from './icons.tsx';

function Group({ item, currentPath }: { item: NavItem; currentPath: string }) {
  const active = item.children.some((child) => currentPath.startsWith(child.href));
  const [open, setOpen] = useState(active);
  const panelId = useId();
  const Icon = item.icon;
  return (
    <li className="admin-nav-group">
      <button type="button" className="admin-nav-item" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Icon />
        <span className="admin-nav-text">{item.label}</span>
        <ChevronIcon className={open ? 'admin-chevron open' : 'admin-chevron'} />
      </button>
      <ul id={panelId} className="admin-nav-sub" hidden={!open}>
        {item.children.map((child) => (
          <li key={child.href}>
            <a href={child.href} aria-current={currentPath === child.href ? 'page' : undefined} onClick={() => toggleMobileMenu(false)}>
              {child.label}
            </a>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The back-office sidebar: icon and text items, expandable sub-items, Logout at the bottom.
 * Narrow on wide screens and widening on hover or keyboard focus; below 1024 px a burger
 * button opens it over the page with an overlay.
 */
export function Sidebar() {
  const page = useStore($router);
  const { user } = useStore($login);
  const { isMobileMenuOpen: mobileOpen, ok, message } = useStore($utility);
  const currentPath = page?.path ?? '';
  const items = navigation.filter((item) => !item.adminOnly || user?.isAdmin);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toggleMobileMenu(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  // A sign-out the server did not confirm leaves the session alive: stay, and say so.
  const logout = async () => {
    if (await recordOutcome(signOut)) window.location.assign('/');
  };

  return (
    <>
      <button type="button" className="admin-burger" aria-expanded={mobileOpen} aria-controls="admin-sidebar" onClick={() => toggleMobileMenu()}>
        {mobileOpen ? <CloseIcon /> : <MenuIcon />}
        <span className="visually-hidden">{mobileOpen ? 'Close menu' : 'Open menu'}</span>
      </button>
      {mobileOpen && <div className="admin-overlay" onClick={() => toggleMobileMenu(false)} aria-hidden="true" />}
      <nav id="admin-sidebar" className={mobileOpen ? 'admin-sidebar open' : 'admin-sidebar'} aria-label="Back-office">
        <ul className="admin-nav">
          {items.map((item) => (
            <Group key={item.label} item={item} currentPath={currentPath} />
          ))}
          {user && !user.isAdmin && (
            <li>
              <a className="admin-nav-item" href={`/admin/user/edit/${user._id}`}>
                <UsersIcon />
                <span className="admin-nav-text">My Account</span>
              </a>
            </li>
          )}
        </ul>
        <button type="button" className="admin-nav-item admin-logout" onClick={logout}>
          <LogoutIcon />
          <span className="admin-nav-text">Logout</span>
        </button>
        {!ok && (
          <p className="admin-sidebar-error" role="alert">
            {message}
          </p>
        )}
      </nav>
    </>
  );
}
