import { useCallback, useEffect, useRef, useState } from 'react';
import type { Column } from './descriptor.ts';

/**
 * A table wider than its box (a list of many columns at 1,024 to 1,280 px) scrolls sideways
 * inside the box, never the page, with the row's name (and its box) fixed on the left, as
 * Directus and HubSpot do: the columns keep their widths rather than squeeze the names to a
 * letter or two. kit.css (tables.css) draws it; this measures when it is needed.
 */

/** The width the row's name column keeps at least (the screenshot check's squeezed limit is 140 px). */
const NAME_MIN = '11rem';
/** A column without a width of its own keeps at least this much. */
const OTHER_MIN = '8rem';
/** The box and actions columns (tables.css .bo-cell-check, .bo-cell-actions). */
const CHECK_WIDTH = '2.75rem';
const ACTIONS_WIDTH = '5rem';

/** The least width of a table of `shown` columns (CSS, for --bo-table-min): their widths, and a floor for those that share what is left. */
export function tableMinWidth<Item>(shown: readonly Column<Item>[], primary: string, checks: boolean, actions: boolean): string {
  const parts = [
    ...(checks ? [CHECK_WIDTH] : []),
    ...shown.map((column) => column.width ?? (column.key === primary ? NAME_MIN : OTHER_MIN)),
    ...(actions ? [ACTIONS_WIDTH] : []),
  ];
  return `calc(${parts.join(' + ')})`;
}

/**
 * Whether the table is wider than its box now (`scrolls`: the box then scrolls sideways) and
 * whether it has been scrolled (`scrolled`: the fixed name column casts a shadow over what
 * passes under it), and whether its right edge is in view (`atEnd`: else a cue says more is
 * there). `box`: the ref of the box around the table.
 */
export function useSideScroll() {
  const [scrolls, setScrolls] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const [atEnd, setAtEnd] = useState(true);
  const element = useRef<HTMLDivElement | null>(null);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const box = element.current;
    const table = box?.firstElementChild as HTMLElement | null | undefined;
    if (!box || !table) return;
    setScrolls(table.offsetWidth > box.clientWidth + 1);
    setScrolled(box.scrollLeft > 0);
    setAtEnd(box.scrollLeft + box.clientWidth >= table.offsetWidth - 1);
  }, []);

  const box = useCallback(
    (node: HTMLDivElement | null) => {
      observer.current?.disconnect();
      element.current?.removeEventListener('scroll', measure);
      element.current = node;
      if (!node || typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(measure);
      observer.current.observe(node);
      if (node.firstElementChild) observer.current.observe(node.firstElementChild);
      node.addEventListener('scroll', measure, { passive: true });
      measure();
    },
    [measure],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return { box, scrolls, scrolled, atEnd };
}
