import { describe, expect, it } from 'vitest';
import { ALL_BLOCKS, blocksMatching } from '#src/admin/rich-text/blocks.ts';
import { offeredButtons } from '#src/admin/rich-text/offered.ts';

/** The visual editor's toolbar as drawn: its keys, a group marked where it starts. */
const TOOLBAR = [
  { key: 'heading' },
  { key: 'subheading' },
  { key: 'bold', groupStart: true },
  { key: 'italic' },
  { key: 'link' },
  { key: 'bullets', groupStart: true },
  { key: 'numbers' },
  { key: 'quote' },
  { key: 'image', groupStart: true },
];
/** A screen without pictures or tables (a page's text). */
const NO_PICTURES_OR_TABLES = ['heading', 'subheading', 'bullets', 'numbers', 'quote', 'divider'] as const;
const drawn = (buttons: { key: string; groupStart?: boolean }[]) => buttons.map((button) => (button.groupStart ? `| ${button.key}` : button.key)).join(' ');

describe('what a screen’s visual editor offers', () => {
  it('offers every button where every block is', () => {
    expect(drawn(offeredButtons(ALL_BLOCKS, TOOLBAR))).toBe('heading subheading | bold italic link | bullets numbers quote | image');
  });

  it('leaves the picture out where pictures are not offered, and the "/" menu offers only the blocks offered', () => {
    expect(drawn(offeredButtons(NO_PICTURES_OR_TABLES, TOOLBAR))).toBe('heading subheading | bold italic link | bullets numbers quote');
    expect(blocksMatching('', NO_PICTURES_OR_TABLES).map((block) => block.id)).toEqual(['heading', 'subheading', 'bullets', 'numbers', 'quote', 'divider']);
    expect(blocksMatching('image', NO_PICTURES_OR_TABLES)).toEqual([]);
    expect(blocksMatching('table', NO_PICTURES_OR_TABLES)).toEqual([]);
  });

  it('keeps the groups: one whose first button is left out starts at its next, and the row’s first starts none', () => {
    expect(drawn(offeredButtons(['subheading', 'numbers'], TOOLBAR))).toBe('subheading | bold italic link | numbers');
    expect(drawn(offeredButtons([], TOOLBAR))).toBe('bold italic link');
    // The bar by a selection: the styles of words, then the line's.
    const bubble = ['bold', 'italic', 'link', 'heading', 'subheading', 'quote'].map((key) => ({ key, groupStart: key === 'heading' }));
    expect(drawn(offeredButtons(['subheading', 'quote'], bubble))).toBe('bold italic link | subheading quote');
  });
});
