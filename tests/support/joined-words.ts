import { JSDOM } from 'jsdom';

/** Inline elements whose text reads as part of the sentence around them. */
const INLINE = 'a, strong, em, b, i, code, abbr, span, time';
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The text of a node as it reads, whitespace collapsed as a browser does. */
const textOf = (node: Node | null): string => (node?.textContent ?? '').replace(/\s+/g, ' ');
/** Running text beside an element (a text node); elements beside each other are layout, not a sentence. */
const flowText = (node: Node | null): string => (node?.nodeType === 3 ? textOf(node) : '');

/**
 * Every place in a page where a letter or digit touches an inline element's text with no
 * space between them ("in our<a>terms</a>", "<a>061 555 0140</a>and"), as a short excerpt.
 */
export function joinedWords(html: string): string[] {
  const { document } = new JSDOM(html).window;
  const found: string[] = [];
  for (const element of document.body.querySelectorAll(INLINE)) {
    const text = textOf(element);
    if (!text.trim()) continue;
    const before = flowText(element.previousSibling);
    const after = flowText(element.nextSibling);
    const excerpt = `${before.slice(-20)}[${text.trim()}]${after.slice(0, 20)}`;
    if (WORD_CHAR.test(before.at(-1) ?? '') && WORD_CHAR.test(text[0] ?? '')) found.push(excerpt);
    else if (WORD_CHAR.test(after[0] ?? '') && WORD_CHAR.test(text.at(-1) ?? '')) found.push(excerpt);
  }
  return found;
}
