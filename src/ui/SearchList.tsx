import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { messages } from '../schemas/messages.ts';
import { joinIds, visibleError } from './form-state.ts';
import { filterOptions, nextActiveIndex, resolveOnBlur, resultCountText, SEARCH_LIST_DEBOUNCE_MS, SEARCH_LIST_MAX_OPTIONS } from './search-list-rules.ts';
import './ui.css';

export interface SearchListProps {
  /** Goes on the text box; the list is `{id}-listbox`, its options `{id}-option-{n}`. */
  id: string;
  label: string;
  /** The held value: an option picked (or, with `allowNew`, free text), '' for none. */
  value: string;
  /** Called when the held value changes: an option picked, or the box left (see `resolveOnBlur`). */
  onChange: (value: string) => void;
  /** A static list, filtered here as one types. */
  options?: readonly string[];
  /**
   * An asynchronous search instead of `options`: called with the typed text once typing pauses
   * (`debounceMs`); the signal aborts when the text changes again. Its answer is shown as it is.
   */
  loadOptions?: (text: string, signal: AbortSignal) => Promise<readonly string[]>;
  /** Free text not in the list may be kept. Default false: leaving the box without a pick clears it. */
  allowNew?: boolean;
  placeholder?: string;
  required?: boolean;
  /**
   * Shown when leaving the box threw typed text away. Default 'Required'; an address field passes
   * `messages.pickAddress` ('Please select an address from the list. …').
   */
  notPickedMessage?: string;
  /** A message from the form; shown (once touched) unless typed text was just thrown away. */
  error?: string;
  /** Show the error as if touched (e.g. after a submit attempt). */
  touched?: boolean;
  hint?: string;
  disabled?: boolean;
  name?: string;
  className?: string;
  /** Most options shown at once; default 50. */
  limit?: number;
  /** Pause before an asynchronous search, in milliseconds; default 200. */
  debounceMs?: number;
  /** Called after the box lost focus and its value was settled. */
  onBlur?: () => void;
}

/**
 * A text box that suggests options as one types, after the WAI-ARIA 1.2 combobox pattern with
 * a list popup (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). Focus stays in the box;
 * the highlighted option is `aria-activedescendant`.
 * - Typing filters the list (case- and accent-insensitive, at most `limit` shown) or, with
 *   `loadOptions`, searches after a pause, showing "Searching…" meanwhile.
 * - ArrowDown/ArrowUp open the list and move through it (wrapping; Alt+ArrowDown only opens);
 *   Home/End jump to the first/last option while one is highlighted (else they move the caret);
 *   Enter picks the highlighted option; Escape closes the list, or empties the box when closed.
 * - A click on an option picks it.
 * - Leaving the box (or Enter with nothing highlighted) settles the value:
 *   the only remaining match, or an exact match; the free text if `allowNew`; otherwise cleared,
 *   with `notPickedMessage` as the error.
 * The number of results is announced through a polite status region.
 */
export function SearchList({
  id,
  label,
  value,
  onChange,
  options,
  loadOptions,
  allowNew = false,
  placeholder,
  required,
  notPickedMessage = messages.required,
  error,
  touched: touchedProp = false,
  hint,
  disabled,
  name,
  className,
  limit = SEARCH_LIST_MAX_OPTIONS,
  debounceMs = SEARCH_LIST_DEBOUNCE_MS,
  onBlur,
}: SearchListProps) {
  const [text, setText] = useState(value);
  const [seenValue, setSeenValue] = useState(value);
  /** Typed since the value was last settled. */
  const [dirty, setDirty] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<string[]>([]);
  /** The text the asynchronous results answer; null before any search. */
  const [resultsFor, setResultsFor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [touched, setTouched] = useState(false);
  /** The last settling threw typed text away. */
  const [cleared, setCleared] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const loadRef = useRef(loadOptions);

  // A value set from outside (a loaded record, a form reset) replaces the text.
  if (value !== seenValue) {
    setSeenValue(value);
    setText(value);
    setDirty(false);
    setCleared(false);
  }

  useEffect(() => {
    loadRef.current = loadOptions;
  });

  const searching = loadOptions !== undefined;

  // The asynchronous search: debounced, the older request aborted when the text changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a finished search (searching turning false) re-runs the check for text typed meanwhile
  useEffect(() => {
    const load = loadRef.current;
    if (!load || !dirty || text.trim() === '') {
      setLoading(false);
      if (load && dirty) {
        setResults([]);
        setResultsFor(text);
      }
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      load(text, controller.signal).then(
        (list) => {
          if (controller.signal.aborted) return;
          setResults([...list]);
          setResultsFor(text);
          setLoading(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setResults([]);
          setResultsFor(text);
          setLoading(false);
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, dirty, debounceMs, searching]);

  // Search results for exactly this text are shown as they are; older ones (while the next
  // search runs) and a static list are filtered here by the text.
  const fresh = searching && resultsFor === text;
  const pool = searching ? results : (options ?? []);
  const filterText = dirty ? text : '';
  const matchCount = fresh ? results.length : filterOptions(pool, filterText, Number.POSITIVE_INFINITY).length;
  const shown = fresh ? results.slice(0, limit) : filterOptions(pool, filterText, limit);
  const expanded = open && shown.length > 0 && !disabled;
  const activeIndex = expanded && active < shown.length ? active : -1;

  const listId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // Keep the highlighted option in view as the arrows move through a long list.
  useEffect(() => {
    if (activeIndex < 0) return;
    const option = listRef.current?.children[activeIndex];
    if (option instanceof HTMLElement) option.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const settle = (next: string, threwTextAway: boolean) => {
    setText(next);
    setSeenValue(next);
    setDirty(false);
    setOpen(false);
    setActive(-1);
    setCleared(threwTextAway);
    if (next !== value) onChange(next);
  };

  const pick = (option: string) => settle(option, false);

  const settleTyped = () => {
    if (!dirty) {
      setOpen(false);
      setActive(-1);
      return;
    }
    const next = resolveOnBlur({ text, options: pool, allowNew, filtered: fresh, value });
    settle(next, text.trim() !== '' && next === '');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (key === 'ArrowDown' && event.altKey) return;
      setActive(nextActiveIndex(key, open ? activeIndex : -1, shown.length) ?? -1);
    } else if ((key === 'Home' || key === 'End') && activeIndex >= 0) {
      event.preventDefault();
      setActive(nextActiveIndex(key, activeIndex, shown.length) ?? -1);
    } else if (key === 'Enter') {
      const option = activeIndex >= 0 ? shown[activeIndex] : undefined;
      if (option !== undefined) {
        // Picking is all Enter does here; it does not also submit the form.
        event.preventDefault();
        pick(option);
      } else {
        // Settle the typed text first, so a form submitted by this Enter gets the settled value.
        settleTyped();
      }
    } else if (key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        setText('');
        setDirty(true);
        setCleared(false);
      }
    }
  };

  const shownError = visibleError(
    cleared ? notPickedMessage : error || (required && value === '' && text.trim() === '' ? messages.required : ''),
    touched || touchedProp,
  );

  let status: string | null = null;
  if (loading) status = 'Searching…';
  else if (open && dirty && text.trim() !== '') status = resultCountText(matchCount, shown.length);

  return (
    <div className={className ? `ui-field ui-search ${className}` : 'ui-field ui-search'}>
      <label id={labelId} className="ui-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="ui-hint">
          {hint}
        </p>
      )}
      <div className="ui-search-box">
        <input
          id={id}
          type="text"
          role="combobox"
          className="ui-input ui-search-input"
          name={name}
          value={text}
          placeholder={placeholder}
          required={required}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={joinIds(hint && hintId, shownError && errorId)}
          onChange={(event) => {
            setText(event.target.value);
            setDirty(true);
            setOpen(true);
            setActive(-1);
            setCleared(false);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            settleTyped();
            setTouched(true);
            onBlur?.();
          }}
        />
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={labelId}
          className="ui-search-listbox"
          hidden={!expanded}
          // Keep focus in the box while the list is clicked (an option, or the scroll bar).
          onMouseDown={(event) => event.preventDefault()}
        >
          {shown.map((option, index) => (
            <li
              key={`${index}-${option}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={option === value ? 'ui-search-option ui-search-option-current' : 'ui-search-option'}
              onClick={() => pick(option)}
            >
              {option}
            </li>
          ))}
        </ul>
      </div>
      <p role="status" className="ui-search-status">
        {status === null ? null : loading ? (
          <>
            <span className="ui-spinner-visual ui-spinner-default ui-search-spinner" aria-hidden="true" />
            {status}
          </>
        ) : matchCount === 0 ? (
          status
        ) : (
          <span className="visually-hidden">{status}</span>
        )}
      </p>
      {shownError ? (
        <p id={errorId} className="ui-field-error">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
