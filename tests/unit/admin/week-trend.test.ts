import { describe, expect, it } from 'vitest';
import { weekTrend } from '#src/admin/screens/dashboard/trend.ts';

describe("a dashboard card's trend against the same days of the week before", () => {
  it('says how many more, with an up arrow', () => {
    expect(weekTrend(12, 9)).toEqual({ direction: 'up', arrow: '▲', words: '3 more than this time last week' });
  });

  it('says how many fewer, with a down arrow', () => {
    expect(weekTrend(2, 7)).toEqual({ direction: 'down', arrow: '▼', words: '5 fewer than this time last week' });
  });

  it('says the same, without an arrow, when nothing changed (none either week included)', () => {
    expect(weekTrend(4, 4)).toEqual({ direction: 'same', arrow: null, words: 'The same as this time last week' });
    expect(weekTrend(0, 0)).toEqual({ direction: 'same', arrow: null, words: 'The same as this time last week' });
  });

  it('counts from nothing the week before', () => {
    expect(weekTrend(1, 0).words).toBe('1 more than this time last week');
  });
});
