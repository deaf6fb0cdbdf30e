import { describe, expect, it } from 'vitest';
import { formatEuro } from '#src/lib/euro.ts';

/** The one euro formatter, for amounts and the sums of them alike. */
describe('formatEuro', () => {
  it('writes a whole amount as Irish English does, without cents', () => {
    expect(formatEuro(18400)).toBe('€18,400');
    expect(formatEuro('1450')).toBe('€1,450');
    expect(formatEuro('18400.00')).toBe('€18,400');
    expect(formatEuro(0)).toBe('€0');
  });

  it('keeps the cents when there are some, always two of them', () => {
    expect(formatEuro('1250.5')).toBe('€1,250.50');
    expect(formatEuro('0.05')).toBe('€0.05');
    // A sum of floats that lands a hair off a whole amount is that amount.
    expect(formatEuro(0.1 + 0.2 + 0.7)).toBe('€1');
    expect(formatEuro('1250.999')).toBe('€1,251');
  });
});
