import { useEffect, useRef, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Menu, X } from 'lucide-static';
import { Icon } from '../kit/Icon.tsx';
import { $utility, toggleMobileMenu } from '../stores/ui.ts';
import { BrandMark } from './BrandMark.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SearchButton } from '../search/SearchButton.tsx';
import { SearchPalette } from '../search/SearchPalette.tsx';
import { handleSearchShortcut } from '../search/search-palette-state.ts';

/** The shared layout of every signed-in screen: the sidebar (a burger's menu on a phone, under a top bar) and the screen. */
export function AdminLayout({ brand, children }: { brand: string; children: ReactNode }) {
  const { isMobileMenuOpen: open } = useStore($utility);
  const burger = useRef<HTMLButtonElement>(null);
  // Ctrl K (⌘K) and "/" open the search palette from any screen.
  useEffect(() => {
    document.addEventListener('keydown', handleSearchShortcut);
    return () => document.removeEventListener('keydown', handleSearchShortcut);
  }, []);
  return (
    <div className="bo-shell bo-app">
      <a className="visually-hidden-focusable" href="#main">
        Skip to main content
      </a>
      <header className="bo-topbar">
        <button
          ref={burger}
          type="button"
          className="bo-button bo-button-quiet bo-button-icon bo-burger"
          aria-expanded={open}
          aria-controls="bo-sidebar"
          onClick={() => toggleMobileMenu()}
        >
          <Icon svg={open ? X : Menu} size={22} />
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <BrandMark brand={brand} />
        <SearchButton className="bo-button bo-button-quiet bo-button-icon" compact />
      </header>
      <Sidebar brand={brand} burger={burger} />
      <SearchPalette />
      <main id="main" className="bo-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
