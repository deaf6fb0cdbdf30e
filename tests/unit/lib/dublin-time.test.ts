import { describe, expect, it } from 'vitest';
import { formatDateTime } from '#src/admin/format.ts';
import {
  dublinIso,
  formatCalendarDate,
  fromDublinLocalInput,
  toDublinLocalInput,
  formatDublinDateTime,
  formatDublinDateTimeSeconds,
} from '#src/lib/dublin-time.ts';

// Summer: Irish Standard Time, UTC+1 (the clocks went forward on 29 March 2026). Winter: GMT.
const SUMMER = '2026-07-01T23:30:05Z';
const WINTER = '2026-11-23T20:31:00Z';

describe('Dublin dates', () => {
  it('shows a moment on Dublin’s clock in Irish English, summer time included', () => {
    expect(formatDublinDateTime(SUMMER)).toBe('2 Jul 2026, 00:30');
    expect(formatDublinDateTime(WINTER)).toBe('23 Nov 2026, 20:31');
    expect(formatDublinDateTime(new Date(WINTER))).toBe('23 Nov 2026, 20:31');
    expect(formatDublinDateTimeSeconds(SUMMER)).toBe('2 Jul 2026, 00:30:05');
  });

  it('gives each second its own text, moments within one second the same, one after another or not', () => {
    const moments = [
      '2026-07-01T23:30:05.999Z',
      '2026-07-01T23:30:06.000Z',
      '2026-07-01T23:30:06.500Z',
      '2026-11-23T20:31:00.250Z',
      '2026-07-01T23:30:05.001Z',
    ];
    expect(moments.map(formatDublinDateTimeSeconds)).toEqual([
      '2 Jul 2026, 00:30:05',
      '2 Jul 2026, 00:30:06',
      '2 Jul 2026, 00:30:06',
      '23 Nov 2026, 20:31:00',
      '2 Jul 2026, 00:30:05',
    ]);
    expect(() => formatDublinDateTimeSeconds('not a time')).toThrow(RangeError);
  });

  it('is what every back-office screen shows, whatever the process’s own time zone and language', () => {
    expect(formatDateTime(SUMMER)).toBe('2 Jul 2026, 00:30');
    expect(formatDateTime(WINTER)).toBe('23 Nov 2026, 20:31');
  });

  it('writes ISO 8601 with Dublin’s offset for the CSV files', () => {
    expect(dublinIso(WINTER)).toBe('2026-11-23T20:31:00+00:00');
    expect(dublinIso(SUMMER)).toBe('2026-07-02T00:30:05+01:00');
    // The hour the clocks go back (25 Oct 2026, 01:00 UTC): the same wall time twice, told apart by the offset.
    expect(dublinIso('2026-10-25T00:30:00Z')).toBe('2026-10-25T01:30:00+01:00');
    expect(dublinIso('2026-10-25T01:30:00Z')).toBe('2026-10-25T01:30:00+00:00');
    // Every one reads back as the same instant.
    for (const at of [SUMMER, WINTER, '2026-10-25T00:30:00Z']) expect(new Date(dublinIso(at)).getTime()).toBe(new Date(at).getTime());
  });

  it('shows a calendar date without shifting it a day', () => {
    expect(formatCalendarDate('2026-12-03')).toBe('3 Dec 2026');
    // Every month in three letters, September too (Irish English writes "Sept").
    expect(formatCalendarDate('2026-09-19')).toBe('19 Sep 2026');
    expect(formatDublinDateTime('2026-09-19T09:05:00Z')).toBe('19 Sep 2026, 10:05');
  });
});

describe('Dublin wall clock for datetime-local fields', () => {
  it('fills a field with Dublin’s time, summer and winter', () => {
    expect(toDublinLocalInput(SUMMER)).toBe('2026-07-02T00:30');
    expect(toDublinLocalInput(WINTER)).toBe('2026-11-23T20:31');
  });

  it('reads a typed time on Dublin’s clock, whatever the browser’s zone', () => {
    expect(fromDublinLocalInput('2026-07-02T00:30')).toBe('2026-07-01T23:30:00.000Z');
    expect(fromDublinLocalInput('2026-11-23T20:31')).toBe('2026-11-23T20:31:00.000Z');
    // The night the clocks go forward (29 March 2026, 01:00 GMT becomes 02:00 IST).
    expect(fromDublinLocalInput('2026-03-29T03:00')).toBe('2026-03-29T02:00:00.000Z');
    expect(fromDublinLocalInput('2026-03-28T23:00')).toBe('2026-03-28T23:00:00.000Z');
  });

  it('answers nothing for what is not a time', () => {
    expect(fromDublinLocalInput('')).toBe('');
    expect(fromDublinLocalInput('tomorrow')).toBe('');
  });
});
