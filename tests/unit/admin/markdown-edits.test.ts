import { describe, expect, it } from 'vitest';
import { applyMarkdown } from '#src/admin/rich-text/markdown-edits.ts';

describe('the post editor’s Markdown toolbar', () => {
  it('wraps the selection in a mark and keeps the words selected', () => {
    const edit = applyMarkdown('bold', { text: 'Have your Eircode handy.', start: 10, end: 17 });
    expect(edit.text).toBe('Have your **Eircode** handy.');
    expect(edit.text.slice(edit.start, edit.end)).toBe('Eircode');
  });

  it('with nothing selected, puts in a placeholder that typing replaces', () => {
    const edit = applyMarkdown('italic', { text: 'Ready. ', start: 7, end: 7 });
    expect(edit.text).toBe('Ready. _italic text_');
    expect(edit.text.slice(edit.start, edit.end)).toBe('italic text');
  });

  it('makes a link of the words and leaves the cursor where the address goes', () => {
    const edit = applyMarkdown('link', { text: 'See the guide.', start: 8, end: 13 });
    expect(edit.text).toBe('See the [guide](https://).');
    expect(edit.start).toBe(edit.end);
    expect(edit.text.slice(0, edit.start)).toBe('See the [guide](https://');
  });

  it('prefixes every line a selection touches, numbering a numbered list', () => {
    const text = 'Intro\nLicence\nPenalty points\nOutro';
    const start = text.indexOf('cence');
    const end = text.indexOf('points');
    const edit = applyMarkdown('numbers', { text, start, end });
    expect(edit.text).toBe('Intro\n1. Licence\n2. Penalty points\nOutro');
    expect(edit.text.slice(edit.start, edit.end)).toBe('1. Licence\n2. Penalty points');
  });

  it('makes the line the cursor is on a heading', () => {
    expect(applyMarkdown('heading', { text: 'First\nWhat it costs', start: 9, end: 9 }).text).toBe('First\n## What it costs');
  });
});
