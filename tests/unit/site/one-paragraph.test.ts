import { describe, expect, it } from 'vitest';
import { markdownHtml, oneParagraph } from '#src/site/content.ts';

const inside = (markdown: string) => oneParagraph(markdownHtml(markdown, 'Home › Renewal › Text'), 'Home › Renewal › Text');

describe("a page's one-paragraph text", () => {
  it('is the paragraph’s inside', () => {
    expect(inside('Renew **by phone** or online.')).toBe('Renew <strong>by phone</strong> or online.');
  });

  it('takes paragraphs typed one after another (Enter in the visual editor) as lines of the one paragraph', () => {
    expect(inside('First line.\n\nSecond *line*.')).toBe('First line.<br>Second <em>line</em>.');
  });

  it('refuses a heading or a list, naming where', () => {
    expect(() => inside('## A heading')).toThrow('Home › Renewal › Text must be one paragraph (no headings or lists).');
    expect(() => inside('Words\n\n- a list')).toThrow(/must be one paragraph/);
  });
});
