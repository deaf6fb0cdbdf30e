import { describe, expect, it } from 'vitest';
import { shapeProductDetail } from '#src/site/product-detail.ts';

describe('shapeProductDetail', () => {
  it('turns each "###" part into a closed disclosure, ended by the next heading', () => {
    const html = shapeProductDetail('<h2>Drivers</h2><h3>Named</h3><p>One.</p><h3>Points</h3><p>Two.</p><h2>Next</h2><p>Three.</p>');
    expect(html).toContain('<details class="faq detail-part"><summary><h3>Named</h3></summary><div class="faq-answer"><p>One.</p></div></details>');
    expect(html).toContain('<summary><h3>Points</h3></summary><div class="faq-answer"><p>Two.</p></div>');
    expect(html).toMatch(/<\/details>\s*<h2>Next<\/h2><p>Three.<\/p>$/);
  });

  it('draws a list of bold-labelled items as cards, and leaves other lists alone', () => {
    const cards = shapeProductDetail('<ul><li><strong>Third party</strong>: others.</li><li><strong>Comprehensive</strong>: yours too.</li></ul>');
    expect(cards).toBe(
      '<ul class="cards compare-cards"><li class="card"><strong>Third party</strong> Others.</li><li class="card"><strong>Comprehensive</strong> Yours too.</li></ul>',
    );
    const plain = '<ul><li><strong>One</strong>: a.</li><li>Two.</li></ul>';
    expect(shapeProductDetail(plain)).toBe(plain);
  });

  it('makes the part saying what to have ready a checklist panel', () => {
    const html = shapeProductDetail('<h2>Tools</h2><p>Text.</p><h2>What to have ready for a quote</h2><ul><li>Registration.</li></ul>');
    expect(html).toContain(
      '<section class="checklist-panel"><h2>What to have ready for a quote</h2><ul class="tick-list"><li>Registration.</li></ul></section>',
    );
    expect(html).toMatch(/^<h2>Tools<\/h2><p>Text.<\/p>/);
  });
});
