import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Editor } from '@tiptap/react';
import { FileText, Newspaper } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { $contentPages, loadContentPages } from '#src/admin/stores/pages.ts';
import { findPosts } from '#src/admin/stores/posts.ts';
import { LINK_HELP, linkTarget } from './link-target.ts';
import { type LinkSuggestion, matchingSuggestions, pageSuggestion, postSuggestions, searchesPosts } from './link-suggestions.ts';

type Props = {
  editor: Editor;
  /** The writing's frame, which the popover is placed in (under the selection). */
  frame: HTMLElement | null;
  /** The words being linked ('' when none are selected: the address becomes the words). */
  words: string;
  /** The address of the link at the cursor, '' for a new one. */
  current: string;
  onApply(href: string): void;
  onRemove(): void;
  /** Escape or Cancel: `refocus` is false when the person clicked elsewhere, where the focus then is. */
  onClose(refocus: boolean): void;
};

/** A pause in typing before the posts are searched: one request per word, not per letter. */
const SEARCH_PAUSE_MS = 200;
/** The least room kept between the popover and the frame's edges. */
const EDGE = 4;

/** Under the selection's start, moved left as far as it must be to stay inside the frame. */
function placeUnderSelection(editor: Editor, frame: HTMLElement, popover: HTMLElement): CSSProperties {
  const { from, to } = editor.state.selection;
  const start = editor.view.coordsAtPos(from);
  const end = editor.view.coordsAtPos(to);
  const box = frame.getBoundingClientRect();
  // Inside the frame and the window both: on a phone the frame reaches the window's edge.
  const room = Math.min(box.width, window.innerWidth - box.left) - popover.offsetWidth - EDGE;
  const left = Math.min(Math.max(0, start.left - box.left), Math.max(0, room));
  return { top: Math.max(start.bottom, end.bottom) - box.top + 6, left };
}

/** The bars that stay at the top of the window as it scrolls (the phone's top bar, the editor's header where it sticks). */
const STUCK_AT_TOP = '.bo-topbar, .bo-sticky-header';

/** Where the window's visible area starts below whatever stays stuck at its top: the popover must not go under it. */
function coveredTop(): number {
  let bottom = 0;
  for (const bar of document.querySelectorAll<HTMLElement>(STUCK_AT_TOP)) {
    const { position } = getComputedStyle(bar);
    const rect = bar.getBoundingClientRect();
    if ((position === 'sticky' || position === 'fixed') && rect.height > 0 && rect.top <= 1) bottom = Math.max(bottom, rect.bottom);
  }
  return bottom;
}

/**
 * Scrolls the popover into the visible area below the stuck bars (and above the bottom of the
 * window, or of what a phone's keyboard leaves of it), as little as it must: its top first, with
 * the words being linked (`above` it) still in sight.
 */
function bringIntoView(popover: HTMLElement, above: number) {
  const gap = 8;
  const top = coveredTop() + gap + above;
  const bottom = (window.visualViewport?.height ?? window.innerHeight) - gap;
  const rect = popover.getBoundingClientRect();
  let delta = 0;
  if (rect.top < top) delta = rect.top - top;
  else if (rect.bottom > bottom) delta = Math.min(rect.bottom - bottom, rect.top - top);
  if (delta === 0) return;
  // scroll-margin makes scrollIntoView leave the stuck bars' room, in whichever box scrolls (the window, as a rule).
  popover.style.scrollMarginTop = `${top}px`;
  popover.style.scrollMarginBottom = `${gap}px`;
  popover.scrollIntoView({ block: delta < 0 ? 'start' : 'nearest', inline: 'nearest' });
}

/**
 * A link's address, asked for in a small popover by the words, as Ghost's and Google Docs' are:
 * typing offers the site's own pages (the page table the page editor lists) and its readable
 * posts (the posts' search), so an internal link is picked rather than typed; a typed address
 * still works when the blog would keep it. The field is a combobox: the arrows choose a
 * suggestion, Enter applies it (or what was typed), Escape closes and goes back to the words.
 */
export function LinkPopover({ editor, frame, words, current, onApply, onRemove, onClose }: Props) {
  const id = useId();
  const inputId = `${id}-address`;
  const listId = `${id}-suggestions`;
  const errorId = `${id}-error`;
  const box = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState(current);
  const [error, setError] = useState('');
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<{ for: string; posts: LinkSuggestion[] }>({ for: '', posts: [] });
  // Placed before it is painted (a layout effect), so it is never hidden: a hidden field could not take the focus.
  const [place, setPlace] = useState<CSSProperties>({});
  const { pages } = useStore($contentPages);

  useLayoutEffect(() => {
    if (frame && box.current) setPlace(placeUnderSelection(editor, frame, box.current));
  }, [editor, frame]);

  // Once placed, in sight: on a phone the selection may sit just under the top bar, or low where the keyboard rises.
  useLayoutEffect(() => {
    if (!box.current || place.top === undefined) return;
    const words = editor.view.coordsAtPos(editor.state.selection.from);
    bringIntoView(box.current, Math.max(0, box.current.getBoundingClientRect().top - words.top));
  }, [place, editor]);

  // The pages are read once per visit to the back-office; without them, posts are still offered.
  useEffect(() => {
    if ($contentPages.get().pages.length === 0) loadContentPages().catch(() => undefined);
  }, []);

  // The posts are searched after a pause in typing; an answer to older words is dropped.
  useEffect(() => {
    const words = typed.trim();
    if (!searchesPosts(words)) return;
    let current = true;
    const timer = setTimeout(() => {
      findPosts(words)
        .then((posts) => current && setFound({ for: words, posts: postSuggestions(posts) }))
        .catch(() => current && setFound({ for: words, posts: [] }));
    }, SEARCH_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed]);

  // A click outside closes it, as a menu does; the focus stays where the click put it.
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !box.current?.contains(event.target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [onClose]);

  const posts = searchesPosts(typed) && found.for === typed.trim() ? found.posts : [];
  // The address already linked is not offered back; a page or post it names is.
  const suggestions = typed === current && current ? [] : matchingSuggestions(typed, pages.map(pageSuggestion), posts);
  const chosen = suggestions[active];

  const apply = (value: string) => {
    const href = linkTarget(value);
    if (href) onApply(href);
    else setError(LINK_HELP);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && suggestions.length > 0) {
      event.preventDefault();
      // Round the suggestions and back to the words typed (-1), as a search box's list does.
      const places = suggestions.length + 1;
      setActive(((active + 1 + step + places) % places) - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      apply(chosen ? chosen.href : typed);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    }
  };

  return (
    // Not a <form>: it sits inside the post's form, and forms do not nest.
    <div ref={box} className="bo-link-popover" role="dialog" aria-label={current ? 'Edit link' : 'Add link'} style={place}>
      {words && <p className="bo-link-popover-context">Linking “{words}”</p>}
      <label className="ui-label" htmlFor={inputId}>
        Link address
      </label>
      <input
        id={inputId}
        className="ui-input"
        value={typed}
        // biome-ignore lint/a11y/noAutofocus: the popover opens because a link was asked for; its address is what comes next
        autoFocus
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-activedescendant={chosen ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : `${id}-hint`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search pages and posts, or paste an address"
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(-1);
          setError('');
        }}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p id={errorId} className="ui-field-error">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="visually-hidden">
          Up and down choose a page or post; Enter links it.
        </p>
      )}
      <ul id={listId} role="listbox" aria-label="Pages and posts" className="bo-link-suggestions" hidden={suggestions.length === 0}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.href}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // The field keeps the focus: the choice is made on the press.
            onMouseDown={(event) => {
              event.preventDefault();
              apply(suggestion.href);
            }}
          >
            <Icon svg={suggestion.kind === 'Page' ? FileText : Newspaper} size={16} />
            <span className="bo-link-suggestion-text">
              <span className="bo-link-suggestion-title">{suggestion.title}</span>
              <span className="bo-link-suggestion-href">
                <span className="visually-hidden">{suggestion.kind}, </span>
                {suggestion.href}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <div className="bo-link-popover-actions">
        <button type="button" className="bo-button bo-button-primary" onClick={() => apply(chosen ? chosen.href : typed)}>
          {current ? 'Update link' : 'Add link'}
        </button>
        {current && (
          <button type="button" className="bo-button bo-button-danger-quiet" onClick={onRemove}>
            Remove link
          </button>
        )}
        <button type="button" className="bo-button bo-button-quiet" onClick={() => onClose(true)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
