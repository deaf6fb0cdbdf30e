import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDublinDateTime } from '../../../src/lib/dublin-time.ts';

describe('Dublin dates', () => {
  it('shows a moment on Dublin’s clock in Irish English, summer time included', () => {
    expect(formatDublinDateTime('2026-07-01T23:30:00Z')).toBe('2 Jul 2026, 00:30');
    expect(formatDublinDateTime('2026-11-23T18:05:00Z')).toBe('23 Nov 2026, 18:05');
  });

  it('shows a calendar date without shifting it a day', () => {
    expect(formatCalendarDate('2026-12-03')).toBe('3 Dec 2026');
  });
});
