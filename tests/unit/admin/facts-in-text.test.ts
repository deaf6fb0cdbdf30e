import { describe, expect, it } from 'vitest';
import { keepFacts, showFacts, valueSaved, valueShown } from '#src/admin/screens/content/facts-in-text.ts';

const facts = { brand: 'Shannon Commercial Insurance', salesPhone: '061 555 0140' };

describe('site facts in the page editor', () => {
  it('shows a fact as its value and puts it back when saved', () => {
    const saved = '{brand} answers on {salesPhone}.';
    const shown = showFacts(saved, facts);
    expect(shown).toBe('Shannon Commercial Insurance answers on 061 555 0140.');
    expect(keepFacts(shown.replace('answers', 'picks up'), saved, facts)).toBe('{brand} picks up on {salesPhone}.');
  });

  it('does not turn words into a fact the value never named', () => {
    expect(keepFacts('Ring 061 555 0140', 'Ring us', facts)).toBe('Ring 061 555 0140');
  });

  it('keeps an unknown placeholder as written', () => {
    expect(showFacts('{nothing} here', facts)).toBe('{nothing} here');
  });

  it('does so inside a link and a list, text by text', () => {
    const saved = [{ title: 'Call {brand}', text: 'Any time' }];
    const shown = valueShown(saved, facts) as { title: string }[];
    expect(shown[0]!.title).toBe('Call Shannon Commercial Insurance');
    expect(valueSaved(shown, saved, facts)).toEqual(saved);
  });
});
