import { describe, expect, it } from 'vitest';
import { addTag, TAG_KEYS } from '#src/ui/tag-input-rules.ts';

describe('tag input rules', () => {
  it('takes an entry on comma, Tab or Enter', () => expect(TAG_KEYS).toEqual([',', 'Tab', 'Enter']));
  it('trims entries and drops a trailing comma', () => expect(addTag([], '  Fleet , ')).toEqual(['Fleet']));
  it('ignores empty entries and duplicates whatever their case', () => {
    expect(addTag(['Fleet'], '   ')).toEqual(['Fleet']);
    expect(addTag(['Fleet'], 'fleet')).toEqual(['Fleet']);
    expect(addTag(['Fleet'], 'NCD')).toEqual(['Fleet', 'NCD']);
  });
});
