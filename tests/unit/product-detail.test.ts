import { describe, expect, it } from 'vitest';
import { liftChecklist, shapeProductDetail, withPartCallbacks } from '#src/site/product-detail.ts';

describe('shapeProductDetail', () => {
  it('draws a group of short "###" parts as a row of cards, with their count', () => {
    const html = shapeProductDetail('<h2>Drivers</h2><h3>Named</h3><p>One.</p><h3>Points</h3><p>Two.</p><h2>Next</h2><p>Three.</p>');
    expect(html).toContain(
      '<h2>Drivers</h2><ul class="cards compare-cards cards-2"><li class="card"><h3>Named</h3><p>One.</p></li><li class="card"><h3>Points</h3><p>Two.</p></li></ul>',
    );
    expect(html).toMatch(/<\/ul>\s*<h2>Next<\/h2><p>Three.<\/p>$/);
  });

  it('folds three or more long parts into disclosures with the first open, and leaves one or two as text', () => {
    const long = `<p>${'word '.repeat(70)}</p>`;
    const many = shapeProductDetail(`<h2>Cover</h2><h3>One</h3>${long}<h3>Two</h3>${long}<h3>Three</h3><p>Short.</p>`);
    expect(many).toContain('<details class="faq detail-part" open><summary><h3>One</h3></summary>');
    expect(many).toContain('<details class="faq detail-part"><summary><h3>Two</h3></summary>');
    expect(many).toContain('<details class="faq detail-part"><summary><h3>Three</h3></summary><div class="faq-answer"><p>Short.</p></div></details>');
    const few = shapeProductDetail(`<h2>Cover</h2><h3>One</h3>${long}<h3>Two</h3><ul><li>A list.</li></ul>`);
    expect(few).not.toContain('<details');
    expect(few).toContain('<h3>Two</h3><ul><li>A list.</li></ul>');
  });

  it('draws a table as a comparison: headings scoped to their column and row, each Yes or No marked', () => {
    const html = shapeProductDetail(
      '<table>\n<thead>\n<tr>\n<th>What is covered</th>\n<th>Third party only</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>Fire</td>\n<td>No</td>\n</tr>\n<tr>\n<td>Others</td>\n<td>Yes</td>\n</tr>\n</tbody>\n</table>',
    );
    expect(html).toContain('<table class="compare-table" role="table">');
    expect(html).toContain('<th scope="col" role="columnheader">What is covered</th>');
    expect(html).toContain(
      '<tr role="row">\n<th scope="row" role="rowheader">Fire</th>\n<td role="cell" data-label="Third party only" class="compare-no">No</td>',
    );
    expect(html).toContain('<th scope="row" role="rowheader">Others</th>\n<td role="cell" data-label="Third party only" class="compare-yes">Yes</td>');
  });

  it('labels each answer with its column, for the cards a phone shows, and keeps every part of the table a table', () => {
    const html = shapeProductDetail(
      '<table>\n<thead>\n<tr>\n<th>Cover</th>\n<th>Claims it <em>answers</em></th>\n<th>Limit &amp; &quot;cap&quot;</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>Public</td>\n<td>Injury to others</td>\n<td>€2.6m</td>\n</tr>\n</tbody>\n</table>',
    );
    expect(html).toContain('<td role="cell" data-label="Claims it answers">Injury to others</td>');
    expect(html).toContain('<td role="cell" data-label="Limit &amp; &quot;cap&quot;">€2.6m</td>');
    expect(html.match(/<tr role="row">/g)).toHaveLength(2);
    expect(html.match(/<(thead|tbody) role="rowgroup">/g)).toHaveLength(2);
    expect(html).not.toMatch(/<(tr|td|th)>/);
  });

  it('draws a list of bold-labelled items as cards, and leaves other lists alone', () => {
    const cards = shapeProductDetail('<ul><li><strong>Third party</strong>: others.</li><li><strong>Comprehensive</strong>: yours too.</li></ul>');
    expect(cards).toBe(
      '<ul class="cards compare-cards cards-2"><li class="card"><strong>Third party</strong> <div class="card-words">Others.</div></li><li class="card"><strong>Comprehensive</strong> <div class="card-words">Yours too.</div></li></ul>',
    );
    // A link and its full stop stay in the words' one box.
    expect(
      shapeProductDetail('<ul><li><p><strong>Car</strong>: see our <a href="/faqs">questions</a>.</p></li><li><strong>Van</strong>: b.</li></ul>'),
    ).toContain('<strong>Car</strong> <div class="card-words"><p>See our <a href="/faqs">questions</a>.</p></div>');
    // An item of several paragraphs keeps them whole.
    expect(shapeProductDetail('<ul><li><p><strong>A</strong>: one.</p><p>Two.</p></li><li><p><strong>B</strong>: three.</p></li></ul>')).toContain(
      '<strong>A</strong> <div class="card-words"><p>One.</p><p>Two.</p></div>',
    );
    const plain = '<ul><li><strong>One</strong>: a.</li><li>Two.</li></ul>';
    expect(shapeProductDetail(plain)).toBe(plain);
  });

  it('lifts the checklist out of the text, its heading and body apart, and leaves a text without one as it was', () => {
    const html =
      '<h2 id="tools">Tools</h2><p>Text.</p><section class="checklist-panel"><h2 id="ready">What to have ready</h2><ul class="tick-list"><li>Reg.</li></ul></section>\n<h2 id="more">More</h2>';
    expect(liftChecklist(html)).toEqual({
      html: '<h2 id="tools">Tools</h2><p>Text.</p><h2 id="more">More</h2>',
      checklist: { heading: '<h2 id="ready">What to have ready</h2>', body: '<ul class="tick-list"><li>Reg.</li></ul>' },
    });
    expect(liftChecklist('<p>No list.</p>')).toEqual({ html: '<p>No list.</p>', checklist: null });
  });

  it('folds a long text’s parts after the first three into disclosures headed by their <h2>, leaving the checklist and a short text alone', () => {
    const parts = ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => `<h2>${name}</h2><p>${name} words.</p>`).join('');
    const html = shapeProductDetail(`<div data-content-key="k">${parts}<h2>What to have ready</h2><ul><li>Registration.</li></ul></div>`);
    expect(html).toContain('<h2>Three</h2><p>Three words.</p>');
    expect(html).toContain('<details class="faq detail-section"><summary><h2>Four</h2></summary><div class="faq-answer"><p>Four words.</p></div></details>');
    expect(html).toContain('<summary><h2>Five</h2></summary><div class="faq-answer"><p>Five words.</p></div></details>');
    expect(liftChecklist(html).checklist?.body).toBe('<ul class="tick-list"><li>Registration.</li></ul>');
    expect(html.endsWith('</div>')).toBe(true);
    const short = ['One', 'Two', 'Three', 'Four'].map((name) => `<h2>${name}</h2><p>Words.</p>`).join('');
    expect(shapeProductDetail(short)).not.toContain('<details');
    expect(shapeProductDetail(parts, { foldParts: false })).not.toContain('<details');
  });

  it('makes the part saying what to have ready a checklist panel', () => {
    const html = shapeProductDetail('<h2>Tools</h2><p>Text.</p><h2>What to have ready for a quote</h2><ul><li>Registration.</li></ul>');
    expect(html).toContain(
      '<section class="checklist-panel"><h2>What to have ready for a quote</h2><ul class="tick-list"><li>Registration.</li></ul></section>',
    );
    expect(html).toMatch(/^<h2>Tools<\/h2><p>Text.<\/p>/);
  });
});

describe('withPartCallbacks', () => {
  it('ends each part with a callback about it, named as in a sentence', () => {
    const html = '<p>Opening.</p>\n<h2 id="goods-in-transit">Goods in transit</h2>\n<p>A.</p>\n<h2 id="cmr">CMR cover</h2>\n<p>B.</p>\n';
    const out = withPartCallbacks(html);
    expect(out).toContain(
      '<p>A.</p>\n<p class="part-action"><a href="?modal=open&amp;modalName=callback" data-callback-open>Request a callback about goods in transit</a></p>\n<h2 id="cmr">',
    );
    expect(out).toContain('Request a callback about CMR cover</a></p>\n');
    expect(out.startsWith('<p>Opening.</p>')).toBe(true);
    expect(out.match(/part-action/g)).toHaveLength(2);
  });

  it("keeps the preview's wrapper after the last part's link", () => {
    const out = withPartCallbacks('<div data-edit="x"><h2 id="a">Tools</h2><p>A.</p></div>');
    expect(out).toMatch(/about tools<\/a><\/p>\n<\/div>$/);
  });
});
