import { useState } from 'react';
import type { BlockId } from '#src/admin/rich-text/blocks.ts';
import { MarkdownWriter, ModeSwitch, type VisualOptions, type WriteMode } from '#src/admin/rich-text/MarkdownWriter.tsx';
import { previewMarkdown } from '#src/admin/stores/content.ts';
import { CONTENT_LIMITS } from '#src/schemas/content.ts';
import { TextWithFacts } from './FactChips.tsx';

/**
 * What a page's text offers to add. The page's renderer keeps what the blog's does (the same
 * sanitiser, src/lib/markdown.ts), but not all of it belongs in a page's text: no pictures,
 * because the media library counts and replaces an upload only where a page holds it as a
 * picture element (src/server/media-library/queries.ts), so one inside a text could be deleted
 * or replaced under it; no tables, because only the product pages' comparisons style them and a
 * table is awkward to edit in a field a phone's width. Text holding either opens as Markdown
 * (the van and public liability pages' levels of cover do), so nothing in it is lost.
 */
export const PAGE_TEXT_BLOCKS: readonly BlockId[] = ['heading', 'subheading', 'bullets', 'numbers', 'quote', 'divider'];

/** The visual editor as a page's text has it: decided by the page's renderer, a field among fields. */
const VISUAL: VisualOptions = {
  preview: previewMarkdown,
  blocks: PAGE_TEXT_BLOCKS,
  placeholder: 'Write here, or type / to add a heading, a list or a quote',
  look: 'field',
  minHeight: '7rem',
  // A field in a folding panel is narrower than a phone's window: a 320 px phone has room for four
  // buttons beside More, so the heading joins the rest under it.
  phoneRow: ['bold', 'italic', 'link', 'bullets'],
};

const HINTS: Record<WriteMode, { words: string; keys: string }> = {
  visual: {
    words: 'Select words to style them. Type / on an empty line to add a heading, a list, a quote or a divider.',
    keys: 'Ctrl+B, Ctrl+I and Ctrl+K style the selection.',
  },
  markdown: {
    words: 'Written in Markdown: a blank line starts a new paragraph, ## a heading, - a list item.',
    keys: 'Ctrl+B, Ctrl+I and Ctrl+K work here too.',
  },
};

const MODES = [
  ['visual', 'Visual'],
  ['markdown', 'Markdown'],
] as const;

type Props = {
  id: string;
  /** The element's name. */
  label: string;
  value: string;
  onChange(markdown: string): void;
  error?: string;
  /** The element's own hint (the site facts it may name), under the field. */
  hint?: string;
  /** False while its section is folded: the visual editor is loaded once the field is seen. */
  visible: boolean;
};

/**
 * A page's text, kept as Markdown: written visually by default, as a post's body is, with the
 * same switch to Markdown beside its name. Saved exactly as the Markdown the textarea would hold.
 */
export function MarkdownField({ id, label, value, onChange, error, hint, visible }: Props) {
  const [mode, setMode] = useState<WriteMode>('visual');
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <>
      <MarkdownWriter
        id={id}
        label={label}
        className="bo-markdown-field"
        aside={<ModeSwitch<WriteMode> legend={`Write ${label} as`} className="bo-write-mode" views={MODES} view={mode} onChange={setMode} />}
        mode={mode}
        onModeChange={setMode}
        value={value}
        onChange={onChange}
        error={error}
        hints={HINTS}
        cannotShow="This text has formatting the visual editor cannot show, so it is open as Markdown. Nothing has been changed."
        describedBy={hintId}
        visual={VISUAL}
        rows={8}
        maxLength={CONTENT_LIMITS.markdown}
        visible={visible}
      />
      {hint && (
        <p id={hintId} className="bo-hint">
          <TextWithFacts text={hint} />
        </p>
      )}
    </>
  );
}
