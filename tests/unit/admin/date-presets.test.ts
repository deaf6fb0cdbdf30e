import { describe, expect, it } from 'vitest';
import { CUSTOM_DATES, presetOfRange, rangeOfPreset } from '#src/admin/list/date-presets.ts';

describe('date-range quick choices', () => {
  const today = '2026-03-31';

  it('turns a choice into an open-ended range that includes today', () => {
    expect(rangeOfPreset('today', today)).toEqual({ from: '2026-03-31', to: '' });
    expect(rangeOfPreset('7', today)).toEqual({ from: '2026-03-25', to: '' });
    // Across the end of February and the clocks going forward on 29 March: calendar days, not hours.
    expect(rangeOfPreset('30', today)).toEqual({ from: '2026-03-02', to: '' });
    expect(rangeOfPreset('', today)).toEqual({ from: '', to: '' });
  });

  it('names the choice a range came from, and anything else custom', () => {
    expect(presetOfRange('', '', today)).toBe('');
    expect(presetOfRange('2026-03-25', '', today)).toBe('7');
    expect(presetOfRange('2026-01-01', '2026-01-31', today)).toBe(CUSTOM_DATES);
    expect(presetOfRange('2026-03-25', '2026-03-31', today)).toBe(CUSTOM_DATES);
    expect(presetOfRange('', '2026-03-01', today)).toBe(CUSTOM_DATES);
  });
});
