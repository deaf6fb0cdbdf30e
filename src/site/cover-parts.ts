import { iconSvg } from './icon-svg.ts';

/**
 * A page of separate covers (other business insurance) as a grid of covers to scan, not a run
 * of bands of text: each "##" part of its text (after withHeadingAnchors and withPartCallbacks)
 * becomes a card with the cover's icon and name, one line, its detail folded and its callback,
 * laid out by product.css (three across on a desktop, two on a tablet, one on a phone). The
 * icon is picked from the heading's words, so staff write plain Markdown; a cover no rule
 * knows gets the shield.
 */

/** The first rule whose words the heading holds gives the cover's Lucide icon. */
const COVER_ICONS: readonly [RegExp, string][] = [
  [/transit|goods|cargo|haulage/i, 'package'],
  [/tool|plant|equipment|machinery/i, 'hammer'],
  [/motor trade|garage|road risk/i, 'car-front'],
  [/property|premises|building/i, 'building-2'],
  [/interruption|loss of income/i, 'calendar-x'],
  [/professional|indemnity/i, 'briefcase-business'],
  [/cyber|data/i, 'laptop'],
  [/liability/i, 'users'],
];
const DEFAULT_COVER_ICON = 'shield-check';

/** The Lucide icon for a cover, from its heading's words. */
export function coverIcon(heading: string): string {
  return COVER_ICONS.find(([words]) => words.test(heading))?.[1] ?? DEFAULT_COVER_ICON;
}

/**
 * A cover's one line: the first sentence of its first paragraph, and the rest of its words
 * (what the fold holds). The cut is made only outside any tag or element (a link's words stay
 * whole), at a sentence's end followed by a space and a capital.
 */
export function splitFirstLine(body: string): { line: string; more: string } {
  const first = /^\s*<p>([\s\S]*?)<\/p>/.exec(body);
  if (!first) return { line: '', more: body.trim() };
  const inner = first[1] ?? '';
  const after = body.slice(first[0].length).trim();
  const at = sentenceEnd(inner);
  if (at < 0) return { line: inner, more: after };
  const restOfParagraph = inner.slice(at).trim();
  return { line: inner.slice(0, at), more: `<p>${restOfParagraph}</p>\n${after}`.trim() };
}

/** Where the first sentence of some inline HTML ends (after its stop), or -1 if it is one sentence. */
function sentenceEnd(html: string): number {
  let depth = 0;
  for (let index = 0; index < html.length; index++) {
    const char = html[index];
    if (char === '<') {
      const close = html.indexOf('>', index);
      if (close < 0) return -1;
      const tag = html.slice(index, close + 1);
      if (tag.startsWith('</')) depth--;
      else if (!tag.endsWith('/>') && !/^<(br|img|wbr)\b/i.test(tag)) depth++;
      index = close;
    } else if (depth === 0 && /[.!?]/.test(char ?? '') && /^\s+[A-Z‘“"]/.test(html.slice(index + 1))) {
      return index + 1;
    }
  }
  return -1;
}

/**
 * Each "##" part, from its heading to the next or to the preview's wrapper's end, as a card of
 * the covers' grid: the cover's icon and name (an h3 under the overview's heading, keeping
 * its id so links down still land), its one line, the rest of its words folded in a
 * disclosure (no script), or a link to its own page when it has nothing more here, and its
 * callback under them, where the reader finishes.
 */
export function asCoverParts(html: string): string {
  const part = /<h2 id="([\w-]+)">((?:(?!<\/h2>)[\s\S])*)<\/h2>([\s\S]*?)(?=<h2[\s>]|<\/div>\s*$|$)/g;
  return html.replace(part, (_, id: string, heading: string, rest: string) => {
    const found = /\s*(<p class="part-action">[\s\S]*?<\/p>)\s*$/.exec(rest);
    const body = (found ? rest.slice(0, found.index) : rest).trim();
    // A link with an arrow, not a third button in a card: a row of cards stays light to scan.
    const action = found?.[1]?.replace('<a href=', '<a class="cover-part-ask" href=').replace('</a>', `${iconSvg('arrow-right')}</a>`);
    const name = heading.replace(/<[^>]*>/g, '');
    const icon = `<span class="cover-part-icon">${iconSvg(coverIcon(name))}</span>`;
    const { line, more } = splitFirstLine(body);
    // A cover whose words are all its one line (one with a page of its own) still has the row,
    // as a link to where its cover is explained, so the cards of a row keep one shape.
    const elsewhere = more ? null : /<a href="([^"]+)"/.exec(line)?.[1];
    const fold = more
      ? `<details class="faq cover-part-more"><summary>What it covers<span class="visually-hidden">: ${name}</span></summary><div class="faq-answer">${more}</div></details>`
      : elsewhere
        ? `<p class="cover-part-more cover-part-elsewhere"><a href="${elsewhere}">What it covers<span class="visually-hidden">: ${name}</span>${iconSvg('arrow-right')}</a></p>`
        : '';
    return (
      `<section class="cover-part" aria-labelledby="${id}">` +
      `<div class="cover-part-head">${icon}<h3 id="${id}">${heading}</h3></div>` +
      (line ? `<p class="cover-part-line">${line}</p>` : '') +
      fold +
      (action ?? '') +
      '</section>\n'
    );
  });
}
