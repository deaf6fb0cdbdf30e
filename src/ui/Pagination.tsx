import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { countLabel, resolvePageInput, shouldShowPagination, toDisplayPage } from './pagination.ts';
import './ui.css';

export interface PaginationProps {
  /** The current page, zero-based as the API sends it. */
  page: number;
  /** Rows per page, as the API sends it; part of the API's paging triple, not needed to draw the control. */
  page_size: number;
  total_pages: number;
  /** True when total_pages comes from an estimated total: shown as "of about N". */
  total_is_estimate?: boolean | undefined;
  /** Called with the zero-based page to show. */
  onPageChange: (page: number) => void;
  className?: string;
}

/**
 * The pagination control (specification: zero-based page in, one-based page shown, first /
 * previous / next / last buttons, "Page [n] of N", shown only when there is more than one
 * page). The rules live in pagination.ts; this file is the markup and the keyboard.
 */
export function Pagination({ page, total_pages, total_is_estimate = false, onPageChange, className }: PaginationProps) {
  // What the user is typing, or null when the box simply shows the current page. Keeping the
  // draft apart from `page` means a new page from the parent always shows, with no syncing.
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const last = total_pages - 1;
  const atStart = page <= 0;
  const atEnd = page >= last;

  // Pressing Last (or First) disables the very button that has focus, and the browser drops
  // focus to <body>. Put it in the page box instead, so keyboard users keep their place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each page change, when a First/Last press may have disabled the focused button
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const focused = document.activeElement;
    const lost =
      focused === null ||
      focused === document.body ||
      (focused instanceof HTMLButtonElement && focused.disabled && buttonsRef.current?.contains(focused) === true);
    if (lost) inputRef.current?.focus();
  }, [page]);

  if (!shouldShowPagination(total_pages)) return null;

  function go(target: number) {
    setDraft(null);
    if (target === page) return;
    if (target <= 0 || target >= last) refocus.current = true;
    onPageChange(target);
  }

  function commit() {
    if (draft === null) return;
    go(resolvePageInput(draft, page, total_pages));
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Apply the page, and do not submit a form the table may sit in.
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && draft !== null) {
      setDraft(null);
    }
  }

  return (
    <nav aria-label="Pagination" className={className ? `ui-pagination ${className}` : 'ui-pagination'}>
      <div ref={buttonsRef} className="ui-pagination-buttons">
        <button type="button" className="ui-button ui-pagination-button" aria-label="First page" disabled={atStart} onClick={() => go(0)}>
          <span aria-hidden="true">«</span>
        </button>
        <button
          type="button"
          className="ui-button ui-pagination-button"
          aria-label="Previous page"
          disabled={atStart}
          onClick={() => go(Math.max(0, page - 1))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span className="ui-pagination-position">
          <label htmlFor={inputId}>Page</label>
          <input
            ref={inputRef}
            id={inputId}
            type="number"
            inputMode="numeric"
            className="ui-input ui-pagination-input"
            min={1}
            max={total_pages}
            step={1}
            value={draft ?? String(toDisplayPage(page))}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onInputKeyDown}
            onBlur={commit}
          />
          <span>{`of ${countLabel(total_pages, total_is_estimate)}`}</span>
        </span>
        <button type="button" className="ui-button ui-pagination-button" aria-label="Next page" disabled={atEnd} onClick={() => go(Math.min(last, page + 1))}>
          <span aria-hidden="true">›</span>
        </button>
        <button type="button" className="ui-button ui-pagination-button" aria-label="Last page" disabled={atEnd} onClick={() => go(last)}>
          <span aria-hidden="true">»</span>
        </button>
      </div>
    </nav>
  );
}
