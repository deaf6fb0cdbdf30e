import { describe, expect, it } from 'vitest';
import { headingSummaries, withHeadingAnchors } from '#src/site/heading-anchors.ts';

describe('heading anchors', () => {
  it('gives each plain <h2> a unique id from its words and lists them for "On this page"', () => {
    const { html, headings } = withHeadingAnchors('<h2>Levels of cover</h2><p>Text</p><h2>Tools &amp; <em>equipment</em></h2><h2>Levels of cover</h2>');
    expect(headings).toEqual([
      { id: 'levels-of-cover', text: 'Levels of cover' },
      { id: 'tools-and-equipment', text: 'Tools & equipment' },
      { id: 'levels-of-cover-2', text: 'Levels of cover' },
    ]);
    expect(html).toBe(
      '<h2 id="levels-of-cover">Levels of cover</h2><p>Text</p><h2 id="tools-and-equipment">Tools &amp; <em>equipment</em></h2><h2 id="levels-of-cover-2">Levels of cover</h2>',
    );
  });

  it('lists a heading by the id it carries, and leaves one with other attributes alone', () => {
    expect(withHeadingAnchors('<h2 id="faq-more">More</h2>')).toEqual({ html: '<h2 id="faq-more">More</h2>', headings: [{ id: 'faq-more', text: 'More' }] });
    expect(withHeadingAnchors('<h2 class="x">More</h2>')).toEqual({ html: '<h2 class="x">More</h2>', headings: [] });
  });
});

describe('heading summaries', () => {
  it('give each heading the first sentence of the paragraph after it, and nothing when it opens with none', () => {
    const { html, headings } = withHeadingAnchors(
      '<h2>Goods in transit</h2><p>A motor policy covers the vehicle, not what it <em>carries</em>. Goods cover does.</p><h2>Cyber</h2><ul><li>x</li></ul><h2>Plant</h2><p>Tools &amp; plant</p>',
    );
    expect(headingSummaries(html, headings)).toEqual([
      { id: 'goods-in-transit', text: 'Goods in transit', summary: 'A motor policy covers the vehicle, not what it carries.' },
      { id: 'cyber', text: 'Cyber', summary: '' },
      { id: 'plant', text: 'Plant', summary: 'Tools & plant' },
    ]);
  });
});
