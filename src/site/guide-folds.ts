/**
 * A guide's text (Markdown, as staff write it) made quick to scan without losing a word: under
 * each "##" heading whose part holds a list, what leads up to the list and the list itself stay
 * in view (the short lead and its checklist), and whatever follows the list in that part is
 * folded into a closed disclosure, "Read more", one click away. A part with no list is left as
 * it was, and so is the text before the first heading. Each part comes wrapped in a
 * <div class="guide-part">, so a page can lay the parts side by side (the renewal page does
 * from 1024 px). It works on the plain tags the Markdown
 * renderer writes; a block a draft preview wraps the text in (a <div> around it all) is kept
 * around the result.
 */

import { plainText } from './product-detail.ts';

const WRAPPER = /^(\s*<div\b[^>]*>)([\s\S]*)(<\/div>\s*)$/;
const LIST_END = /<\/(ul|ol)>/;

function foldPart(part: string): string {
  const heading = /^<h2\b[^>]*>([\s\S]*?)<\/h2>/.exec(part);
  const listEnd = LIST_END.exec(part);
  if (!heading || !listEnd) return part;
  const cut = listEnd.index + listEnd[0].length;
  const rest = part.slice(cut);
  if (!plainText(rest)) return part;
  const name = plainText(heading[1] ?? '');
  return `${part.slice(0, cut)}\n<details class="faq guide-more"><summary>Read more<span class="visually-hidden">: ${name}</span></summary><div class="faq-answer">${rest.trim()}</div></details>\n`;
}

/** The guide's HTML with each part's detail after its list folded away (see above). */
export function foldGuide(html: string): string {
  const wrapped = WRAPPER.exec(html);
  if (wrapped) return `${wrapped[1]}${foldGuide(wrapped[2] ?? '')}${wrapped[3]}`;
  const parts = html.split(/(?=<h2[\s>])/);
  return parts.map((part) => (part.startsWith('<h2') ? `<div class="guide-part">${foldPart(part)}</div>` : part)).join('');
}
