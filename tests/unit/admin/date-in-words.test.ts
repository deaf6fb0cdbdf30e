import { describe, expect, it } from 'vitest';
import { dateInWords } from '#src/admin/kit/DateInWords.tsx';

describe('a date field’s value in words', () => {
  it('names the day of a date field in full, as written in Ireland', () => {
    expect(dateInWords('2026-12-02')).toBe('Wednesday 2 December 2026');
  });

  it('adds the time of a date-and-time field on the 24-hour clock', () => {
    expect(dateInWords('2026-12-02T09:00')).toBe('Wednesday 2 December 2026, 09:00');
  });

  it('says nothing for an empty or unfinished field', () => {
    expect(dateInWords('')).toBe('');
    expect(dateInWords('2026-12')).toBe('');
  });
});
