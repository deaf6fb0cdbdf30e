import { describe, expect, it } from 'vitest';
import { dueState, lateBy } from '#src/admin/screens/privacy/privacy-words.ts';

describe('an answered privacy request against its due day', () => {
  it('says how many days late it was completed, against the extended due day', () => {
    const request = { status: 'completed' as const, dueOn: '2026-11-22', completedAt: '2026-12-01T10:00:00Z' };
    expect(lateBy(request)).toBe('9 days late');
    expect(dueState(request)).toEqual({ tone: 'done', label: 'Completed on 1 Dec 2026', late: '9 days late' });
  });

  it('says one day in the singular, and reads the moment on Dublin’s clock', () => {
    // 00:30 in Dublin in summer is still the evening before in UTC.
    expect(lateBy({ dueOn: '2026-06-30', completedAt: '2026-06-30T23:30:00Z' })).toBe('1 day late');
  });

  it('says nothing when it was answered on or before the due day, or not yet', () => {
    expect(lateBy({ dueOn: '2026-12-01', completedAt: '2026-12-01T16:00:00Z' })).toBe('');
    expect(lateBy({ dueOn: '2026-12-01', completedAt: null })).toBe('');
    expect(dueState({ status: 'refused', dueOn: '2026-12-10', completedAt: '2026-12-01T16:00:00Z' })).toEqual({ tone: 'done', label: 'Refused on 1 Dec 2026' });
  });
});
