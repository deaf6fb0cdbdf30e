import { describe, expect, it } from 'vitest';
import { cursorFor } from '#src/admin/stores/list-detail.ts';
import { clampPage, countLabel, resolvePageInput, shouldShowPagination, toDisplayPage, toZeroBased } from '#src/ui/pagination.ts';

describe('clampPage: a one-based page kept between 1 and the total', () => {
  it.each([
    [1, 5, 1],
    [3, 5, 3],
    [5, 5, 5],
  ])('keeps %d of %d as %d', (input, total, expected) => expect(clampPage(input, total)).toBe(expected));

  it.each([
    [0, 5, 1],
    [-1, 5, 1],
    [-100, 5, 1],
    [6, 5, 5],
    [999, 5, 5],
    [2, 1, 1],
  ])('clamps %d of %d to %d', (input, total, expected) => expect(clampPage(input, total)).toBe(expected));

  it('clamps the infinities to the ends', () => {
    expect(clampPage(Number.POSITIVE_INFINITY, 7)).toBe(7);
    expect(clampPage(Number.NEGATIVE_INFINITY, 7)).toBe(1);
  });

  it('treats NaN as the first page', () => {
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });

  it('drops fractions', () => {
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(5.5, 5)).toBe(5);
  });

  it('answers 1 when there are no pages at all', () => {
    expect(clampPage(3, 0)).toBe(1);
    expect(clampPage(-3, 0)).toBe(1);
  });
});

describe('shouldShowPagination: only when there is more than one page', () => {
  it.each([
    [0, false],
    [1, false],
    [2, true],
    [40, true],
  ])('%d pages → %s', (total, expected) => expect(shouldShowPagination(total)).toBe(expected));
});

describe('zero-based API pages and one-based display pages', () => {
  it('shows page 0 as 1 and page 4 as 5', () => {
    expect(toDisplayPage(0)).toBe(1);
    expect(toDisplayPage(4)).toBe(5);
  });
  it('sends display page 1 as 0 and 5 as 4', () => {
    expect(toZeroBased(1)).toBe(0);
    expect(toZeroBased(5)).toBe(4);
  });
  it('round-trips', () => {
    for (const page of [0, 1, 2, 17]) expect(toZeroBased(toDisplayPage(page))).toBe(page);
  });
});

describe('resolvePageInput: what the page box means on Enter or blur (zero-based result)', () => {
  it.each([
    ['3', 0, 5, 2],
    [' 4 ', 0, 5, 3],
    ['1', 3, 5, 0],
    ['5', 0, 5, 4],
  ])('reads %j on page %d of %d as page %d', (raw, current, total, expected) => expect(resolvePageInput(raw, current, total)).toBe(expected));

  it.each([
    ['0', 2, 5, 0],
    ['-4', 2, 5, 0],
    ['6', 2, 5, 4],
    ['1000', 0, 12, 11],
  ])('clamps %j on page %d of %d to page %d', (raw, current, total, expected) => expect(resolvePageInput(raw, current, total)).toBe(expected));

  it.each(['', '   ', 'abc', '2x', 'NaN', 'Infinity'])('resets %j to the current page', (raw) => {
    expect(resolvePageInput(raw, 2, 5)).toBe(2);
  });
});

describe('countLabel: a list total as shown', () => {
  it('shows an exact count as it is', () => {
    expect(countLabel(0)).toBe('0');
    expect(countLabel(12)).toBe('12');
    expect(countLabel(12_345, false)).toBe('12345');
  });

  it('shows an estimate as "about" with two significant figures', () => {
    expect(countLabel(999_874, true)).toBe('about 1,000,000');
    expect(countLabel(797_233, true)).toBe('about 800,000');
    expect(countLabel(157_852, true)).toBe('about 160,000');
    expect(countLabel(10_001, true)).toBe('about 10,000');
    expect(countLabel(6, true)).toBe('about 6');
  });
});

describe('cursorFor: which cursor a move sends', () => {
  const on = { page: 4, page_size: 10, total_pages: 100, total_items: 1000 };
  const cursors = { next_cursor: 'next', prev_cursor: 'prev' };

  it('steps of one use the answer’s cursors, the last page asks for the end', () => {
    expect(cursorFor(5, on, cursors)).toBe('next');
    expect(cursorFor(3, on, cursors)).toBe('prev');
    expect(cursorFor(99, on, cursors)).toBe('last');
  });

  it('any other page, a reload, or a missing cursor goes by page number', () => {
    expect(cursorFor(4, on, cursors)).toBeUndefined();
    expect(cursorFor(0, on, cursors)).toBeUndefined();
    expect(cursorFor(50, on, cursors)).toBeUndefined();
    expect(cursorFor(5, on, { next_cursor: null, prev_cursor: null })).toBeUndefined();
    expect(cursorFor(99, { ...on, page: 98 }, cursors)).toBe('next');
  });

  it('a list without cursors (sorted by renewal date) goes to its last page by number too', () => {
    expect(cursorFor(99, on, { next_cursor: null, prev_cursor: null })).toBeUndefined();
  });
});
