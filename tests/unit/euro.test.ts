import { describe, expect, it } from 'vitest';
import { formatEuro } from '#src/lib/euro.ts';

/** The one euro formatter, for amounts and the sums of them alike. */
describe('formatEuro', () => {
  it('writes an amount as Irish English does, with its cents', () => {
    expect(formatEuro('1250.5')).toBe('€1,250.50');
    expect(formatEuro(18400)).toBe('€18,400.00');
    expect(formatEuro(0)).toBe('€0.00');
  });
});
