import { describe, expect, it } from 'vitest';
import { foldGuide } from '#src/site/guide-folds.ts';

describe('foldGuide', () => {
  it('keeps each part’s lead and its list in view and folds what follows the list, each part in its own block', () => {
    const html = foldGuide('<h2>What happens</h2><p>Lead.</p><ul><li>One</li></ul><p>Detail.</p><h2>Next</h2><p>Intro:</p><ol><li>Two</li></ol><p>More.</p>');
    expect(html).toBe(
      '<div class="guide-part"><h2>What happens</h2><p>Lead.</p><ul><li>One</li></ul>\n<details class="faq guide-more"><summary>Read more<span class="visually-hidden">: What happens</span></summary><div class="faq-answer"><p>Detail.</p></div></details>\n</div>' +
        '<div class="guide-part"><h2>Next</h2><p>Intro:</p><ol><li>Two</li></ol>\n<details class="faq guide-more"><summary>Read more<span class="visually-hidden">: Next</span></summary><div class="faq-answer"><p>More.</p></div></details>\n</div>',
    );
  });

  it('leaves a part with no list, or nothing after its list, and the text before the first heading as they were', () => {
    expect(foldGuide('<p>Opening.</p><h2>Paying</h2><h3>At once</h3><p>Cheapest.</p><h2>Checklist</h2><ul><li>One</li></ul>')).toBe(
      '<p>Opening.</p><div class="guide-part"><h2>Paying</h2><h3>At once</h3><p>Cheapest.</p></div><div class="guide-part"><h2>Checklist</h2><ul><li>One</li></ul></div>',
    );
  });

  it('folds inside the block a draft preview wraps the text in, and keeps the block around it', () => {
    const html = foldGuide('<div data-marker="x"><h2>Part</h2><ul><li>One</li></ul><p>Detail.</p></div>');
    expect(html).toMatch(
      /^<div data-marker="x"><div class="guide-part"><h2>Part<\/h2><ul><li>One<\/li><\/ul>\n<details class="faq guide-more">[\s\S]*<p>Detail.<\/p><\/div><\/details>\n<\/div><\/div>$/,
    );
  });
});
