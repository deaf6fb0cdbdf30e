// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterAll, describe, expect, it } from 'vitest';
import { bodyExtensions } from '#src/admin/rich-text/body-extensions.ts';
import { markdownToSafeHtml } from '#src/lib/markdown.ts';
import { seedPosts } from '#src/server/posts/seed-posts.ts';

/**
 * The visual editor reads a post's Markdown and writes Markdown back. What it writes must show
 * on the blog as what it read did: the comparison is of the blog's own HTML.
 */
const editor = new Editor({ extensions: bodyExtensions(), content: '' });
afterAll(() => editor.destroy());

const throughEditor = (markdown: string) => {
  editor.commands.setContent(markdown, { contentType: 'markdown' });
  return editor.getMarkdown();
};

describe('the visual body editor', () => {
  it.each(seedPosts.map((post) => [post.title, post.body]))('keeps the seeded post “%s” as the blog shows it', (_title, body) => {
    expect(markdownToSafeHtml(throughEditor(body))).toBe(markdownToSafeHtml(body));
  });

  it('keeps every element the blog shows: headings, styles, links, lists, quotes, code, pictures and tables', () => {
    const body = [
      '# Old top heading',
      'Text with *emphasis*, **strong words**, `code` and [a link](https://www.rsa.ie "The RSA").',
      '### A smaller heading',
      '- one\n- two\n  - nested',
      '1. first\n2. second',
      '> A quote.',
      '---',
      '```\nblock of code\n```',
      '![A van at dawn](/media/0b5d1c2e-8f0a-4c2b-9d2e-1f3a4b5c6d7e/1200.jpg)',
      '| Area | Checked |\n|---|---|\n| Brakes | Balance |',
      'A line  \nbroken, 5 * 3 and a_b.',
    ].join('\n\n');
    expect(markdownToSafeHtml(throughEditor(body))).toBe(markdownToSafeHtml(body));
  });

  it('would change a task list or tags typed as text: the comparison the editor makes before it opens a body finds them', () => {
    for (const body of ['- [ ] Book the test\n- [x] Service the van', 'Press a <br> here']) {
      expect(markdownToSafeHtml(throughEditor(body))).not.toBe(markdownToSafeHtml(body));
    }
  });

  it('writes what is typed with its styles as Markdown', () => {
    editor.commands.setContent('<p><strong>Ready</strong> for the test</p><p>Bring your <a href="/van-insurance">policy</a>.</p>');
    editor.chain().setTextSelection(2).toggleHeading({ level: 2 }).run();
    expect(editor.getMarkdown().trim()).toBe('## **Ready** for the test\n\nBring your [policy](/van-insurance).');
  });
});
