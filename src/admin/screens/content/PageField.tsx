import { type RefObject, useEffect, useRef, useState } from 'react';
import { Undo2 } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { markerKey } from '#src/lib/content-markers.ts';
import type { ElementView } from '#src/schemas/content.ts';
import { confirmChoice, showError } from '#src/ui/dialogs.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { previewMarkdown, saveElement } from '#src/admin/stores/content.ts';
import { type Facts, valueSaved, valueShown } from './facts-in-text.ts';
import { ValueEditor } from './ValueEditor.tsx';
import { valueErrors, type LinkValue, type ListValue } from './value-rules.ts';
import type { PreviewHandle } from './PagePreviewFrame.tsx';

/** How long typing pauses before a change is saved (as a draft: nothing is live until published). */
export const SAVE_DELAY_MS = 800;

type Props = {
  element: ElementView;
  facts: Facts;
  selected: boolean;
  /** False while its section is folded away. */
  shown: boolean;
  /** The page's preview, where the value shows as it is typed. */
  preview: RefObject<PreviewHandle | null>;
  onSelect(): void;
  /** A change was saved: the preview is built again. */
  onSaved(): void;
};

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** Shows a value on the page as it is typed: each text where it stands, rendered Markdown in its block. */
function patchPreview(preview: PreviewHandle | null, element: ElementView, value: unknown, rendered: (html: string) => void) {
  if (!preview) return;
  switch (element.fieldType) {
    case 'text':
    case 'longText':
      preview.text(element.id, value as string);
      break;
    case 'link':
      preview.text(element.id, (value as LinkValue).label ?? '');
      break;
    case 'list':
      (value as ListValue).forEach((entry, index) => {
        for (const [field, text] of Object.entries(entry)) preview.text(markerKey(element.id, { index, field }), text);
      });
      break;
    case 'markdown':
      void previewMarkdown(value as string).then(rendered, () => undefined);
      break;
  }
}

/**
 * One element of the page as a field: labelled as the page uses it, site facts shown as their
 * values, checked by the server's rule as it is typed, shown on the preview at once, and saved
 * as a draft once typing pauses. A saved change not yet published can be taken back.
 */
export function PageField({ element, facts, selected, shown, preview, onSelect, onSaved }: Props) {
  const [value, setValue] = useState(() => valueShown(element.value, facts));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [touched, setTouched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** A change is not yet being saved: waiting for typing to pause, or refused by the rule. */
  const waiting = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const errors = valueErrors(element.fieldType, value, element.name);
  const valid = Object.keys(errors).length === 0;

  // Saved elsewhere (a restore, a discard, another member of staff on reload): the field follows,
  // unless words typed since are still to be saved (a save that ends while typing goes on would
  // otherwise take them back, and move the cursor of a visual editor).
  const savedJson = JSON.stringify(element.value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved value, compared as text, is what decides
  useEffect(() => {
    if (status.kind !== 'saving' && !waiting.current) setValue(valueShown(element.value, facts));
  }, [savedJson]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (selected) box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selected]);

  // Saves go one after another: a slow one (the alt text) never lands after a later one (the upload done).
  const saving = useRef<Promise<void>>(Promise.resolve());
  const queued = useRef(0);
  const save = (shown: unknown): Promise<void> => {
    setStatus({ kind: 'saving' });
    queued.current += 1;
    saving.current = saving.current.then(async () => {
      try {
        await saveElement(element, { value: valueSaved(shown, element.value, facts) });
        // "Saved" once the last one is in.
        if (queued.current === 1) setStatus({ kind: 'saved' });
        onSaved();
      } catch (error) {
        setStatus({ kind: 'failed', message: messageOf(error) });
      } finally {
        queued.current -= 1;
      }
    });
    return saving.current;
  };

  const change = (next: unknown) => {
    setValue(next);
    setTouched(true);
    patchPreview(preview.current, element, next, (html) => preview.current?.html(element.id, html));
    clearTimeout(timer.current);
    waiting.current = true;
    if (Object.keys(valueErrors(element.fieldType, next, element.name)).length === 0)
      timer.current = setTimeout(() => {
        waiting.current = false;
        void save(next);
      }, SAVE_DELAY_MS);
    else setStatus({ kind: 'idle' });
  };

  /** Back to what is published: the saved change is undone (it stays in the history). */
  const discard = async () => {
    if (!(await confirmChoice('Undo this change?', `${element.name} goes back to what the live site shows.`, 'Undo the change'))) return;
    clearTimeout(timer.current);
    waiting.current = false;
    try {
      const restored = valueShown(element.publishedValue, facts);
      setValue(restored);
      patchPreview(preview.current, element, restored, (html) => preview.current?.html(element.id, html));
      await save(restored);
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus inside the field selects it on the preview; the field's own controls are the interaction
    <div ref={box} id={`field-${element.id}`} className="bo-page-field" data-selected={selected || undefined} onFocus={onSelect}>
      <ValueEditor
        id={`element-${element.id}`}
        label={element.name}
        type={element.fieldType}
        value={value}
        config={element.config}
        onChange={change}
        errors={errors}
        showErrors={touched && !valid}
        visual
        shown={shown}
      />
      {/* What changed since the last publish: the words the live site shows, beside the draft above. */}
      {element.unpublished && element.publishedAt && typeof element.publishedValue === 'string' && (
        <p className="bo-hint bo-page-field-live">
          Live now: <span>{String(valueShown(element.publishedValue, facts)) || '(empty)'}</span>
        </p>
      )}
      <div className="bo-page-field-foot">
        {element.unpublished && <span className="bo-badge bo-badge-progress">Not yet published</span>}
        <span className="bo-hint" role="status">
          {status.kind === 'saving' ? 'Saving…' : status.kind === 'saved' ? 'Saved as a draft' : ''}
          {status.kind === 'failed' && <span className="bo-error">Not saved: {status.message}</span>}
        </span>
        {element.unpublished && element.publishedAt && (
          <button type="button" className="bo-button bo-button-quiet" onClick={() => void discard()}>
            <Icon svg={Undo2} size={16} />
            Undo the change
          </button>
        )}
      </div>
    </div>
  );
}
