import { describe, expect, it } from 'vitest';
import { formatEuro } from '#src/lib/euro.ts';

/** The one euro formatter: cents for an amount, whole euro for a sum read at a glance. */
describe('formatEuro', () => {
  it('writes an amount as Irish English does, with its cents', () => {
    expect(formatEuro('1250.5')).toBe('€1,250.50');
    expect(formatEuro(18400)).toBe('€18,400.00');
  });

  it('rounds to the euro when asked for no cents', () => {
    expect(formatEuro('18400.49', { cents: false })).toBe('€18,400');
    expect(formatEuro(0.5, { cents: false })).toBe('€1');
    expect(formatEuro('0', { cents: false })).toBe('€0');
  });
});
