import { Search } from 'lucide-static';
import { Icon } from '../kit/Icon.tsx';
import { openSearch, searchShortcut } from './search-palette-state.ts';

/** Opens the search palette, naming its shortcut (⌘K on a Mac, Ctrl K elsewhere). `className` places it: a sidebar link's shape or a top bar's icon button. */
export function SearchButton({ className, compact = false }: { className: string; compact?: boolean }) {
  const shortcut = searchShortcut();
  return (
    <button type="button" className={`${className} bo-search-button`} aria-keyshortcuts={`${shortcut.aria} /`} onClick={openSearch}>
      <Icon svg={Search} size={compact ? 22 : 18} />
      <span className={compact ? 'visually-hidden' : 'bo-nav-text'}>Search</span>
      {/* Its name stays "Search": a screen reader is told the shortcut by aria-keyshortcuts. */}
      {!compact && (
        <span className="bo-nav-text bo-search-shortcut" aria-hidden="true">
          <kbd>{shortcut.shown}</kbd>
        </span>
      )}
    </button>
  );
}
