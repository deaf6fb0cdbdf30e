import { iconSvg } from './icon-svg.ts';

/**
 * A page of separate covers (other business insurance) as a run of bands, one per cover, so
 * the page has the turns of a product page rather than one long column: each "##" part of its
 * text (after withHeadingAnchors and withPartCallbacks) becomes a section with the cover's
 * icon and heading, its words, and its callback, laid out by product.css (heading and
 * callback beside the words from 1024 px, the bands tinted in turn). The icon is picked from
 * the heading's words, so staff write plain Markdown; a cover no rule knows gets the shield.
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

/** A cover told in this few words (a sentence or two, often a pointer to its own page) is a compact card, not a band. */
const BRIEF_WORDS = 40;

/**
 * Each "##" part, from its heading to the next or to the preview's wrapper's end, as a cover's
 * band; its callback a secondary button under its words, where the reader finishes them.
 */
export function asCoverParts(html: string): string {
  const part = /<h2 id="([\w-]+)">((?:(?!<\/h2>)[\s\S])*)<\/h2>([\s\S]*?)(?=<h2[\s>]|<\/div>\s*$|$)/g;
  return html.replace(part, (_, id: string, heading: string, rest: string) => {
    const found = /\s*(<p class="part-action">[\s\S]*?<\/p>)\s*$/.exec(rest);
    const body = (found ? rest.slice(0, found.index) : rest).trim();
    const action = found?.[1]?.replace('<a href=', '<a class="button secondary" href=');
    const icon = `<span class="cover-part-icon">${iconSvg(coverIcon(heading.replace(/<[^>]*>/g, '')))}</span>`;
    const words = body
      .replace(/<[^>]*>/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;
    return (
      `<section class="cover-part${words <= BRIEF_WORDS ? ' cover-part-brief' : ''}" aria-labelledby="${id}">` +
      `<div class="cover-part-head">${icon}<h2 id="${id}">${heading}</h2></div>` +
      `<div class="cover-part-body">${body}</div>` +
      (action ?? '') +
      '</section>\n'
    );
  });
}
