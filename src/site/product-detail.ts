/**
 * Shapes a product page's rendered text (Markdown, as staff write it) so a long page reads
 * as panels rather than a wall, with no markup for staff to learn:
 * - each "###" part becomes a disclosure (<details>, drawn as the FAQs are) whose summary is
 *   its heading, so a reader scans the parts and opens the one that applies;
 * - a list whose every item opens with bold words ("**Comprehensive**: …") becomes a row of
 *   comparison cards, one per item, its bold words the card's title (the colon after them
 *   goes: the title stands on its own line, and the words under it start with a capital);
 * - the part headed "What to have ready…" or "What to send…" becomes a checklist panel.
 * It works on the plain tags the Markdown renderer writes; a part is closed by the next
 * heading, the end of a block the preview wraps the text in (</div>), or the text's end.
 */

const CHECKLIST_HEADING = /^what to (have ready|send)/i;
/** Where a part of the text ends: the next heading of its level or above, a wrapper's end, or the end. */
const PART_END = (levels: string) => `(?=<h[${levels}][\\s>]|</div>|$)`;

function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, '').trim();
}

/** "###" parts as disclosures, closed by default. */
function subsectionsAsDisclosures(html: string): string {
  return html.replace(new RegExp(`<h3>([\\s\\S]*?)</h3>([\\s\\S]*?)${PART_END('23')}`, 'g'), (_, heading: string, body: string) => {
    return `<details class="faq detail-part"><summary><h3>${heading}</h3></summary><div class="faq-answer">${body.trim()}</div></details>\n`;
  });
}

/** Lists of bold-labelled items as comparison cards. */
function labelledListsAsCards(html: string): string {
  return html.replace(/<ul>([\s\S]*?)<\/ul>/g, (list, items: string) => {
    const entries = items.match(/<li>[\s\S]*?<\/li>/g) ?? [];
    const labelled = entries.length >= 2 && entries.every((entry) => /^<li>\s*(<p>)?\s*<strong>/.test(entry));
    return labelled
      ? `<ul class="cards compare-cards">${items.replace(/<li>/g, '<li class="card">').replace(/(<\/strong>)\s*:\s*(\p{Ll})?/gu, (_, end: string, first = '') => `${end} ${first.toUpperCase()}`)}</ul>`
      : list;
  });
}

/** The part listing what a quote needs as a checklist panel. */
function quoteListAsChecklist(html: string): string {
  return html.replace(
    new RegExp(`<h2([^>]*)>([\\s\\S]*?)</h2>([\\s\\S]*?)${PART_END('2')}`, 'g'),
    (part, attributes: string, heading: string, body: string) => {
      if (!CHECKLIST_HEADING.test(plainText(heading))) return part;
      const listed = body.replace(/<ul>/g, '<ul class="tick-list">');
      return `<section class="checklist-panel"><h2${attributes}>${heading}</h2>${listed}</section>\n`;
    },
  );
}

export function shapeProductDetail(html: string): string {
  return quoteListAsChecklist(labelledListsAsCards(subsectionsAsDisclosures(html)));
}
