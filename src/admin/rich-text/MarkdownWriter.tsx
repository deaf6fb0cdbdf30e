import { type ComponentProps, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { loadChunk } from '#src/lib/chunk-load.ts';
import { joinIds } from '#src/ui/form-state.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { formatOnShortcut, MarkdownToolbar } from './MarkdownToolbar.tsx';

// The visual editor (ProseMirror) is the back-office's largest piece: only a screen that shows it loads it.
const RichTextEditor = lazy(() => loadChunk(() => import('./RichTextEditor.tsx')));

/** Written visually, as readers will see it, or as the Markdown the server keeps. */
export type WriteMode = 'visual' | 'markdown';

/** What sets one screen's visual editor apart from another's (RichTextEditor.tsx says what each is). */
export type VisualOptions = Pick<
  ComponentProps<typeof RichTextEditor>,
  'preview' | 'blocks' | 'placeholder' | 'look' | 'minHeight' | 'pickerTitle' | 'phoneRow'
>;

/** Asks a writer for the focus (sent to its element): the words when the visual editor is ready, else the textarea. */
export const FOCUS_WRITING_EVENT = 'bo-focus-writing';

type Props = {
  /** The editable's or the textarea's id. */
  id: string;
  label: string;
  /** Read out but not drawn: where the place of the field says what it is (a post's body under its title). */
  labelHidden?: boolean;
  /** Beside the label (a Visual / Markdown switch). */
  aside?: ReactNode;
  /**
   * At the end of the formatting row (a post's Visual / Markdown / Preview switch): one toolbar
   * row, as Ghost's, rather than a switch on a row of its own above the toolbar. It stays in the
   * page as the mode changes, so the focus stays on the button pressed.
   */
  barEnd?: ReactNode;
  /** Shown in the writing's place under the bar (a post's preview); the writing stays in the page, hidden. */
  replaced?: ReactNode;
  /** The wrapper's class, beside `ui-field`. */
  className: string;
  mode: WriteMode;
  onModeChange(mode: WriteMode): void;
  value: string;
  onChange(markdown: string): void;
  onBlur?(): void;
  /** The message of a refused value, shown (and the field marked invalid) while it is given. */
  error?: string;
  /** What the field takes, in either mode; under it, with `keys` (its shortcuts), which a touch screen leaves out. */
  hints: Record<WriteMode, { words: string; keys: string }>;
  /** Said instead of the hint when the text holds what the visual editor cannot show and opened as Markdown. */
  cannotShow: string;
  /** More ids that describe the field (a hint of its own). */
  describedBy?: string;
  visual: VisualOptions;
  /** The textarea's rows and its longest text. */
  rows: number;
  maxLength?: number;
  required?: boolean;
  /**
   * False while the field is folded away unseen: the visual editor (and its download) waits until
   * it is shown. True by default.
   */
  visible?: boolean;
};

/**
 * Markdown the server keeps (a post's body, a page's text), written visually as readers will see
 * it, or as Markdown for those who prefer it and for what the visual editor cannot show (a task
 * list, tags typed as text): such a text opens as Markdown and the hint says why. The mode is
 * the caller's, chosen with `ModeSwitch`.
 */
export function MarkdownWriter(props: Props) {
  const { id, label, labelHidden, aside, barEnd, replaced, className, mode, onModeChange, value, onChange, onBlur, error, hints, cannotShow, visual } = props;
  /** The bar's place for the formatting row, once drawn (null without a bar, or before it is in the page). */
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const toolbarSlot = barEnd ? slot : undefined;
  const labelId = useId();
  const hintId = useId();
  const [cannotShowHere, setCannotShowHere] = useState(false);
  // A person's own switch clears the notice that the text opened as Markdown by itself.
  const [notedMode, setNotedMode] = useState(mode);
  if (notedMode !== mode) {
    setNotedMode(mode);
    if (mode === 'visual') setCannotShowHere(false);
  }
  // Once shown, the visual editor stays loaded when its section folds again.
  const [seen, setSeen] = useState(props.visible ?? true);
  if (!seen && props.visible) setSeen(true);
  const [focusRequest, setFocusRequest] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const modeNow = useRef(mode);
  modeNow.current = mode;
  useEffect(() => {
    const element = box.current;
    const focus = () => {
      if (modeNow.current === 'markdown') document.getElementById(id)?.focus();
      else setFocusRequest((count) => count + 1);
    };
    element?.addEventListener(FOCUS_WRITING_EVENT, focus);
    return () => element?.removeEventListener(FOCUS_WRITING_EVENT, focus);
  }, [id]);

  const errorId = `${id}-error`;
  const describedBy = joinIds(hintId, props.describedBy, error && errorId);
  const labelClass = labelHidden ? 'ui-label visually-hidden' : 'ui-label';

  const labelled =
    mode === 'visual' ? (
      // The editable is a <div>, which a <label> cannot name: it is named by this text instead.
      <span id={labelId} className={labelClass}>
        {label}
      </span>
    ) : (
      <label id={labelId} className={labelClass} htmlFor={id}>
        {label}
      </label>
    );

  return (
    <div ref={box} className={`ui-field ${className}`} data-writing="">
      {aside ? (
        <div className="bo-writer-head">
          {labelled}
          {aside}
        </div>
      ) : (
        labelled
      )}
      {barEnd && (
        <div className="bo-writer-bar">
          <div ref={setSlot} className="bo-writer-tools" hidden={Boolean(replaced)} />
          {barEnd}
        </div>
      )}
      {replaced}
      <div className="bo-writer-body" hidden={Boolean(replaced)}>
        {mode === 'visual' ? (
          seen && (
            <Suspense fallback={<Spinner label="Opening the editor" />}>
              <RichTextEditor
                {...visual}
                id={id}
                labelledBy={labelId}
                describedBy={describedBy}
                invalid={Boolean(error)}
                initial={value}
                onChange={onChange}
                onBlur={() => onBlur?.()}
                focusRequest={focusRequest}
                toolbarSlot={toolbarSlot}
                onCannotShow={() => {
                  setCannotShowHere(true);
                  onModeChange('markdown');
                }}
              />
            </Suspense>
          )
        ) : (
          <div className="bo-rich">
            <MarkdownToolbar target={id} onChange={onChange} phoneRow={visual.phoneRow} slot={toolbarSlot} />
            <textarea
              id={id}
              name={id}
              className="ui-input ui-textarea"
              value={value}
              rows={props.rows}
              maxLength={props.maxLength}
              required={props.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              onKeyDown={(event) => formatOnShortcut(event, onChange)}
            />
          </div>
        )}
        {error && (
          <p id={errorId} className="ui-field-error">
            {error}
          </p>
        )}
        <p id={hintId} className="bo-hint">
          {cannotShowHere ? (
            cannotShow
          ) : (
            <>
              {hints[mode].words} <span className="bo-keys-hint">{hints[mode].keys}</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

/**
 * One switch of pressed-or-not buttons (a group named by `legend`): write visually or as
 * Markdown, and any other view a screen adds (a post's Preview).
 */
export function ModeSwitch<View extends string>({
  legend,
  views,
  view,
  onChange,
  className,
}: {
  legend: string;
  /** Each view and its button's words, in order. */
  views: readonly (readonly [View, string])[];
  view: View;
  onChange(view: View): void;
  className: string;
}) {
  return (
    <fieldset className={`bo-segmented ${className}`}>
      <legend className="visually-hidden">{legend}</legend>
      {views.map(([choice, words]) => (
        <button key={choice} type="button" className="bo-button bo-button-quiet" aria-pressed={view === choice} onClick={() => onChange(choice)}>
          {words}
        </button>
      ))}
    </fieldset>
  );
}
