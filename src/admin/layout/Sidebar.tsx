import { useEffect, useId, useRef } from 'react';
import { can } from '#src/schemas/roles.ts';
import { VIEW_COUNT_CAP } from '#src/schemas/pipeline.ts';
import type { NavigationCounts } from '#src/schemas/search.ts';
import { formatCount } from '../format.ts';
import { SearchButton } from '../search/SearchButton.tsx';
import { $navigationCounts, clearNavigationCounts, COUNTS_REFRESH_MS, refreshNavigationCounts } from '../search/navigation-counts.ts';
import { useStore } from '@nanostores/react';
import { ChevronDown, ChevronsLeft, ChevronsRight, LogOut } from 'lucide-static';
import { Icon } from '../kit/Icon.tsx';
import { $utility, recordOutcome, toggleMobileMenu } from '../stores/ui.ts';
import { $login, signOut } from '../stores/session.ts';
import { $router } from '../stores/router.ts';
import { BrandMark } from './BrandMark.tsx';
import { currentHref, isGroup, isInArea, navigationFor, type NavGroup, type NavLink } from './navigation.ts';
import { $closedGroups, $sidebarCollapsed, $sidebarFolded, setGroupOpen, setSidebarCollapsed } from './sidebar-state.ts';
import { roleName } from './role-name.ts';
import { moveFocusRound, tabbablesIn } from '../kit/focus-ring.ts';

/**
 * While the menu is open over the page (below 1024 px), Tab and Shift+Tab go round its
 * controls and the burger only: the page behind the overlay cannot take focus.
 */
function keepFocusInMenu(event: KeyboardEvent, burger: HTMLElement | null, menu: HTMLElement | null): void {
  if (!burger || !menu) return;
  moveFocusRound(event, [burger, ...tabbablesIn(menu)]);
}

/** How many a link's count holds now: 0 (shown as nothing) until the counts are read, or for a link without one. */
const countOf = (item: Pick<NavLink, 'count'>, counts: NavigationCounts | null) => (item.count && counts ? counts[item.count.of] : 0);

/** An icon, with a dot for a count when the rail is folded to icons and the count's pill is out of sight. */
function NavIcon({ svg, dot }: { svg: string; dot: boolean }) {
  return (
    <span className="bo-nav-item-icon">
      <Icon svg={svg} />
      {dot && <span className="bo-nav-dot" />}
    </span>
  );
}

function Link({ item, current }: { item: Omit<NavLink, 'access'>; current: string | undefined }) {
  const countId = useId();
  const count = countOf(item, useStore($navigationCounts));
  const shown = formatCount(count, VIEW_COUNT_CAP);
  return (
    <a
      className="bo-nav-item"
      href={item.href}
      aria-current={item.href === current ? 'page' : undefined}
      // The link keeps its name ("Callbacks"); the count is its description ("3 new").
      aria-describedby={count ? countId : undefined}
      onClick={() => toggleMobileMenu(false)}
    >
      {item.icon && <NavIcon svg={item.icon} dot={count > 0} />}
      <span className="bo-nav-text">{item.label}</span>
      {count > 0 && item.count && (
        <>
          {/* It says what it counts ("6 new") in words, not a bare number; a screen reader hears it once, as the link's description. */}
          <span className={item.count.tone === 'due' ? 'bo-nav-count bo-nav-count-due' : 'bo-nav-count'} aria-hidden="true">
            {shown} {item.count.noun}
          </span>
          <span id={countId} hidden>
            {shown} {item.count.noun}
          </span>
        </>
      )}
    </a>
  );
}

/** A group's name opens and closes its links; open unless the person closed it, and opened again on arriving at one of its screens. */
function Group({ group, path, current }: { group: NavGroup; path: string; current: string | undefined }) {
  const id = useId();
  const closed = useStore($closedGroups);
  const counts = useStore($navigationCounts);
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
        <NavIcon svg={group.icon} dot={group.items.some((item) => countOf(item, counts) > 0)} />
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

  // The counts: read on arriving and after moving to another screen (at most every 15 s), and every minute while one stays open.
  const countsShown = can(user?.role, 'personalData');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` is the screen moved to, after which the counts are read again
  useEffect(() => {
    if (countsShown) void refreshNavigationCounts();
    else clearNavigationCounts();
  }, [countsShown, path]);
  useEffect(() => {
    if (!countsShown) return;
    const timer = setInterval(() => void refreshNavigationCounts(true), COUNTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [countsShown]);

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
        <div className="bo-sidebar-search">
          <SearchButton className="bo-nav-item" />
        </div>
        <div className="bo-sidebar-scroll bo-scroll-shadows">
          <ul className="bo-nav">
            {entries.map((entry) => (
              <li key={entry.label}>{isGroup(entry) ? <Group group={entry} path={path} current={current} /> : <Link item={entry} current={current} />}</li>
            ))}
          </ul>
        </div>
        {/* Who is signed in is the way to their account; Logout and the fold share a row, so every link fits a laptop's window. */}
        <div className="bo-sidebar-foot">
          {user && (
            <a
              className="bo-nav-item bo-whoami"
              href={ownAccount}
              aria-current={current === ownAccount ? 'page' : undefined}
              onClick={() => toggleMobileMenu(false)}
            >
              <span className="bo-avatar" data-initials={`${user.first_name[0] ?? ''}${user.last_name[0] ?? ''}`.toUpperCase()} aria-hidden="true" />
              <span className="bo-whoami-text">
                <span className="visually-hidden">My account: </span>
                <span className="bo-whoami-name">
                  {user.first_name} {user.last_name}
                </span>
                <span className="bo-whoami-role">{roleName(user)}</span>
              </span>
            </a>
          )}
          <div className="bo-sidebar-actions">
            <button type="button" className="bo-nav-item" onClick={logout}>
              <Icon svg={LogOut} />
              <span className="bo-nav-text">Logout</span>
            </button>
            <button
              type="button"
              className="bo-nav-item bo-collapse"
              aria-pressed={collapsed}
              onClick={() => setSidebarCollapsed(!collapsed)}
              title={collapsed ? 'Expand menu' : 'Collapse menu'}
            >
              <Icon svg={collapsed ? ChevronsRight : ChevronsLeft} />
              <span className="visually-hidden">Collapse menu</span>
            </button>
          </div>
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
