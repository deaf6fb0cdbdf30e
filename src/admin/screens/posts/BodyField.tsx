import { lazy, Suspense, useId, useState } from 'react';
import { joinIds, visibleError } from '#src/ui/form-state.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { formatOnShortcut, MarkdownToolbar } from '#src/admin/rich-text/MarkdownToolbar.tsx';

// The visual editor (ProseMirror) is the back-office's largest piece: only this screen loads it.
const RichTextEditor = lazy(() => import('#src/admin/rich-text/RichTextEditor.tsx'));

export type BodyMode = 'visual' | 'markdown';

type Props = {
  /** Visual or Markdown: chosen with `BodyViewSwitch`, which the form puts above the body. */
  mode: BodyMode;
  onModeChange(mode: BodyMode): void;
  value: string;
  error?: string;
  touched: boolean;
  onChange(markdown: string): void;
  onTouch(): void;
};

/** What the body takes, and (on a keyboard) its shortcuts, which a touch screen leaves out. */
const HINTS: Record<BodyMode, { words: string; keys: string }> = {
  visual: {
    words: 'Select words to style them. Type / on an empty line to add a heading, a list, a quote, a picture or a table.',
    keys: 'Ctrl+B, Ctrl+I and Ctrl+K style the selection.',
  },
  markdown: {
    words: 'Written in Markdown: a blank line starts a new paragraph, ## a heading, - a list item.',
    keys: 'Ctrl+B, Ctrl+I and Ctrl+K work here too.',
  },
};

/**
 * A post's body, which the server keeps as Markdown: written visually as readers will see it, or
 * as Markdown for those who prefer it (and for what the visual editor cannot show, such as
 * a task list or tags typed as text: such a body opens as Markdown and says why).
 */
export function BodyField({ mode, onModeChange, value, error, touched, onChange, onTouch }: Props) {
  const id = 'body';
  const labelId = useId();
  const hintId = useId();
  const [cannotShow, setCannotShow] = useState(false);
  // A person's own switch clears the notice that the body opened as Markdown by itself.
  const [notedMode, setNotedMode] = useState(mode);
  if (notedMode !== mode) {
    setNotedMode(mode);
    if (mode === 'visual') setCannotShow(false);
  }
  const shown = visibleError(error, touched);
  const errorId = `${id}-error`;
  const describedBy = joinIds(hintId, shown && errorId);

  return (
    <div className="ui-field bo-body-field">
      {mode === 'visual' ? (
        // The editable is a <div>, which a <label> cannot name: it is named by this text instead.
        // Named for assistive technology; on screen its place under the title says what it is.
        <span id={labelId} className="visually-hidden">
          Body
        </span>
      ) : (
        <label id={labelId} className="visually-hidden" htmlFor={id}>
          Body
        </label>
      )}
      {mode === 'visual' ? (
        <Suspense fallback={<Spinner label="Opening the editor" />}>
          <RichTextEditor
            id={id}
            labelledBy={labelId}
            describedBy={describedBy}
            invalid={Boolean(shown)}
            initial={value}
            onChange={onChange}
            onBlur={onTouch}
            onCannotShow={() => {
              setCannotShow(true);
              onModeChange('markdown');
            }}
          />
        </Suspense>
      ) : (
        <div className="bo-rich">
          <MarkdownToolbar target={id} onChange={onChange} />
          <textarea
            id={id}
            name={id}
            className="ui-input ui-textarea"
            value={value}
            rows={18}
            required
            aria-invalid={shown ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onTouch}
            onKeyDown={(event) => formatOnShortcut(event, onChange)}
          />
        </div>
      )}
      {shown && (
        <p id={errorId} className="ui-field-error">
          {shown}
        </p>
      )}
      <p id={hintId} className="bo-hint">
        {cannotShow ? (
          'This post has formatting the visual editor cannot show, so it is open as Markdown. Nothing has been changed.'
        ) : (
          <>
            {HINTS[mode].words} <span className="bo-keys-hint">{HINTS[mode].keys}</span>
          </>
        )}
      </p>
    </div>
  );
}

/** How the body is shown: written visually or as Markdown, or previewed as readers will see it. */
export type BodyView = BodyMode | 'preview';

const VIEW_NAMES: Record<BodyView, string> = { visual: 'Visual', markdown: 'Markdown', preview: 'Preview' };

/** The body's one switch, three pressed-or-not buttons: write it visually, as Markdown, or see the preview. */
export function BodyViewSwitch({ view, onChange }: { view: BodyView; onChange(view: BodyView): void }) {
  return (
    <fieldset className="bo-segmented bo-body-mode">
      <legend className="visually-hidden">Show the body</legend>
      {(['visual', 'markdown', 'preview'] as const).map((choice) => (
        <button key={choice} type="button" className="bo-button bo-button-quiet" aria-pressed={view === choice} onClick={() => onChange(choice)}>
          {VIEW_NAMES[choice]}
        </button>
      ))}
    </fieldset>
  );
}
