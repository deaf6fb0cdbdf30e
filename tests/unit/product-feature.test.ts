import { describe, expect, it } from 'vitest';
import { liftFeature } from '#src/site/product-feature.ts';

const levels = `<h2>Levels of cover</h2>
<table>
<thead><tr><th>What is covered</th><th>Third party only</th><th>Comprehensive</th></tr></thead>
<tbody>
<tr><td>Injury to other people</td><td>Yes</td><td>Yes</td></tr>
<tr><td>Accidental damage to your own van</td><td>No</td><td>Yes</td></tr>
</tbody>
</table>
<p>Third party only is the legal minimum.</p>
`;

describe('liftFeature', () => {
  it('lifts the named part out of the text and draws a Yes/No table as a card per level', () => {
    const { html, feature } = liftFeature(`<h2>Drivers</h2><p>A.</p>\n${levels}<h2>Tools</h2><p>B.</p>`, 'Levels of cover');
    expect(html).toBe('<h2>Drivers</h2><p>A.</p>\n<h2>Tools</h2><p>B.</p>');
    expect(feature?.kind).toBe('levels');
    expect(feature?.heading).toBe('Levels of cover');
    expect(feature?.html.match(/<li class="feature-card">/g)).toHaveLength(2);
    expect(feature?.html).toContain('<h3>Third party only</h3><p class="feature-card-count">1 of 2 covered</p>');
    // The tick and cross are pictures: each answer is said in words too.
    expect(feature?.html).toContain('<span class="visually-hidden">Not covered: </span>Accidental damage to your own van');
    expect(feature?.html).toContain('<div class="feature-after"><p>Third party only is the legal minimum.</p></div>');
  });

  it('draws any other table as a card per row, each cell under its column’s heading', () => {
    const part =
      '<h2>Covers compared</h2><table><thead><tr><th>Cover</th><th>Usual limit</th></tr></thead><tbody><tr><td>Public liability</td><td>€6.5m</td></tr></tbody></table>';
    const { feature } = liftFeature(part, 'Covers compared');
    expect(feature?.kind).toBe('rows');
    expect(feature?.html).toContain(
      '<li class="feature-card"><h3>Public liability</h3><dl class="feature-fields"><div><dt>Usual limit</dt><dd>€6.5m</dd></div></dl></li>',
    );
  });

  it('draws "###" parts and lists as numbered tiles, keeping the words around them', () => {
    const parts = liftFeature('<h2>Drivers</h2><p>Lead.</p><h3>Licence</h3><p>A.</p><h3>CPC</h3><p>B.</p>', 'Drivers').feature;
    expect(parts?.kind).toBe('tiles');
    expect(parts?.html).toBe(
      '<div class="feature-lead"><p>Lead.</p></div><ul class="feature-tiles cards-2"><li class="feature-tile"><span class="feature-number" aria-hidden="true">1</span><h3>Licence</h3><p>A.</p></li><li class="feature-tile"><span class="feature-number" aria-hidden="true">2</span><h3>CPC</h3><p>B.</p></li></ul>',
    );
    const list = liftFeature('<h2>Ways</h2><ol>\n<li>One.</li>\n<li>Two.</li>\n</ol><p>After.</p>', 'Ways').feature;
    expect(list?.kind).toBe('list');
    expect(list?.html).toMatch(/^<ol class="feature-tiles is-list cards-2">/);
    expect(list?.html).toContain('<div class="feature-after"><p>After.</p></div>');
  });

  it('leaves the text as it was when the part is missing or holds nothing to draw', () => {
    const text = '<h2>Plain</h2><p>Only words.</p>';
    expect(liftFeature(text, 'Levels of cover')).toEqual({ html: text, feature: null });
    expect(liftFeature(text, 'Plain')).toEqual({ html: text, feature: null });
  });

  it("stops a part at the preview's wrapper", () => {
    const { html, feature } = liftFeature('<div data-edit="x"><h2>Ways</h2><ul><li>One.</li></ul></div>', 'Ways');
    expect(html).toBe('<div data-edit="x"></div>');
    expect(feature?.kind).toBe('list');
  });
});
