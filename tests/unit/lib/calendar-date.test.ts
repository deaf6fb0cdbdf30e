import { describe, expect, it } from 'vitest';
import { addCalendarMonths, daysBetween } from '#src/lib/calendar-date.ts';
import { dueState } from '#src/admin/screens/privacy/privacy-words.ts';

describe('addCalendarMonths', () => {
  it('keeps the day, or the month’s last day when the month is shorter', () => {
    expect(addCalendarMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addCalendarMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addCalendarMonths('2100-01-31', 1)).toBe('2100-02-28');
    expect(addCalendarMonths('2000-01-31', 1)).toBe('2000-02-29');
    expect(addCalendarMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-12-31', 1)).toBe('2027-01-31');
    expect(addCalendarMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('counts whole days between two dates', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
    // Across the clocks going forward: still one day.
    expect(daysBetween('2026-03-28', '2026-03-29')).toBe(1);
  });
});

describe('a privacy request’s deadline in words', () => {
  const open = (dueOn: string) => dueState({ status: 'open', dueOn, completedAt: null }, '2026-11-28');
  it('is overdue past its date, due in N days within a week, else its date', () => {
    expect(open('2026-11-27')).toEqual({ tone: 'danger', label: 'Overdue' });
    expect(open('2026-11-28')).toEqual({ tone: 'warning', label: 'Due today' });
    expect(open('2026-11-29')).toEqual({ tone: 'warning', label: 'Due tomorrow' });
    expect(open('2026-12-05')).toEqual({ tone: 'warning', label: 'Due in 7 days' });
    expect(open('2026-12-06')).toEqual({ tone: 'plain', label: '6 Dec 2026' });
  });
  it('says when an answered one was completed or refused', () => {
    expect(dueState({ status: 'completed', dueOn: '2026-11-01', completedAt: '2026-10-20T23:30:00Z' })).toEqual({
      tone: 'done',
      label: 'Completed on 21 Oct 2026',
    });
    expect(dueState({ status: 'refused', dueOn: '2026-11-01', completedAt: '2026-10-20T10:00:00Z' }).label).toBe('Refused on 20 Oct 2026');
  });
});
