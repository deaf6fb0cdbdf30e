import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $utility, recordOutcome, toggleMobileMenu } from '../stores/ui.ts';
import { $login, signOut } from '../stores/session.ts';
import { $router } from '../stores/router.ts';
import { isInArea, navigation } from './navigation.ts';
import { $sidebarCollapsed, setSidebarCollapsed } from './sidebar-state.ts';
import { CloseIcon, CollapseIcon, ExpandIcon, LogoutIcon, MenuIcon, UsersIcon } from './icons.tsx';

/**
 * While the menu is open over the page (below 1024 px), Tab and Shift+Tab go round its links and
 * the burger (now its close button) only: the page behind the overlay cannot take focus.
 */
function keepFocusInMenu(event: KeyboardEvent, burger: HTMLElement | null, menu: HTMLElement | null): void {
  if (!burger || !menu) return;
  const inMenu = [...menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((element) => element.offsetParent !== null);
  const ring = [burger, ...inMenu];
  const at = ring.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? 0 : (at + (event.shiftKey ? ring.length - 1 : 1)) % ring.length;
  event.preventDefault();
  ring[next]?.focus();
}

/**
 * The back-office sidebar: one link with an icon and a label per area, Logout at the bottom.
 * On a wide screen it shows labels and can be collapsed to icons (then it widens on hover or
 * keyboard focus, as the spec's bar does); below 1024 px a burger button opens it over the
 * page with an overlay, and Escape or the overlay closes it.
 */
export function Sidebar() {
  const page = useStore($router);
  const { user } = useStore($login);
  const collapsed = useStore($sidebarCollapsed);
  const { isMobileMenuOpen: mobileOpen, ok, message } = useStore($utility);
  const burger = useRef<HTMLButtonElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);
  const menu = useRef<HTMLElement>(null);
  const currentPath = page?.path ?? '';
  const items = navigation.filter((item) => !item.adminOnly || user?.isAdmin);

  useEffect(() => {
    if (!mobileOpen) return;
    // Opened by keyboard or pointer, focus goes into the menu; Escape closes it and returns focus.
    firstLink.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') {
        keepFocusInMenu(event, burger.current, menu.current);
        return;
      }
      if (event.key !== 'Escape') return;
      toggleMobileMenu(false);
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  // A sign-out the server did not confirm leaves the session alive: stay, and say so.
  const logout = async () => {
    if (await recordOutcome(signOut)) window.location.assign('/');
  };

  const classes = ['admin-sidebar', mobileOpen && 'open', collapsed && 'collapsed'].filter(Boolean).join(' ');
  return (
    <>
      <button ref={burger} type="button" className="admin-burger" aria-expanded={mobileOpen} aria-controls="admin-sidebar" onClick={() => toggleMobileMenu()}>
        {mobileOpen ? <CloseIcon /> : <MenuIcon />}
        <span className="visually-hidden">{mobileOpen ? 'Close menu' : 'Open menu'}</span>
      </button>
      {mobileOpen && <div className="admin-overlay" onClick={() => toggleMobileMenu(false)} aria-hidden="true" />}
      <nav ref={menu} id="admin-sidebar" className={classes} aria-label="Back-office">
        <ul className="admin-nav">
          {items.map((item, index) => {
            const Icon = item.icon;
            return (
              <li key={item.href}>
                <a
                  ref={index === 0 ? firstLink : undefined}
                  className="admin-nav-item"
                  href={item.href}
                  aria-current={isInArea(currentPath, item.href) ? 'page' : undefined}
                  onClick={() => toggleMobileMenu(false)}
                >
                  <Icon />
                  <span className="admin-nav-text">{item.label}</span>
                </a>
              </li>
            );
          })}
          {user && !user.isAdmin && (
            <li>
              <a
                className="admin-nav-item"
                href={`/admin/user/edit/${user._id}`}
                aria-current={currentPath === `/admin/user/edit/${user._id}` ? 'page' : undefined}
                onClick={() => toggleMobileMenu(false)}
              >
                <UsersIcon />
                <span className="admin-nav-text">My Account</span>
              </a>
            </li>
          )}
        </ul>
        <div className="admin-nav-foot">
          <button type="button" className="admin-nav-item admin-collapse" aria-pressed={collapsed} onClick={() => setSidebarCollapsed(!collapsed)}>
            {collapsed ? <ExpandIcon /> : <CollapseIcon />}
            <span className="admin-nav-text">Collapse menu</span>
          </button>
          <button type="button" className="admin-nav-item admin-logout" onClick={logout}>
            <LogoutIcon />
            <span className="admin-nav-text">Logout</span>
          </button>
          {!ok && (
            <p className="admin-sidebar-error" role="alert">
              {message}
            </p>
          )}
        </div>
      </nav>
    </>
  );
}
