import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import type { ChainedCommands, Range } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { BubbleMenu } from '@tiptap/react/menus';
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link, List, ListOrdered, TextQuote } from 'lucide-static';
import { Toolbar, type ToolbarButton } from '#src/admin/kit/Toolbar.tsx';
import { FormattingToolbar } from './FormattingToolbar.tsx';
import { MediaPicker } from '#src/admin/screens/media/MediaPicker.tsx';
import { bodyExtensions } from './body-extensions.ts';
import { BlockMenu } from './block-menu.ts';
import type { BlockId } from './blocks.ts';
import { offeredButtons } from './offered.ts';
import { BlockMenuList } from './BlockMenuList.tsx';
import { InlinePrompt } from './InlinePrompt.tsx';
import { LinkPopover } from './LinkPopover.tsx';

type Props = {
  /** The editable's id; `labelledBy` and `describedBy` name its label and hints. */
  id: string;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  /** The body as Markdown when the editor opens. */
  initial: string;
  onChange(markdown: string): void;
  onBlur(): void;
  /** The body holds what this editor cannot show (see `showsWhole`): it stays as it is, and the body opens as Markdown. */
  onCannotShow(): void;
  /**
   * Markdown as its readers will see it, rendered by the server (the blog's preview for a post,
   * the page's for a page's text): whether the editor shows a text whole is decided by it.
   */
  preview(markdown: string): Promise<string>;
  /** The blocks the "/" menu and the toolbar offer; pictures and tables only where they reach readers and are kept track of. */
  blocks: readonly BlockId[];
  /** What an empty editor says. */
  placeholder: string;
  /**
   * 'page': the writing is the page (a post's body: no box, room above the first line for the bar
   * that floats by a selection); 'field': a boxed field among others (a page's text), the floating
   * bar under the selection so that it never covers the toolbar just above.
   */
  look: 'page' | 'field';
  /** The writing's least height, a CSS length: a post's body is a page, a page's text a field. */
  minHeight: string;
  /** The picture library's title, when pictures are offered. */
  pickerTitle?: string;
  /** What a phone keeps in the toolbar's row (FormattingToolbar), the rest under More. */
  phoneRow?: readonly string[];
  /** Where the formatting row is drawn, when not in place: the writer's bar, with the switch at its end (null until it is in the page). */
  toolbarSlot?: HTMLElement | null;
  /** Raised to ask for the focus (a click on the text in a page's preview): the words get it once editable. */
  focusRequest?: number;
};

/**
 * The body as Markdown. A space typed at the end of a line reaches the editor as a no-break
 * space (the browser's doing); it is written as the space it was, and the serialiser's closing
 * blank lines are dropped.
 */
const markdownOf = (editor: Editor) => editor.getMarkdown().replaceAll('\u00a0', ' ').trimEnd();

/**
 * Whether the visual editor shows the body whole: what it would save renders as the body does
 * now. The renderer is the server's (`preview`, the one readers' pages use), so the comparison
 * is of what readers would see, not of how the Markdown is spelled.
 */
async function showsWhole(markdown: string, editor: Editor, preview: Props['preview']): Promise<boolean> {
  const again = markdownOf(editor);
  if (again.trim() === markdown.trim()) return true;
  const [before, after] = await Promise.all([preview(markdown), preview(again)]);
  return before === after;
}

/** The styles at the cursor, which the toolbar shows as pressed buttons. */
const activeStyles = (editor: Editor) => ({
  heading: editor.isActive('heading', { level: 2 }),
  subheading: editor.isActive('heading', { level: 3 }),
  bold: editor.isActive('bold'),
  italic: editor.isActive('italic'),
  link: editor.isActive('link'),
  bullets: editor.isActive('bulletList'),
  numbers: editor.isActive('orderedList'),
  quote: editor.isActive('blockquote'),
});

/** What each block of the "/" menu does once the "/" is gone (the picture is chosen from the library first). */
const ADD_BLOCK: Record<Exclude<BlockId, 'picture'>, (at: ChainedCommands) => ChainedCommands> = {
  heading: (at) => at.setNode('heading', { level: 2 }),
  subheading: (at) => at.setNode('heading', { level: 3 }),
  bullets: (at) => at.toggleBulletList(),
  numbers: (at) => at.toggleOrderedList(),
  quote: (at) => at.toggleBlockquote(),
  // A heading row and two of values, as Markdown's tables always have a heading row.
  table: (at) => at.insertTable({ rows: 3, cols: 2, withHeaderRow: true }),
  divider: (at) => at.setHorizontalRule(),
};

/** The buttons of the bar that floats by a selection. */
const BY_THE_SELECTION = ['bold', 'italic', 'link', 'heading', 'subheading', 'quote'];

/** The formatting that floats by a selection: words selected, not a picture or a table's cells, and never code. */
const selectionFormattable = ({
  editor,
  state,
  from,
  to,
  element,
}: {
  editor: Editor;
  state: Editor['state'];
  from: number;
  to: number;
  element: HTMLElement;
}) =>
  (editor.view.hasFocus() || element.contains(document.activeElement)) &&
  editor.isEditable &&
  state.selection instanceof TextSelection &&
  !state.selection.empty &&
  state.doc.textBetween(from, to).trim() !== '' &&
  !editor.isActive('codeBlock');

/**
 * Markdown (a post's body, a page's text) as readers will see it (ProseMirror through Tiptap),
 * read from and written back as the Markdown the server stores. It is editable only once it is
 * known to show the text whole, so nothing can be lost by opening one in it. Loaded on demand
 * (MarkdownWriter.tsx): only a screen that shows one pays for it.
 */
export default function RichTextEditor(props: Props) {
  const { id, labelledBy, describedBy, invalid, initial, blocks, placeholder, look, minHeight, pickerTitle, phoneRow, toolbarSlot, focusRequest = 0 } = props;
  /** The words a link is being made of, while its address is asked for ('' when none are selected). */
  const [linking, setLinking] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  /** A picture chosen from the library that has no alt text there yet: it is asked for before it goes in. */
  const [undescribed, setUndescribed] = useState<string | null>(null);
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  /** Known to show the text whole, and so editable. */
  const [ready, setReady] = useState(false);
  const bubble = useRef<HTMLDivElement>(null);
  /** The fixed toolbar is in the window: on a page to write on, the floating bar would only repeat it. */
  const toolbarSeen = useRef(true);
  const blocksId = `${id}-blocks`;
  const pictures = blocks.includes('picture');
  const callbacks = useRef({ ...props, addBlock });
  callbacks.current = { ...props, addBlock };
  /** The Markdown the editor holds as last read or written: a body that differs from it was changed elsewhere. */
  const held = useRef(initial);

  const editor = useEditor({
    extensions: [
      ...bodyExtensions({ pictures, tables: blocks.includes('table') }),
      // An empty body says where the writing goes, and how to add more than words, as Ghost's does.
      Placeholder.configure({ placeholder }),
      BlockMenu.configure({ listboxId: blocksId, blocks, onChoose: (block, range) => callbacks.current.addBlock(block, range) }),
    ],
    content: initial,
    contentType: 'markdown',
    editable: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class: 'bo-rich-text',
      },
      // A click in a link puts the cursor in it (to edit it with Ctrl+K), never follows it away from the post.
      handleDOMEvents: {
        click: (_view, event) => {
          if (event.target instanceof Element && event.target.closest('a')) event.preventDefault();
          return false;
        },
      },
      handleKeyDown: (_view, event) => {
        // Ctrl+K (⌘K) asks for a link, as in a word processor.
        if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false;
        event.preventDefault();
        setLinking(wordsAtCursor());
        return true;
      },
    },
    onUpdate: ({ editor: changed }) => {
      held.current = markdownOf(changed);
      callbacks.current.onChange(held.current);
    },
    onBlur: () => callbacks.current.onBlur(),
  });

  /** Closes the link popover; Escape and Cancel put the cursor back in the words, a click elsewhere leaves it there. */
  const closeLink = useCallback(
    (refocus: boolean) => {
      setLinking(null);
      if (refocus) editor.commands.focus();
    },
    [editor],
  );

  /** Adds a block from the "/" menu where the "/" and the words after it were. */
  function addBlock(block: BlockId, range: Range) {
    const at = editor.chain().focus().deleteRange(range);
    if (block !== 'picture') return void ADD_BLOCK[block](at).run();
    at.run();
    setPicking(true);
  }

  /** The selected words (a link's whole text when the cursor is in one), for the link popover to name. */
  function wordsAtCursor(): string {
    const { from, to, empty } = editor.state.selection;
    if (!empty) return editor.state.doc.textBetween(from, to, ' ');
    if (!editor.isActive('link')) return '';
    const { $from } = editor.state.selection;
    const node = $from.parent.childAfter($from.parentOffset).node ?? $from.parent.childBefore($from.parentOffset).node;
    return node?.text ?? '';
  }

  // Editable once the body is known to show whole; otherwise it is left as it is. A body changed
  // elsewhere (an undo, an earlier value put back) is read in again and checked as on opening.
  useEffect(() => {
    let current = true;
    if (initial !== held.current) {
      held.current = initial;
      editor.setEditable(false, false);
      editor.commands.setContent(initial, { contentType: 'markdown', emitUpdate: false });
    }
    showsWhole(initial, editor, callbacks.current.preview)
      .then((whole) => {
        if (!current) return;
        if (whole) {
          editor.setEditable(true, false);
          setReady(true);
        } else callbacks.current.onCannotShow();
      })
      .catch(() => current && callbacks.current.onCannotShow());
    return () => {
      current = false;
    };
  }, [editor, initial]);

  useEffect(() => {
    if (ready && focusRequest > 0) editor.commands.focus('start');
  }, [editor, ready, focusRequest]);

  // A post's body (look "page") floats its bar only once the fixed toolbar has scrolled out of the
  // window, so there are never two rows of the same buttons one above the other. A field's bar,
  // under the selection, never covers its toolbar and stays as it is.
  useEffect(() => {
    const toolbar = toolbarSlot ?? frame?.firstElementChild;
    if (look !== 'page' || !toolbar) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        toolbarSeen.current = Boolean(entry?.isIntersecting);
        // Asks the floating bar to decide again now, not at the next keystroke.
        if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
      },
      // The window less the editor's header, which stays over the top of the page at a desk.
      { rootMargin: '-72px 0px 0px 0px' },
    );
    observer.observe(toolbar);
    return () => observer.disconnect();
  }, [editor, look, toolbarSlot, frame]);

  // Described and marked invalid as the form's other fields are; the attributes follow the error.
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-describedby': describedBy ?? '',
          'aria-invalid': invalid ? 'true' : 'false',
        },
      },
    });
  }, [editor, describedBy, invalid]);

  const linkAtCursor: string = editor.getAttributes('link').href ?? '';
  const styles = useEditorState({ editor, selector: ({ editor: at }) => activeStyles(at) });
  const chain = () => editor.chain().focus();
  const every: ToolbarButton[] = [
    { key: 'heading', label: 'Heading', icon: Heading2, pressed: styles.heading, onClick: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'subheading', label: 'Subheading', icon: Heading3, pressed: styles.subheading, onClick: () => chain().toggleHeading({ level: 3 }).run() },
    { key: 'bold', label: 'Bold', icon: Bold, pressed: styles.bold, groupStart: true, onClick: () => chain().toggleBold().run() },
    { key: 'italic', label: 'Italic', icon: Italic, pressed: styles.italic, onClick: () => chain().toggleItalic().run() },
    { key: 'link', label: 'Link', icon: Link, pressed: styles.link, onClick: () => setLinking(wordsAtCursor()) },
    { key: 'bullets', label: 'Bulleted list', icon: List, pressed: styles.bullets, groupStart: true, onClick: () => chain().toggleBulletList().run() },
    { key: 'numbers', label: 'Numbered list', icon: ListOrdered, pressed: styles.numbers, onClick: () => chain().toggleOrderedList().run() },
    { key: 'quote', label: 'Quote', icon: TextQuote, pressed: styles.quote, onClick: () => chain().toggleBlockquote().run() },
    { key: 'image', label: 'Image from the library', icon: ImagePlus, groupStart: true, onClick: () => setPicking(true) },
  ];
  const buttons = offeredButtons(blocks, every);
  /** By the selection: the styles of words, then what the words' line is. */
  const bubbleButtons = offeredButtons(
    blocks,
    BY_THE_SELECTION.map((key) => ({ ...every.find((one) => one.key === key)!, groupStart: key === 'heading' })),
  );

  return (
    <div className={`bo-rich bo-rich-visual bo-rich-${look}`} ref={setFrame} style={{ '--bo-rich-min-height': minHeight } as CSSProperties}>
      <FormattingToolbar controls={id} buttons={buttons} phoneRow={phoneRow} slot={toolbarSlot} />
      {undescribed && (
        <InlinePrompt
          name="Alt text"
          label="Alt text for the image"
          initial=""
          applyLabel="Add image"
          accept={(typed) => typed.trim() || null}
          problem="Describe the image for people who cannot see it."
          onApply={(alt) => {
            setUndescribed(null);
            chain().setImage({ src: undescribed, alt }).run();
          }}
          onCancel={() => {
            setUndescribed(null);
            editor.commands.focus();
          }}
        />
      )}
      <EditorContent editor={editor} />
      <BubbleMenu
        editor={editor}
        ref={bubble}
        className="bo-bubble"
        shouldShow={(at) => (look !== 'page' || !toolbarSeen.current) && selectionFormattable(at)}
        options={{
          // Above the selection, as Ghost's, from its start (centred over a word at the start of a line
          // it would reach past the writing); on a page it shows only with the toolbar out of sight.
          // In a field, whose toolbar stays in sight just above, under the selection instead.
          placement: look === 'page' ? 'top-start' : 'bottom-start',
          offset: 8,
          shift: { padding: 8 },
          // Reached by Tab from the text, its buttons are the stops: the frame itself is not one.
          onShow: () => bubble.current?.removeAttribute('tabindex'),
        }}
      >
        <Toolbar label="Format the selection" controls={id} buttons={bubbleButtons} />
      </BubbleMenu>
      <BlockMenuList editor={editor} id={blocksId} blocks={blocks} frame={frame} onChoose={addBlock} />
      {linking !== null && (
        <LinkPopover
          editor={editor}
          frame={frame}
          words={linking}
          current={linkAtCursor}
          onApply={(href) => {
            setLinking(null);
            if (editor.state.selection.empty && !editor.isActive('link')) {
              // Nothing selected: the address itself becomes the linked words.
              chain()
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            } else chain().extendMarkRange('link').setLink({ href }).run();
          }}
          onRemove={() => {
            setLinking(null);
            chain().extendMarkRange('link').unsetLink().run();
          }}
          onClose={closeLink}
        />
      )}
      {pictures && picking && (
        <MediaPicker
          kind="image"
          title={pickerTitle ?? 'Choose an image'}
          onChoose={(item) => {
            setPicking(false);
            if (!item.image) return;
            if (item.alt) chain().setImage({ src: item.image.src, alt: item.alt }).run();
            else setUndescribed(item.image.src);
          }}
          onClose={() => {
            setPicking(false);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}
