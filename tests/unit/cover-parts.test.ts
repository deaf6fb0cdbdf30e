import { describe, expect, it } from 'vitest';
import { asCoverParts, coverIcon, splitFirstLine } from '#src/site/cover-parts.ts';
import { withPartCallbacks } from '#src/site/product-detail.ts';

describe('asCoverParts', () => {
  it('makes each "##" part a card named by its heading, with its icon, one line, its folded detail and its callback', () => {
    const html = withPartCallbacks(
      '<h2 id="goods-in-transit">Goods in transit</h2>\n<p>Covers the load. Also theft.</p>\n<ul><li>Own goods</li></ul>\n<h2 id="cyber-insurance">Cyber insurance</h2>\n<p>B.</p>\n',
    );
    const out = asCoverParts(html);
    expect(out.match(/<section class="cover-part"/g)).toHaveLength(2);
    // The heading is an h3 under the overview's heading, keeping its id so links down still land.
    expect(out).toContain('<section class="cover-part" aria-labelledby="goods-in-transit"><div class="cover-part-head"><span class="cover-part-icon"><svg');
    expect(out).toContain('<h3 id="goods-in-transit">Goods in transit</h3></div><p class="cover-part-line">Covers the load.</p>');
    // The rest of the words folded, the fold named after the cover for a screen reader.
    expect(out).toContain(
      '<details class="faq cover-part-more"><summary>What it covers<span class="visually-hidden">: Goods in transit</span></summary><div class="faq-answer"><p>Also theft.</p>\n<ul><li>Own goods</li></ul></div></details>',
    );
    // A cover told in one sentence has nothing to fold.
    expect(out).toContain('<h3 id="cyber-insurance">Cyber insurance</h3></div><p class="cover-part-line">B.</p><p class="part-action">');
    // The callback is a link with an arrow at the card's foot.
    expect(out).toContain('<p class="part-action"><a class="cover-part-ask" href="?modal=open&amp;modalName=callback" data-callback-open>');
    expect(out).toMatch(/Request a callback about cyber insurance<svg[\s\S]*<\/svg><\/a><\/p><\/section>\n$/);
    // The icon is decorative: the heading names the cover.
    expect(out).toContain('aria-hidden="true"');
  });

  it('gives a cover told in one sentence with a link to its own page the row too, as that link', () => {
    const out = asCoverParts('<h2 id="pl">Public liability</h2><p>Explained on our <a href="/public-liability-insurance">page</a>.</p>');
    expect(out).toContain(
      '<p class="cover-part-line">Explained on our <a href="/public-liability-insurance">page</a>.</p><p class="cover-part-more cover-part-elsewhere"><a href="/public-liability-insurance">What it covers<span class="visually-hidden">: Public liability</span><svg',
    );
  });

  it("keeps the preview's wrapper round the cards and the opening words before them", () => {
    const out = asCoverParts('<div data-edit="x"><h2 id="a">Tools</h2><p>A.</p></div>');
    expect(out).toMatch(/^<div data-edit="x"><section class="cover-part" aria-labelledby="a">/);
    expect(out).toMatch(/<p class="cover-part-line">A.<\/p><\/section>\n<\/div>$/);
  });
});

describe('splitFirstLine', () => {
  it('cuts after the first sentence, never inside a tag', () => {
    expect(splitFirstLine('<p>See <a href="/a.b">our page. Here</a> now. Then more.</p>')).toEqual({
      line: 'See <a href="/a.b">our page. Here</a> now.',
      more: '<p>Then more.</p>',
    });
  });

  it('keeps a one-sentence paragraph whole and the rest after it', () => {
    expect(splitFirstLine('<p>One line.</p>\n<ul><li>x</li></ul>')).toEqual({ line: 'One line.', more: '<ul><li>x</li></ul>' });
  });

  it('folds everything when the cover opens with no paragraph', () => {
    expect(splitFirstLine('<ul><li>x</li></ul>')).toEqual({ line: '', more: '<ul><li>x</li></ul>' });
  });
});

describe('coverIcon', () => {
  it('picks an icon from the heading’s words, and the shield for a cover no rule knows', () => {
    expect(coverIcon('Goods in transit')).toBe('package');
    expect(coverIcon('Tools and plant')).toBe('hammer');
    expect(coverIcon('Public and employers’ liability')).toBe('users');
    expect(coverIcon('Marine cargo')).toBe('package');
    expect(coverIcon('Event cancellation')).toBe('shield-check');
  });
});
