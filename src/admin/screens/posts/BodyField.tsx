import type { ReactNode } from 'react';
import { usePhone } from '#src/admin/list/use-phone.ts';
import { ALL_BLOCKS } from '#src/admin/rich-text/blocks.ts';
import { MarkdownWriter, ModeSwitch, type VisualOptions, type WriteMode } from '#src/admin/rich-text/MarkdownWriter.tsx';
import { previewMarkdown } from '#src/admin/stores/posts.ts';
import { visibleError } from '#src/ui/form-state.ts';

export type BodyMode = WriteMode;

type Props = {
  /** Visual or Markdown: chosen with `BodyViewSwitch`, which the form puts at the end of the toolbar's row (`barEnd`). */
  mode: BodyMode;
  onModeChange(mode: BodyMode): void;
  value: string;
  error?: string;
  touched: boolean;
  onChange(markdown: string): void;
  onTouch(): void;
  /** At the end of the formatting row: the body's view switch. */
  barEnd: ReactNode;
  /** In the writing's place while the post is previewed. */
  replaced?: ReactNode;
};

/** What the body takes, and (on a keyboard) its shortcuts, which a touch screen leaves out. */
const HINTS: Record<BodyMode, { words: string; keys: string }> = {
  visual: {
    words: 'Select words to style them. Type / on an empty line to add a heading, a list, a quote, an image or a table.',
    keys: 'Ctrl+B, Ctrl+I and Ctrl+K style the selection.',
  },
  markdown: {
    words: 'Written in Markdown: a blank line starts a new paragraph, ## a heading, - a list item.',
    keys: 'Ctrl+B, Ctrl+I and Ctrl+K work here too.',
  },
};

/** The visual editor as the post's body has it: all the blog shows, decided by the blog's renderer, the writing as a page. */
const VISUAL: VisualOptions = {
  preview: previewMarkdown,
  blocks: ALL_BLOCKS,
  placeholder: 'Write the post here, or type / to add a heading, a list, an image or a table',
  look: 'page',
  minHeight: '14rem',
  pickerTitle: 'Choose an image for the post',
  // The view switch shares the row on a phone: four styles stay beside it, the rest under More.
  phoneRow: ['bold', 'italic', 'heading', 'link'],
};

/**
 * A post's body, which the server keeps as Markdown: written visually as readers will see it, or
 * as Markdown for those who prefer it (and for what the visual editor cannot show, such as
 * a task list or tags typed as text: such a body opens as Markdown and says why).
 */
export function BodyField({ mode, onModeChange, value, error, touched, onChange, onTouch, barEnd, replaced }: Props) {
  return (
    <MarkdownWriter
      id="body"
      // Named for assistive technology; on screen its place under the title says what it is.
      label="Body"
      labelHidden
      barEnd={barEnd}
      replaced={replaced}
      className="bo-body-field"
      mode={mode}
      onModeChange={onModeChange}
      value={value}
      onChange={onChange}
      onBlur={onTouch}
      error={visibleError(error, touched)}
      hints={HINTS}
      cannotShow="This post has formatting the visual editor cannot show, so it is open as Markdown. Nothing has been changed."
      visual={VISUAL}
      rows={18}
      required
    />
  );
}

/** How the body is shown: written visually or as Markdown, or previewed as readers will see it. */
export type BodyView = BodyMode | 'preview';

const VIEWS = [
  ['visual', 'Visual'],
  ['markdown', 'Markdown'],
  ['preview', 'Preview'],
] as const;

/**
 * The body's one switch at the end of the toolbar's row: three pressed-or-not buttons (write it
 * visually, as Markdown, or see the preview); on a phone, where the row has no room for three
 * words, one select naming the view.
 */
export function BodyViewSwitch({ view, onChange }: { view: BodyView; onChange(view: BodyView): void }) {
  const phone = usePhone();
  if (!phone) return <ModeSwitch legend="Show the body" className="bo-body-mode" views={VIEWS} view={view} onChange={onChange} />;
  return (
    <label className="bo-body-mode-select">
      <span className="visually-hidden">Show the body</span>
      <select className="ui-input ui-select" value={view} onChange={(event) => onChange(event.target.value as BodyView)}>
        {VIEWS.map(([choice, words]) => (
          <option key={choice} value={choice}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}
