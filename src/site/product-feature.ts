import { iconSvg } from './icon-svg.ts';
import { plainText } from './product-detail.ts';

/**
 * A product page's feature: one "##" part of its own text, named by the page, lifted out of
 * the column and drawn across the full width in a design of its own, so a long page has a
 * visual between its intro and its footer that no other page shares. Built only from the
 * words staff wrote (nothing is added), and drawn by what the part holds:
 * - a table whose answers are all "Yes" or "No" (levels of cover): a card per level, each
 *   listing what it covers with a tick or a cross ("levels");
 * - any other table (covers compared): a card per row, its first cell the title and each other
 *   cell under its column's heading ("rows");
 * - "###" parts: a tile per part, its heading the tile's title ("tiles");
 * - a list: a numbered tile per item ("list"), the part's other words above and below.
 * A part the page names but its text no longer has is simply not lifted.
 */

export type FeatureKind = 'levels' | 'rows' | 'tiles' | 'list';
export type Feature = { kind: FeatureKind; heading: string; html: string };

/** From a part's heading to the next "##", the end of the preview's wrapper, or the end. */
const PART = /<h2>((?:(?!<\/h2>)[\s\S])*)<\/h2>([\s\S]*?)(?=<h2[\s>]|<\/div>\s*$|$)/g;

const cells = (row: string, tag: 'th' | 'td') => [...row.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, cell = '']) => cell.trim());

const ANSWER = /^(Yes|No)$/;

/** The table's column headings and its body's rows of cells. */
function tableOf(html: string): { head: string[]; rows: string[][] } | null {
  const table = /<table>([\s\S]*?)<\/table>/.exec(html)?.[1];
  if (!table) return null;
  const head = cells(/<thead>([\s\S]*?)<\/thead>/.exec(table)?.[1] ?? '', 'th');
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? '';
  const rows = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row = '']) => cells(row, 'td'));
  return head.length >= 2 && rows.length > 0 ? { head, rows } : null;
}

/** The words around the table or list: what came before it, and what came after. */
function around(body: string, block: RegExp): { before: string; after: string } {
  const found = block.exec(body);
  if (!found) return { before: body.trim(), after: '' };
  return { before: body.slice(0, found.index).trim(), after: body.slice(found.index + found[0].length).trim() };
}

const tick = iconSvg('circle-check', 'feature-yes');
const cross = iconSvg('circle-minus', 'feature-no');

/** A card per level of cover, each listing every row with whether that level covers it. */
function levelCards({ head, rows }: { head: string[]; rows: string[][] }): string {
  const levels = head.slice(1).map((level, column) => {
    const items = rows
      .map((row) => {
        const yes = row[column + 1] === 'Yes';
        // The tick and cross are pictures: the words say the answer to a screen reader.
        return `<li class="${yes ? 'is-yes' : 'is-no'}">${yes ? tick : cross}<span><span class="visually-hidden">${yes ? 'Covered' : 'Not covered'}: </span>${row[0]}</span></li>`;
      })
      .join('');
    const count = rows.filter((row) => row[column + 1] === 'Yes').length;
    return `<li class="feature-card"><h3>${level}</h3><p class="feature-card-count">${count} of ${rows.length} covered</p><ul class="feature-checks">${items}</ul></li>`;
  });
  return `<ul class="feature-cards cards-${levels.length}">${levels.join('')}</ul>`;
}

/** A card per row: its first cell the title, each other cell under its column's heading. */
function rowCards({ head, rows }: { head: string[]; rows: string[][] }): string {
  const cards = rows.map((row) => {
    const fields = row
      .slice(1)
      .map((cell, column) => `<div><dt>${head[column + 1] ?? ''}</dt><dd>${cell}</dd></div>`)
      .join('');
    return `<li class="feature-card"><h3>${row[0] ?? ''}</h3><dl class="feature-fields">${fields}</dl></li>`;
  });
  return `<ul class="feature-cards cards-${cards.length}">${cards.join('')}</ul>`;
}

/** A tile per "###" part, the words before the first part above them. */
function partTiles(body: string): string {
  const at = body.indexOf('<h3');
  const before = body.slice(0, at).trim();
  const parts = [...body.slice(at).matchAll(/<h3>([\s\S]*?)<\/h3>([\s\S]*?)(?=<h3[\s>]|$)/g)];
  const tiles = parts.map(
    ([, heading = '', words = ''], index) =>
      `<li class="feature-tile"><span class="feature-number" aria-hidden="true">${index + 1}</span><h3>${heading}</h3>${words.trim()}</li>`,
  );
  return `${before ? `<div class="feature-lead">${before}</div>` : ''}<ul class="feature-tiles cards-${tiles.length}">${tiles.join('')}</ul>`;
}

/** A numbered tile per item of the part's list, its other words above and below. */
function listTiles(body: string): string {
  const list = /<(ul|ol)>([\s\S]*?)<\/\1>/;
  const found = list.exec(body);
  const { before, after } = around(body, list);
  const items = [...(found?.[2] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item = '']) => item.trim());
  const tiles = items.map(
    (item, index) => `<li class="feature-tile"><span class="feature-number" aria-hidden="true">${index + 1}</span><div>${item}</div></li>`,
  );
  const tag = found?.[1] === 'ol' ? 'ol' : 'ul';
  return (
    `${before ? `<div class="feature-lead">${before}</div>` : ''}` +
    `<${tag} class="feature-tiles is-list cards-${tiles.length}">${tiles.join('')}</${tag}>` +
    `${after ? `<div class="feature-after">${after}</div>` : ''}`
  );
}

/** The feature drawn from a part's words, or null when they hold nothing it can draw. */
export function drawFeature(heading: string, body: string): Feature | null {
  const table = tableOf(body);
  if (table) {
    const { before, after } = around(body, /<table>[\s\S]*?<\/table>/);
    const answers = table.rows.every((row) => row.slice(1).every((cell) => ANSWER.test(cell)));
    const cards = answers ? levelCards(table) : rowCards(table);
    const html = `${before ? `<div class="feature-lead">${before}</div>` : ''}${cards}${after ? `<div class="feature-after">${after}</div>` : ''}`;
    return { kind: answers ? 'levels' : 'rows', heading, html };
  }
  if (/<h3[\s>]/.test(body)) return { kind: 'tiles', heading, html: partTiles(body) };
  if (/<(ul|ol)>/.test(body)) return { kind: 'list', heading, html: listTiles(body) };
  return null;
}

/**
 * Takes the part headed `name` out of a page's rendered text (before it is shaped), and draws
 * it as the page's feature: the text without it, and the feature. Not found, or nothing to
 * draw: the text as it was.
 */
export function liftFeature(html: string, name: string): { html: string; feature: Feature | null } {
  for (const match of html.matchAll(PART)) {
    const [whole, heading = '', body = ''] = match;
    if (plainText(heading) !== name) continue;
    const feature = drawFeature(heading, body);
    return feature ? { html: html.replace(whole, ''), feature } : { html, feature: null };
  }
  return { html, feature: null };
}
