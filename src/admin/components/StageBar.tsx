import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Check } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { Icon } from '../kit/Icon.tsx';
import { statusLabel } from '../kit/StatusBadge.tsx';
import './stage-bar.css';

/** What a stage that needs more asks for, drawn under the bar: its question, and a form that saves the stage and the rest, or cancels. */
export type StagePrompt = { title: string; body(close: { done(): void; cancel(): void }): ReactNode };

type Props<S extends string> = {
  statuses: readonly S[];
  status: S;
  /** Saves a new stage; answers the server's message. */
  onSave(status: S): Promise<string>;
  /** The stages that ask for more before they are saved (a lost quote's reason), and what they ask. */
  promptFor?(status: S): StagePrompt | undefined;
  /** A stage that ends the pipeline without success (Lost): never drawn as a step passed. */
  endsBadly?: S;
  label?: (status: S) => string;
};

/**
 * Where a callback, quote or renewal stands, as a bar of its stages (New → Contacted → Quoted →
 * Won / Lost), as Pipedrive and HubSpot draw a deal's: one click on a stage saves it at once,
 * shown before the server answers, with a toast; a refusal puts the bar back and says why in a
 * dialog. A stage that needs more (a lost quote's reason) asks for it in a small form under the
 * bar first, and saves nothing until that is sent. Buttons with aria-pressed, so the keyboard
 * reaches each stage with Tab.
 */
export function StageBar<S extends string>({ statuses, status: saved, onSave, promptFor, endsBadly, label = statusLabel }: Props<S>) {
  const id = useId();
  const [shown, setShown] = useState<S>(saved);
  const [asking, setAsking] = useState<S | null>(null);
  const buttons = useRef(new Map<S, HTMLButtonElement>());
  const promptBox = useRef<HTMLFieldSetElement>(null);
  // A stage saved here or by a colleague (on reload) is the one shown.
  useEffect(() => setShown(saved), [saved]);
  // A prompt opened takes the focus to its first field, as a dialog would.
  useEffect(() => {
    if (asking) promptBox.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [asking]);

  const choose = async (stage: S) => {
    if (stage === shown) return;
    const prompt = promptFor?.(stage);
    if (prompt) {
      setAsking(stage);
      return;
    }
    setAsking(null);
    const before = shown;
    setShown(stage);
    try {
      toast(await onSave(stage), 'Success!');
    } catch (error) {
      setShown(before);
      await showError(messageOf(error));
    }
  };
  const closePrompt = () => {
    const stage = asking;
    setAsking(null);
    if (stage) buttons.current.get(stage)?.focus();
  };

  const at = statuses.indexOf(shown);
  const prompt = asking ? promptFor?.(asking) : undefined;
  // Won and Lost are where a request ends, not steps in a line (Lost does not come after Won): a
  // pair of their own after the steps, as Pipedrive puts them. A list without a bad end is all steps.
  const split = endsBadly ? Math.max(statuses.indexOf(endsBadly) - 1, 0) : statuses.length;
  const stageButton = (stage: S, index: number) => {
    const current = stage === shown;
    const passed = !current && index < at && index < split && shown !== endsBadly;
    return (
      <button
        key={stage}
        ref={(node) => {
          if (node) buttons.current.set(stage, node);
        }}
        type="button"
        className="bo-stage"
        aria-pressed={current}
        aria-expanded={promptFor?.(stage) ? asking === stage : undefined}
        aria-controls={asking === stage ? `${id}-prompt` : undefined}
        data-state={current ? (stage === endsBadly ? 'lost' : index >= split ? 'won' : 'current') : passed ? 'passed' : undefined}
        onClick={() => void choose(stage)}
      >
        {passed && <Icon svg={Check} size={14} />}
        {label(stage)}
      </button>
    );
  };
  return (
    <div className="bo-stages">
      {/* On a phone the steps and the outcomes stack, every stage whole; "Outcome" then names the second row (stage-bar.css). */}
      <fieldset className="bo-stage-bar">
        <legend className="visually-hidden">Status</legend>
        <div className="bo-stage-steps">{statuses.slice(0, split).map((stage, index) => stageButton(stage, index))}</div>
        {split < statuses.length && (
          <div className="bo-stage-outcomes">
            <span className="bo-stage-outcomes-label" aria-hidden="true">
              Outcome
            </span>
            {statuses.slice(split).map((stage, index) => stageButton(stage, split + index))}
          </div>
        )}
      </fieldset>
      {asking && prompt && (
        // Escape leaves the stage as it was, focus back on the stage's button.
        <fieldset
          id={`${id}-prompt`}
          ref={promptBox}
          className="bo-stage-prompt"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              closePrompt();
            }
          }}
        >
          <legend>{prompt.title}</legend>
          {prompt.body({
            done: () => {
              setAsking(null);
              setShown(asking);
            },
            cancel: closePrompt,
          })}
        </fieldset>
      )}
    </div>
  );
}
