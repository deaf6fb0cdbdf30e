import { useEffect, useId, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ChevronDown, ChevronsLeft, ChevronsRight, LogOut, UserRound } from 'lucide-static';
import { Icon } from '../kit/Icon.tsx';
import { $utility, recordOutcome, toggleMobileMenu } from '../stores/ui.ts';
import { $login, signOut } from '../stores/session.ts';
import { $router } from '../stores/router.ts';
import { BrandMark } from './BrandMark.tsx';
import { currentHref, isGroup, isInArea, navigationFor, type NavGroup, type NavLink } from './navigation.ts';
import { $closedGroups, $sidebarCollapsed, $sidebarFolded, setGroupOpen, setSidebarCollapsed } from './sidebar-state.ts';
import { roleName } from './role-name.ts';

/**
 * While the menu is open over the page (below 1024 px), Tab and Shift+Tab go round its
 * controls and the burger only: the page behind the overlay cannot take focus.
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

function Link({ item, current }: { item: Omit<NavLink, 'access'>; current: string | undefined }) {
  return (
    <a className="bo-nav-item" href={item.href} aria-current={item.href === current ? 'page' : undefined} onClick={() => toggleMobileMenu(false)}>
      {item.icon && <Icon svg={item.icon} />}
      <span className="bo-nav-text">{item.label}</span>
    </a>
  );
}

/** A group's name opens and closes its links; open unless the person closed it, and opened again on arriving at one of its screens. */
function Group({ group, path, current }: { group: NavGroup; path: string; current: string | undefined }) {
  const id = useId();
  const closed = useStore($closedGroups);
  const inside = group.items.some((item) => isInArea(path, item.href));
  const open = !closed.includes(group.label);
  // Arriving at one of its screens (a link from elsewhere) opens a closed group, so the place shows.
  useEffect(() => {
    if (inside) setGroupOpen(group.label, true);
  }, [inside, group.label]);
  return (
    <>
      <button
        type="button"
        className="bo-nav-item"
        aria-expanded={open}
        aria-controls={id}
        data-holds-current={group.items.some((item) => item.href === current) || undefined}
        onClick={() => setGroupOpen(group.label, !open)}
      >
        <Icon svg={group.icon} />
        <span className="bo-nav-text">{group.label}</span>
        <Icon svg={ChevronDown} size={16} className="bo-nav-chevron" />
      </button>
      <ul id={id} className="bo-nav-sub" hidden={!open}>
        {group.items.map((item) => (
          <li key={item.href}>
            <Link item={item} current={current} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The back-office sidebar (spec: items with an icon and text, items with sub-items expanding
 * into links, Logout at the bottom, a burger with an overlay on a phone, the bar expanding on
 * hover). On a wide screen it can be collapsed to icons, and then widens over the page on
 * hover or keyboard focus; below 1024 px the burger opens it over the page, and Escape or the
 * overlay closes it.
 */
export function Sidebar({ brand, burger }: { brand: string; burger: React.RefObject<HTMLButtonElement | null> }) {
  const page = useStore($router);
  const { user } = useStore($login);
  const folded = useStore($sidebarFolded);
  const collapsed = useStore($sidebarCollapsed) || folded;
  const { isMobileMenuOpen: mobileOpen, ok, message } = useStore($utility);
  const menu = useRef<HTMLElement>(null);
  const path = page?.path ?? '';
  const entries = navigationFor(user?.role);
  const ownAccount = user ? `/admin/user/edit/${user._id}` : '';
  // One link is where this screen is: My account for one's own page, else the nearest area.
  const current = path === ownAccount ? ownAccount : currentHref(entries, path);

  useEffect(() => {
    if (!mobileOpen) return;
    // Opened by keyboard or pointer, focus goes into the menu; Escape closes it and returns focus.
    menu.current?.querySelector<HTMLElement>('.bo-sidebar-scroll a, .bo-sidebar-scroll button')?.focus();
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
  }, [mobileOpen, burger]);

  // The current screen's link stays in sight when the list is taller than the window.
  useEffect(() => {
    if (current) menu.current?.querySelector('.bo-sidebar-scroll [aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  // A sign-out the server did not confirm leaves the session alive: stay, and say so.
  const logout = async () => {
    if (await recordOutcome(signOut)) window.location.assign('/');
  };

  const classes = ['bo-sidebar', mobileOpen && 'open', collapsed && 'collapsed'].filter(Boolean).join(' ');
  return (
    <>
      {mobileOpen && <div className="bo-overlay" onClick={() => toggleMobileMenu(false)} aria-hidden="true" />}
      <nav ref={menu} id="bo-sidebar" className={classes} aria-label="Back-office">
        <BrandMark brand={brand} />
        <div className="bo-sidebar-scroll">
          <ul className="bo-nav">
            {entries.map((entry) => (
              <li key={entry.label}>{isGroup(entry) ? <Group group={entry} path={path} current={current} /> : <Link item={entry} current={current} />}</li>
            ))}
          </ul>
        </div>
        <div className="bo-sidebar-foot">
          {user && (
            <div className="bo-whoami">
              <span className="bo-avatar" aria-hidden="true">
                {`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase()}
              </span>
              <span className="bo-whoami-text">
                <span className="bo-whoami-name">
                  {user.first_name} {user.last_name}
                </span>
                <span className="bo-whoami-role">{roleName(user)}</span>
              </span>
            </div>
          )}
          {user && <Link item={{ label: 'My account', href: ownAccount, icon: UserRound }} current={current} />}
          <button type="button" className="bo-nav-item bo-collapse" aria-pressed={collapsed} onClick={() => setSidebarCollapsed(!collapsed)}>
            <Icon svg={collapsed ? ChevronsRight : ChevronsLeft} />
            <span className="bo-nav-text">Collapse menu</span>
          </button>
          <button type="button" className="bo-nav-item" onClick={logout}>
            <Icon svg={LogOut} />
            <span className="bo-nav-text">Logout</span>
          </button>
          {!ok && (
            <p className="bo-sidebar-error" role="alert">
              {message}
            </p>
          )}
        </div>
      </nav>
    </>
  );
}
