import { describe, expect, it } from 'vitest';
import { asCoverParts, coverIcon } from '#src/site/cover-parts.ts';
import { withPartCallbacks } from '#src/site/product-detail.ts';

describe('asCoverParts', () => {
  it('makes each "##" part a band named by its heading, with its icon, its words and its callback', () => {
    const html = withPartCallbacks('<h2 id="goods-in-transit">Goods in transit</h2>\n<p>A.</p>\n<h2 id="cyber-insurance">Cyber insurance</h2>\n<p>B.</p>\n');
    const out = asCoverParts(html);
    expect(out.match(/<section class="cover-part/g)).toHaveLength(2);
    // A one-sentence cover is a compact card.
    expect(out).toContain(
      '<section class="cover-part cover-part-brief" aria-labelledby="goods-in-transit"><div class="cover-part-head"><span class="cover-part-icon"><svg',
    );
    expect(out).toContain('<h2 id="goods-in-transit">Goods in transit</h2></div><div class="cover-part-body"><p>A.</p></div><p class="part-action">');
    // The callback is a real (secondary) button under the words.
    expect(out).toContain('<p class="part-action"><a class="button secondary" href="?modal=open&amp;modalName=callback" data-callback-open>');
    expect(out).toMatch(/Request a callback about cyber insurance<\/a><\/p><\/section>\n$/);
    // The icon is decorative: the heading names the cover.
    expect(out).toContain('aria-hidden="true"');
  });

  it('draws a cover of more than a couple of sentences as a full band', () => {
    const words = Array.from({ length: 45 }, (_, n) => `word${n}`).join(' ');
    const out = asCoverParts(`<h2 id="cyber">Cyber insurance</h2><p>${words}.</p>`);
    expect(out).toMatch(/^<section class="cover-part" aria-labelledby="cyber">/);
  });

  it("keeps the preview's wrapper round the bands and the opening words before them", () => {
    const out = asCoverParts('<div data-edit="x"><h2 id="a">Tools</h2><p>A.</p></div>');
    expect(out).toMatch(/^<div data-edit="x"><section class="cover-part cover-part-brief" aria-labelledby="a">/);
    expect(out).toMatch(/<div class="cover-part-body"><p>A.<\/p><\/div><\/section>\n<\/div>$/);
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
