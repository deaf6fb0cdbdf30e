import { useEffect, useId, useRef } from 'react';
import type { StagePrompt } from '#src/admin/components/StageBar.tsx';
import type { Lead } from '#src/admin/stores/leads.ts';

type Props = {
  lead: Lead;
  /** The stage's name as the board shows it. */
  to: string;
  /** What the stage asks for (stage-prompts.tsx: the record page's own forms). */
  prompt: StagePrompt;
  /** The stage and what it asked for are saved. */
  onDone(): void;
  /** Escape or Cancel: nothing saved, the card stays where it was. */
  onCancel(): void;
};

/**
 * What a move to Quoted or Won without a premium, or to Lost, asks first, in a small modal
 * <dialog>: the record page's stage-bar form (its fields, Mark …, Cancel), named by its question.
 * Focus moves to the first field; Escape cancels. The board puts the focus back on the card.
 */
export function BoardMoveDialog({ lead, to, prompt, onDone, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const box = dialog.current;
    if (!box) return;
    box.showModal();
    box.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  return (
    // Escape fires 'cancel', then 'close'; the board unmounts the dialog on either outcome.
    <dialog ref={dialog} className="board-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-about`} onClose={onCancel}>
      <h2 id={`${id}-title`} className="board-dialog-title">
        {prompt.title}
      </h2>
      <p id={`${id}-about`} className="board-dialog-about">
        Moving {lead.reference} ({lead.name}) to {to}.
      </p>
      {prompt.body({ done: onDone, cancel: onCancel })}
    </dialog>
  );
}
