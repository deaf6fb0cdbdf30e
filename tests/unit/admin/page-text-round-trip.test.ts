// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyExtensions } from '#src/admin/rich-text/body-extensions.ts';
import { PAGE_TEXT_BLOCKS } from '#src/admin/screens/content/MarkdownField.tsx';
import { markdownToSafeHtml } from '#src/lib/markdown.ts';
import { contentFacts } from '#src/site/content-facts.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { showFacts } from '#src/admin/screens/content/facts-in-text.ts';

/**
 * A page's Markdown text through the page editor's visual editor (no pictures, no tables): what
 * it writes back must show on the page as what it read does. The editor reads a text with the
 * site facts shown as their values, as the page editor holds it.
 */
const editor = new Editor({
  extensions: bodyExtensions({ pictures: PAGE_TEXT_BLOCKS.includes('picture'), tables: PAGE_TEXT_BLOCKS.includes('table') }),
  content: '',
});
afterAll(() => editor.destroy());

const throughEditor = (markdown: string) => {
  editor.commands.setContent(markdown, { contentType: 'markdown' });
  return editor.getMarkdown();
};

const facts = contentFacts();
const texts = seedPages.flatMap((page) =>
  page.sections.flatMap((section) =>
    section.elements
      .filter((element) => element.fieldType === 'markdown')
      .map((element) => [`${page.root} › ${section.name} › ${element.name}`, showFacts(element.value as string, facts)] as const),
  ),
);

describe('the visual editor of a page’s text', () => {
  it('has seeded texts to open', () => {
    expect(texts.length).toBeGreaterThan(20);
  });

  // A comparison table (a product page's levels of cover) is Markdown the visual editor does not
  // offer: such a text opens as Markdown (showsWhole), so nothing in it is lost.
  const holdsTable = (markdown: string) => /^\|.*\|\s*\n\|[\s:|-]+\|\s*$/m.test(markdown);
  const visual = texts.filter(([, markdown]) => !holdsTable(markdown));
  const asMarkdown = texts.filter(([, markdown]) => holdsTable(markdown));

  it.each(visual)('keeps “%s” as the page shows it', (_where, markdown) => {
    expect(markdownToSafeHtml(throughEditor(markdown))).toBe(markdownToSafeHtml(markdown));
  });

  it.each(asMarkdown)('opens “%s”, which holds a table, as Markdown rather than lose the table', (_where, markdown) => {
    expect(markdownToSafeHtml(throughEditor(markdown))).not.toBe(markdownToSafeHtml(markdown));
  });

  it('offers neither pictures nor tables: a text holding one would change, so it opens as Markdown', () => {
    for (const markdown of ['![A van](/media/0b5d1c2e-8f0a-4c2b-9d2e-1f3a4b5c6d7e/1200.jpg)', '| Area | Checked |\n|---|---|\n| Brakes | Balance |']) {
      expect(markdownToSafeHtml(throughEditor(markdown))).not.toBe(markdownToSafeHtml(markdown));
    }
  });

  it('writes a word made bold as Markdown', () => {
    editor.commands.setContent('<p>Call us today</p>');
    editor.chain().setTextSelection({ from: 6, to: 8 }).toggleBold().run();
    expect(editor.getMarkdown().trim()).toBe('Call **us** today');
  });
});
