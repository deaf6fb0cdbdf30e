// No Tiptap here: the screens read what they offer from this file, and only the visual editor,
// loaded on demand, brings Tiptap (block-menu.ts).

/**
 * A block the "/" menu adds. Only blocks the blog shows (src/lib/markdown.ts keeps
 * h2, h3, lists, quotes, pictures, rules and tables), so what is added here survives the
 * Markdown the server stores. A video or a button is not offered: the blog's sanitiser drops
 * iframes and classes, so neither would reach a reader.
 */
export type Block = { id: BlockId; label: string /** Other words a person may type for it. */; words: string[] };
export type BlockId = 'heading' | 'subheading' | 'bullets' | 'numbers' | 'quote' | 'picture' | 'table' | 'divider';

export const BLOCKS: readonly Block[] = [
  { id: 'heading', label: 'Heading', words: ['h2', 'title'] },
  { id: 'subheading', label: 'Subheading', words: ['h3', 'heading'] },
  { id: 'bullets', label: 'Bulleted list', words: ['list', 'unordered', 'ul'] },
  { id: 'numbers', label: 'Numbered list', words: ['list', 'ordered', 'ol'] },
  { id: 'quote', label: 'Quote', words: ['blockquote', 'quotation'] },
  { id: 'picture', label: 'Image from the library', words: ['picture', 'photo', 'media'] },
  { id: 'table', label: 'Table', words: ['grid', 'columns', 'rows', 'compare'] },
  { id: 'divider', label: 'Divider', words: ['rule', 'line', 'hr', 'separator'] },
];

/** Every block: what the post body offers. */
export const ALL_BLOCKS: readonly BlockId[] = BLOCKS.map((block) => block.id);

/**
 * The blocks `offered` (a screen may offer fewer: a page's text has no pictures) whose name, or
 * one of its words, starts with what was typed after the "/".
 */
export function blocksMatching(query: string, offered: readonly BlockId[] = ALL_BLOCKS): Block[] {
  const typed = query.trim().toLowerCase();
  const blocks = BLOCKS.filter((block) => offered.includes(block.id));
  if (!typed) return blocks;
  const starts = (text: string) =>
    text.toLowerCase().startsWith(typed) ||
    text
      .toLowerCase()
      .split(/\s+/)
      .some((word) => word.startsWith(typed));
  return blocks.filter((block) => starts(block.label) || block.words.some(starts));
}
