import type { BlockId } from './blocks.ts';

/** The block a formatting button makes; the buttons not named (bold, italic, a link) style words and are always offered. */
const BUTTON_BLOCKS: Readonly<Record<string, BlockId>> = {
  heading: 'heading',
  subheading: 'subheading',
  bullets: 'bullets',
  numbers: 'numbers',
  quote: 'quote',
  image: 'picture',
};

/**
 * The formatting buttons of the blocks `blocks` offers, with the buttons that style words. The
 * groups stay as drawn: a group whose first button is left out starts at its next one, and the
 * row's first button starts no group.
 */
export function offeredButtons<T extends { key: string; groupStart?: boolean }>(blocks: readonly BlockId[], buttons: readonly T[]): T[] {
  const kept: T[] = [];
  let groupStart = false;
  for (const button of buttons) {
    groupStart ||= Boolean(button.groupStart);
    const block = BUTTON_BLOCKS[button.key];
    if (block && !blocks.includes(block)) continue;
    kept.push({ ...button, groupStart: groupStart && kept.length > 0 });
    groupStart = false;
  }
  return kept;
}
