import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Search, SearchX, X } from 'lucide-static';
import * as v from 'valibot';
import { messageOf } from '#src/api/client.ts';
import { SEARCH_MAX } from '#src/schemas/fields.ts';
import { SEARCH_TOO_SHORT, SearchQuerySchema, type SearchGroup } from '#src/schemas/search.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { Icon } from '../kit/Icon.tsx';
import { go } from '../stores/router.ts';
import { $login } from '../stores/session.ts';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { paletteGroups, type PaletteItem, searchScope } from './palette-items.ts';
import { $recentResults, $searchOpen, closeSearch, rememberResult } from './search-palette-state.ts';
import { fetchSearch } from './search-results.ts';
import './search-palette.css';

/** A pause in typing before the server is asked: shorter than a list's filter (400 ms), as the palette answers as one types. */
const PALETTE_SEARCH_DELAY_MS = 200;

type Found = { q: string; groups: SearchGroup[]; loading: boolean; error: string };
const NOTHING: Found = { q: '', groups: [], loading: false, error: '' };

/** The search palette, while open (Ctrl K or ⌘K, "/", or the Search buttons). */
export function SearchPalette() {
  return useStore($searchOpen) ? <PaletteDialog /> : null;
}

/**
 * A modal <dialog> holding a combobox (the text) and a grouped listbox of choices, as the
 * WAI-ARIA combobox pattern draws it: focus stays in the text, arrow keys move the choice
 * marked by aria-activedescendant, Enter opens it with the router. Before anything is typed
 * it lists the areas of the navigation (a "go to" palette); from two characters it also asks
 * the server, once typing pauses, dropping an answer a newer text has made stale. Escape
 * closes it and gives focus back to what opened it; a choice hands focus to the new screen.
 */
function PaletteDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const chosen = useRef(false);
  const ids = useId();
  const { user } = useStore($login);
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>(NOTHING);
  const [active, setActive] = useState(0);
  const q = text.trim();
  const searchable = v.is(SearchQuerySchema, { q: text });

  useEffect(() => {
    opener.current = document.activeElement;
    dialog.current?.showModal();
    return () => {
      // A choice opened a screen: focus starts on it, as the skip link would put it. Else back to the opener.
      const next = chosen.current ? document.getElementById('main') : opener.current;
      if (next instanceof HTMLElement) next.focus();
    };
  }, []);

  useEffect(() => {
    if (!searchable) {
      setFound(NOTHING);
      return;
    }
    const controller = new AbortController();
    setFound((now) => ({ ...now, loading: true, error: '' }));
    const timer = setTimeout(() => {
      fetchSearch(q, controller.signal)
        .then((groups) => setFound({ q, groups, loading: false, error: '' }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setFound({ q, groups: [], loading: false, error: messageOf(error) });
        });
    }, PALETTE_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, searchable]);

  const recent = useStore($recentResults);
  const groups = useMemo(() => paletteGroups(user?.role, text, found, recent), [user?.role, text, found, recent]);
  const items = groups.flatMap((group) => group.items);
  const itemsKey = items.map((item) => item.key).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `itemsKey` stands for the choices, whose array is new on every render: new choices mark the first again
  useEffect(() => setActive(0), [itemsKey]);

  const optionId = (item: PaletteItem) => `${ids}-${item.key}`;
  const current = items[Math.min(active, items.length - 1)];

  const open = (item: PaletteItem) => {
    chosen.current = true;
    if (item.found) rememberResult(item);
    closeSearch();
    go(item.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!items.length) return;
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      const next = (active + moves[event.key]! + items.length) % items.length;
      setActive(next);
      document.getElementById(optionId(items[next]!))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      open(current);
    }
  };

  const searched = searchable && !found.loading && !found.error && found.q === q;
  const noMatches = searched && found.groups.length === 0;
  const listId = `${ids}-list`;
  const status = found.loading
    ? ''
    : noMatches
      ? `No matches for “${q}”`
      : searched
        ? `${found.groups.reduce((sum, group) => sum + group.results.length, 0)} matches`
        : '';

  return (
    // Escape fires 'cancel' then 'close': closing unmounts the palette.
    <dialog ref={dialog} className="bo-search bo-phone-sheet" aria-labelledby={`${ids}-title`} onClose={closeSearch}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        Search
      </h2>
      <div className="bo-search-head">
        <Icon svg={Search} size={20} className="bo-search-icon" />
        <input
          className="bo-search-input"
          type="text"
          role="combobox"
          aria-label="Search the back-office"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? optionId(current) : undefined}
          placeholder="Search or go to…"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {found.loading && <Spinner className="bo-search-spinner" label="Searching" />}
        <button type="button" className="bo-button bo-button-quiet bo-button-icon" aria-label="Close search" onClick={() => dialog.current?.close()}>
          <Icon svg={X} />
        </button>
      </div>
      {/* The arrows move through the choices from the box (aria-activedescendant); a long list also scrolls, so its box takes focus too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1) */}
      <div className="bo-search-body" tabIndex={0} aria-busy={found.loading || undefined}>
        {items.length > 0 && (
          <ul id={listId} role="listbox" aria-label="Choices" className="bo-search-list">
            {groups.map((group, index) => (
              <li key={group.heading} role="presentation">
                {/* biome-ignore lint/a11y/useSemanticElements: a listbox's group of options (WAI-ARIA listbox pattern); a fieldset holds form controls */}
                <ul role="group" aria-labelledby={`${ids}-group-${index}`}>
                  <li role="presentation" id={`${ids}-group-${index}`} className="bo-search-heading">
                    {group.heading}
                  </li>
                  {group.items.map((item) => (
                    <li
                      key={item.key}
                      id={optionId(item)}
                      role="option"
                      aria-selected={item === current}
                      className="bo-search-option"
                      onMouseMove={() => item !== current && setActive(items.indexOf(item))}
                      // The text keeps the focus (aria-activedescendant): the choice is made on the press.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        open(item);
                      }}
                    >
                      <Icon svg={item.icon} className="bo-search-option-icon" />
                      <span className="bo-search-option-text">
                        <span className="bo-search-option-title">{item.title}</span>
                        {item.detail && <span className="bo-search-option-detail">{item.detail}</span>}
                      </span>
                      {item.status && <StatusBadge status={item.status.value} label={item.status.label} />}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {noMatches && (
          <div className="bo-search-empty">
            <Icon svg={SearchX} size={28} />
            <p className="bo-search-empty-title">No matches for “{q}”</p>
            <p>{searchScope(user?.role)}</p>
          </div>
        )}
        {found.error && (
          <p className="bo-alert" role="alert">
            {found.error}
          </p>
        )}
        {!searchable && q.length > 0 && items.length === 0 && <p className="bo-search-hint">{SEARCH_TOO_SHORT}</p>}
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <p className="bo-search-foot" aria-hidden="true">
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> to move
        </span>
        <span>
          <kbd>Enter</kbd> to open
        </span>
        <span>
          <kbd>Esc</kbd> to close
        </span>
      </p>
    </dialog>
  );
}
