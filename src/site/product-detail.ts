/**
 * Shapes a product page's rendered text (Markdown, as staff write it) so a long page reads
 * as a good insurer's product page rather than a wall or a collapsed FAQ, with no markup for
 * staff to learn:
 * - the "###" parts under one "##" heading are a group, drawn by what they hold: two or three
 *   short parts (a few sentences, no list) are a row of comparison cards; more parts (four
 *   short ones, or three long) are disclosures (<details>, drawn as the FAQs are) with the
 *   first open, so the section shows its content and the rest are one click away; a group of
 *   one or two long parts stays as plain text under its headings;
 * - a list whose every item opens with bold words ("**Comprehensive**: …") becomes a row of
 *   comparison cards, one per item, its bold words the card's title (the colon after them
 *   goes: the title stands on its own line, and the words under it start with a capital);
 * - a table (a comparison of cover levels, written as a Markdown table) says which of its
 *   cells head their row and column (scope), so a screen reader names the row and the level
 *   with each "Yes", and is drawn as a compact comparison (.compare-table, product.css); each
 *   answer carries its column's heading (data-label), so on a phone, where the columns do not
 *   fit, a row is drawn as a card of labelled answers;
 * - the part headed "What to have ready…" or "What to send…" becomes a checklist panel;
 * - on a long text (five "##" parts or more) the first three parts are read open and the rest
 *   fold into disclosures headed by their own <h2>, so a phone scrolls past a heading, not a
 *   screen of words, to reach what it wants; "On this page" still lands on each heading.
 * A row of cards carries its count ("cards-3") so the stylesheet can lay it out in full rows.
 * It works on the plain tags the Markdown renderer writes; a part is closed by the next
 * heading, the end of a block the preview wraps the text in (</div>), or the text's end.
 */

const CHECKLIST_HEADING = /^what to (have ready|send)/i;
/** Where a part of the text ends: the next heading of its level or above, a wrapper's end, or the end. */
const PART_END = (levels: string) => `(?=<h[${levels}][\\s>]|</div>|$)`;
/** A part this short reads at a glance on a card: about three sentences. */
const CARD_WORDS = 60;
/** At most this many short parts make a row of cards; more are a phone's screen or two, so they fold. */
const CARD_PARTS = 3;
/** From this many long parts a group folds into disclosures; fewer read as plain text. */
const DISCLOSURE_PARTS = 3;
/** A text with this many "##" parts or more folds those after the first few. */
const FOLD_FROM_PARTS = 5;
/** How many "##" parts a long text shows open before it folds the rest. */
const OPEN_PARTS = 3;

/** An HTML fragment's words, its tags dropped. */
export function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, '').trim();
}

function wordCount(html: string): number {
  return plainText(html).split(/\s+/).filter(Boolean).length;
}

/** The opening tag of a row of cards, with its count for the layout (product.css). */
function cardsOpening(count: number): string {
  return `<ul class="cards compare-cards cards-${count}">`;
}

interface Part {
  heading: string;
  body: string;
}

function drawGroup(parts: readonly Part[]): string {
  const short =
    parts.length >= 2 && parts.length <= CARD_PARTS && parts.every((part) => wordCount(part.body) <= CARD_WORDS && !/<(ul|ol|table)[\s>]/.test(part.body));
  if (short) {
    const cards = parts.map((part) => `<li class="card"><h3>${part.heading}</h3>${part.body}</li>`).join('');
    return `${cardsOpening(parts.length)}${cards}</ul>\n`;
  }
  if (parts.length < DISCLOSURE_PARTS) return parts.map((part) => `<h3>${part.heading}</h3>${part.body}\n`).join('');
  return parts
    .map(
      (part, index) =>
        `<details class="faq detail-part"${index === 0 ? ' open' : ''}><summary><h3>${part.heading}</h3></summary><div class="faq-answer">${part.body}</div></details>\n`,
    )
    .join('');
}

/** Each run of "###" parts (up to the next "##" heading) drawn as cards, disclosures or text. */
function subsectionGroups(html: string): string {
  return html.replace(new RegExp(`(?:<h3>[\\s\\S]*?</h3>[\\s\\S]*?${PART_END('23')})+${PART_END('12')}`, 'g'), (run) => {
    const parts = [...run.matchAll(new RegExp(`<h3>([\\s\\S]*?)</h3>([\\s\\S]*?)${PART_END('23')}`, 'g'))].map(([, heading = '', body = '']) => ({
      heading,
      body: body.trim(),
    }));
    return drawGroup(parts);
  });
}

/**
 * One bold-labelled item as a card: the bold words its title, the rest (a capital after the
 * colon goes) one run of words in its own box, so a link or a full stop in it stays in its
 * sentence however the card lays out its title and words.
 */
function labelledCard(entry: string): string {
  const inner = entry.replace(/^<li>\s*/, '').replace(/\s*<\/li>$/, '');
  const title = /<strong>([\s\S]*?)<\/strong>/.exec(inner)?.[1] ?? '';
  // The rest as it was written, paragraphs and all, less the title and the colon after it.
  const words = inner
    .replace(/<strong>[\s\S]*?<\/strong>\s*:?\s*/, '')
    .replace(/^(<p>\s*)?(\p{Ll})/u, (_, open = '', first: string) => `${open}${first.toUpperCase()}`)
    .replace(/^<p>\s*<\/p>/, '');
  return `<li class="card"><strong>${title}</strong> <div class="card-words">${words}</div></li>`;
}

/** Lists of bold-labelled items as comparison cards. */
function labelledListsAsCards(html: string): string {
  return html.replace(/<ul>([\s\S]*?)<\/ul>/g, (list, items: string) => {
    const entries = items.match(/<li>[\s\S]*?<\/li>/g) ?? [];
    const labelled = entries.length >= 2 && entries.every((entry) => /^<li>\s*(<p>)?\s*<strong>/.test(entry));
    return labelled ? `${cardsOpening(entries.length)}${entries.map(labelledCard).join('')}</ul>` : list;
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

/** A heading's words as an attribute's value: no tags, no quote to end it. */
function attributeText(html: string): string {
  return plainText(html).replace(/\s+/g, ' ').replace(/"/g, '&quot;');
}

/** One row of a table's body: its first cell heads the row, each other names its column (data-label). */
function comparisonRow(row: string, levels: readonly string[]): string {
  let column = 0;
  const cells = row.replace(/<td>\s*([\s\S]*?)\s*<\/td>/g, (_cell, content: string) => {
    const index = column++;
    if (index === 0) return `<th scope="row" role="rowheader">${content}</th>`;
    const answer = /^(Yes|No)$/.exec(content)?.[1];
    const marked = answer ? ` class="compare-${answer.toLowerCase()}"` : '';
    return `<td role="cell" data-label="${levels[index] ?? ''}"${marked}>${content}</td>`;
  });
  return `<tr role="row">${cells}</tr>`;
}

/**
 * A table as a comparison: its column headings and each row's first cell head their column and
 * row, and each answer names its column for the phone's cards. The roles restate the table's
 * own: a table drawn as blocks (the cards) can lose its semantics in some browsers, these keep
 * it a table to a screen reader whatever the stylesheet does.
 */
function tablesAsComparisons(html: string): string {
  return html.replace(/<table>([\s\S]*?)<\/table>/g, (_, inner: string) => {
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(inner)?.[1] ?? '';
    const levels = [...head.matchAll(/<th>([\s\S]*?)<\/th>/g)].map(([, heading = '']) => attributeText(heading));
    const scoped = inner
      .replace(/<(thead|tbody)>/g, '<$1 role="rowgroup">')
      .replace(/<th>/g, '<th scope="col" role="columnheader">')
      .replace(
        /<tbody role="rowgroup">([\s\S]*?)<\/tbody>/,
        (_body, rows: string) =>
          `<tbody role="rowgroup">${rows.replace(/<tr>([\s\S]*?)<\/tr>/g, (_row, cells: string) => comparisonRow(cells, levels))}</tbody>`,
      )
      .replace(/<tr>/g, '<tr role="row">');
    return `<table class="compare-table" role="table">${scoped}</table>`;
  });
}

/**
 * A long text's later "##" parts as disclosures, each headed by its <h2> (the checklist's part
 * is not counted or folded: it is lifted out into a band of its own). A part ends at the next
 * <h2>, the checklist, or the preview's wrapper at the very end (a part's own cards and
 * disclosures hold <div>s). The heading stays in the summary, so "On this page" lands on it
 * and one tap opens the part.
 */
function foldLaterParts(html: string): string {
  const part = /<h2>((?:(?!<\/h2>)[\s\S])*)<\/h2>([\s\S]*?)(?=<h2[\s>]|<section class="checklist-panel">|<\/div>\s*$|$)/g;
  const isChecklist = (heading: string) => CHECKLIST_HEADING.test(plainText(heading));
  const count = [...html.matchAll(part)].filter(([, heading = '']) => !isChecklist(heading)).length;
  if (count < FOLD_FROM_PARTS) return html;
  let index = 0;
  return html.replace(part, (whole, heading: string, body: string) => {
    if (isChecklist(heading) || index++ < OPEN_PARTS) return whole;
    return `<details class="faq detail-section"><summary><h2>${heading}</h2></summary><div class="faq-answer">${body.trim()}</div></details>\n`;
  });
}

/**
 * `foldParts: false` keeps every "##" part open: a page of separate covers lists them all in its
 * overview above, and its later covers are no less read than its first.
 */
export function shapeProductDetail(html: string, { foldParts = true }: { foldParts?: boolean } = {}): string {
  const shaped = quoteListAsChecklist(labelledListsAsCards(tablesAsComparisons(subsectionGroups(html))));
  return foldParts ? foldLaterParts(shaped) : shaped;
}

export type DetailChecklist = { heading: string; body: string };

/**
 * Lifts the checklist panel out of the shaped text, so the page can give it a band of its own,
 * the full width, with the quote button beside it: the text, less the panel, and the panel's
 * heading (its whole <h2>, anchor id kept) and body. No panel: the text as it was.
 */
export function liftChecklist(html: string): { html: string; checklist: DetailChecklist | null } {
  const found = /<section class="checklist-panel">(<h2[^>]*>[\s\S]*?<\/h2>)([\s\S]*?)<\/section>\n?/.exec(html);
  if (!found) return { html, checklist: null };
  const [whole, heading = '', body = ''] = found;
  return { html: html.replace(whole, ''), checklist: { heading, body } };
}

/** "Goods in transit" → "goods in transit", but "CMR cover" and "UK haulage" keep their capitals. */
function inSentence(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
}

/**
 * Each "##" part (after withHeadingAnchors) ends with a callback about it: on a page of separate
 * covers with no quote form of their own, every cover has its own way to act where the reader
 * finishes reading it. The link opens the callback dialog (the modal's address) in place.
 */
export function withPartCallbacks(html: string): string {
  const part = /(<h2 id="[\w-]+">((?:(?!<\/h2>)[\s\S])*)<\/h2>[\s\S]*?)(?=<h2[\s>]|<\/div>\s*$|$)/g;
  return html.replace(part, (_, whole: string, heading: string) => {
    // The heading's words with its tags dropped are still HTML (entities kept), so they go in as they are.
    const name = inSentence(plainText(heading));
    return `${whole.trimEnd()}\n<p class="part-action"><a href="?modal=open&amp;modalName=callback" data-callback-open>Request a callback about ${name}</a></p>\n`;
  });
}
