/** What this week is compared with: the week before, from its Monday up to today's weekday. */
const THE_WEEK_BEFORE = 'this time last week';

export type Trend = { direction: 'up' | 'down' | 'same'; arrow: '▲' | '▼' | null; words: string };

/**
 * This week's count against the same days of the week before, in words that carry the direction
 * themselves ("3 more than this time last week"), so the arrow and its colour only repeat them.
 */
export function weekTrend(thisWeek: number, weekBefore: number): Trend {
  const difference = thisWeek - weekBefore;
  if (difference > 0) return { direction: 'up', arrow: '▲', words: `${difference} more than ${THE_WEEK_BEFORE}` };
  if (difference < 0) return { direction: 'down', arrow: '▼', words: `${-difference} fewer than ${THE_WEEK_BEFORE}` };
  return { direction: 'same', arrow: null, words: `The same as ${THE_WEEK_BEFORE}` };
}
