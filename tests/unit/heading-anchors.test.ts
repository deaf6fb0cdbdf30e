import { describe, expect, it } from 'vitest';
import { splitOpening, withHeadingAnchors } from '#src/site/heading-anchors.ts';

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

  it('never makes up an id that a later heading carries as its own', () => {
    const { headings } = withHeadingAnchors('<h2>Openings</h2><h2 id="openings">Current openings</h2>');
    expect(headings.map((heading) => heading.id)).toEqual(['openings-2', 'openings']);
  });
});

describe('a long page’s opening', () => {
  it('is the text before its first heading, and nothing when the text opens with one', () => {
    expect(splitOpening('<p>Our speciality.</p>\n<h2 id="a">A</h2><p>x</p>')).toEqual({
      opening: '<p>Our speciality.</p>\n',
      rest: '<h2 id="a">A</h2><p>x</p>',
    });
    expect(splitOpening('<h2>A</h2><p>x</p>')).toEqual({ opening: '', rest: '<h2>A</h2><p>x</p>' });
  });
});
