// @vitest-environment jsdom
import { Editor } from '@tiptap/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BlockMenu, blockMenuKey, placeNear, scrollToFit } from '#src/admin/rich-text/block-menu.ts';
import { blocksMatching } from '#src/admin/rich-text/blocks.ts';
import { bodyExtensions } from '#src/admin/rich-text/body-extensions.ts';
import { markdownToSafeHtml } from '#src/lib/markdown.ts';

const onChoose = vi.fn();
const editor = new Editor({ extensions: [...bodyExtensions(), BlockMenu.configure({ listboxId: 'blocks', onChoose })], content: '' });
afterAll(() => editor.destroy());

/** Text typed at the cursor, as the browser hands it to the editor. */
function type(text: string) {
  for (const letter of text) {
    const { from, to } = editor.state.selection;
    const handled = editor.view.someProp('handleTextInput', (handle) =>
      handle(editor.view, from, to, letter, () => editor.state.tr.insertText(letter, from, to)),
    );
    if (!handled) editor.view.dispatch(editor.state.tr.insertText(letter, from, to));
  }
}
const press = (key: string) => editor.view.someProp('handleKeyDown', (handle) => handle(editor.view, new KeyboardEvent('keydown', { key })));
const menu = () => blockMenuKey.getState(editor.state);

describe('the "/" menu', () => {
  it('narrows the blocks by the words typed after the "/"', () => {
    expect(blocksMatching('').map((block) => block.id)).toEqual(['heading', 'subheading', 'bullets', 'numbers', 'quote', 'picture', 'table', 'divider']);
    expect(blocksMatching('list').map((block) => block.id)).toEqual(['bullets', 'numbers']);
    expect(blocksMatching('Head').map((block) => block.id)).toEqual(['heading', 'subheading']);
    expect(blocksMatching('image').map((block) => block.id)).toEqual(['picture']);
    expect(blocksMatching('video')).toEqual([]);
  });

  it('opens on a "/" typed on an empty line only, moves with the arrows, and Enter chooses the block in place of what was typed', () => {
    editor.commands.setContent('<p>Some words</p>');
    editor.commands.focus('end');
    type('/');
    expect(menu()?.open).toBe(false);
    editor.commands.setContent('<p>Some words</p><p></p>');
    editor.commands.focus('end');
    type('/list');
    expect(menu()).toMatchObject({ open: true, query: 'list', index: 0 });
    expect(editor.view.dom.getAttribute('aria-activedescendant')).toBe('blocks-bullets');
    expect(press('ArrowDown')).toBe(true);
    expect(editor.view.dom.getAttribute('aria-activedescendant')).toBe('blocks-numbers');
    expect(press('ArrowDown')).toBe(true);
    expect(menu()).toMatchObject({ index: 0 });
    press('ArrowUp');
    expect(press('Enter')).toBe(true);
    const start = editor.state.doc.child(0).nodeSize + 1;
    expect(onChoose).toHaveBeenCalledWith('numbers', { from: start, to: start + 5 });
  });

  it('closes on Escape, keeping the "/", and when what follows it is no longer a search', () => {
    editor.commands.setContent('<p></p>');
    editor.commands.focus('end');
    type('/');
    expect(menu()?.open).toBe(true);
    expect(press('Escape')).toBe(true);
    expect(menu()?.open).toBe(false);
    expect(editor.getText()).toBe('/');
    expect(editor.view.dom.hasAttribute('aria-activedescendant')).toBe(false);
    editor.commands.setContent('<p></p>');
    editor.commands.focus('end');
    type('/quote');
    expect(menu()?.open).toBe(true);
    editor.commands.setTextSelection(1);
    expect(menu()?.open).toBe(false);
  });

  it('adds only blocks the blog shows: a divider survives the Markdown the server keeps', () => {
    editor.commands.setContent('<p>Before</p><p></p>');
    editor.chain().focus('end').setHorizontalRule().insertContent('After').run();
    expect(markdownToSafeHtml(editor.getMarkdown())).toBe('<p>Before</p>\n<hr />\n<p>After</p>\n');
  });

  it('adds a table the blog shows: its heading row and cells survive the Markdown the server keeps, even before they are filled', () => {
    editor.commands.setContent('<p></p>');
    editor.chain().focus('end').insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run();
    const empty = markdownToSafeHtml(editor.getMarkdown());
    expect(empty).toContain('<table>');
    expect(empty.match(/<th>/g)).toHaveLength(2);
    expect(empty.match(/<td>/g)).toHaveLength(4);
    editor.chain().focus('start').insertContent('Cover').run();
    expect(markdownToSafeHtml(editor.getMarkdown())).toContain('<th>Cover</th>');
  });
});

describe('where the "/" menu opens', () => {
  // A frame (the writing) from 100 to 700 px down a 320 × 640 window, its left edge at 16 px.
  const frame = { top: 100, bottom: 700, left: 16, width: 288 };
  const size = { height: 430, width: 256 };
  const view = { top: 56, bottom: 640 };

  it('opens under the "/" where the window has room', () => {
    expect(placeNear({ top: 120, bottom: 140, left: 16 }, frame, size, view)).toEqual({ top: 44, left: 0, maxHeight: 488 });
  });

  it('opens upward near the bottom of the window, and stays inside it under the bars at its top', () => {
    const place = placeNear({ top: 600, bottom: 620, left: 40 }, frame, size, view);
    expect(place).toEqual({ bottom: 104, left: 24, maxHeight: 532 });
    // Its top edge, as the window sees it: below the top bar.
    expect(frame.bottom - (place.bottom as number) - size.height).toBeGreaterThanOrEqual(view.top);
  });

  it('scrolls within itself on the side with more room when neither holds all of it, and moves left to stay in the frame', () => {
    const place = placeNear({ top: 400, bottom: 420, left: 300 }, frame, { height: 500, width: 256 }, view);
    expect(place).toEqual({ bottom: 304, left: 32, maxHeight: 332 });
  });

  it('scrolls the page up under a list short of room on both sides, as far as the "/" stays in sight and the page can go', () => {
    const at = { top: 400, bottom: 420 };
    const size = { height: 440 };
    // 208 px below, 332 above: the page moves 232 px, and the list then fits under the "/".
    expect(scrollToFit(size, at, view, 1000)).toBe(232);
    const moved = { top: at.top - 232, bottom: at.bottom - 232, left: 16 };
    expect(placeNear(moved, { ...frame, top: frame.top - 232, bottom: frame.bottom - 232 }, { ...size, width: 256 }, view)).toEqual({
      top: 324,
      left: 0,
      maxHeight: 440,
    });
    // The "/" would pass under the top bar: only so far.
    expect(scrollToFit({ height: 600 }, at, view, 1000)).toBe(336);
    // The page ends first.
    expect(scrollToFit(size, at, view, 50)).toBe(50);
    // Room on a side already: nothing moves.
    expect(scrollToFit({ height: 300 }, at, view, 1000)).toBe(0);
  });
});
