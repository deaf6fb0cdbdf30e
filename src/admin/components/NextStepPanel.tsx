import { type ReactNode, type RefObject, type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { CalendarCheck, CalendarPlus, Ellipsis } from 'lucide-static';
import { ApiError, messageOf } from '#src/api/client.ts';
import { NEXT_STEP_MAX, NextStepSchema, type NextStepInput } from '#src/schemas/follow-up.ts';
import { NOTE_MAX } from '#src/schemas/pipeline.ts';
import { NextStepDoneSchema, type NextStepDoneInput } from '#src/schemas/record-timeline.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { DueIn } from '../kit/DueIn.tsx';
import { Icon } from '../kit/Icon.tsx';
import { Panel } from '../kit/Panel.tsx';
import './records.css';
import { DateInWords } from '#src/admin/kit/DateInWords.tsx';

type Props = {
  nextStep: string;
  nextStepDue: string | null;
  /** Saves the step (both empty clears it); answers the server's message. */
  onSave(input: NextStepInput): Promise<string>;
  /** Marks the step done with what came of it and books the next one (or none); answers the server's message. */
  onDone(input: NextStepDoneInput): Promise<string>;
  /** Saves a note on the record (it then shows on the timeline); answers the server's message. */
  onNote(note: string): Promise<string>;
  /** Who owns the record (OwnerField), above the step: the card is then "Owner and next step". */
  owner?: ReactNode;
};

type Form = { setServerErrors(errors: { field: string; message: string }[]): void };

/** A save that toasts the server's message, or shows its refusal by the fields and in a dialog. */
async function saving(form: Form, run: () => Promise<string>): Promise<void> {
  try {
    toast(await run(), 'Success!');
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
    await showError(messageOf(error));
  }
}

const DUE_HINT = 'Optional. Past due, it shows as overdue in the lists and on the dashboard.';
/** The button that opens a folded booking form, and that form's name. */
const BOOK = 'Book the next step';

/** A form opened by a click takes the focus to its first field, as the stage bar's prompt does. */
function useFocusFirstField(box: RefObject<HTMLElement | null>, when: boolean) {
  useEffect(() => {
    if (when) box.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [box, when]);
}

/** Sets a step where there is none, or changes or clears the one there is (both empty clears it). */
function StepForm({ nextStep, nextStepDue, onSave, onCancel }: Pick<Props, 'nextStep' | 'nextStepDue' | 'onSave'> & { onCancel: () => void }) {
  const form = useForm(NextStepSchema, { nextStep, nextStepDue: nextStepDue ?? '' });
  const box = useRef<HTMLFormElement>(null);
  useFocusFirstField(box, true);
  const submit = form.handleSubmit((input) => saving(form, () => onSave(input)));
  const unchanged = form.values.nextStep === nextStep && form.values.nextStepDue === (nextStepDue ?? '');
  return (
    <form ref={box} className="bo-form-fields" onSubmit={submit} noValidate aria-label={nextStep ? undefined : BOOK}>
      <FormField {...form.field('nextStep')} label="What happens next" maxLength={NEXT_STEP_MAX} placeholder="Ring back with Aviva price" />
      <FormField {...form.field('nextStepDue')} type="date" label="Due" aria-describedby="next-step-due-hint" />
      <DateInWords value={String(form.values.nextStepDue)} />
      <p id="next-step-due-hint" className="bo-hint">
        {nextStep ? `${DUE_HINT} Empty both to clear the step.` : DUE_HINT}
      </p>
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting || unchanged}>
          {form.submitting ? 'Saving…' : 'Save next step'}
        </button>
        <button type="button" className="bo-button bo-button-quiet" disabled={form.submitting} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Opens a folded booking form in its place. */
function BookButton({ onClick, buttonRef }: { onClick: () => void; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  return (
    <button ref={buttonRef} type="button" className="bo-button" onClick={onClick}>
      <Icon svg={CalendarPlus} size={16} />
      {BOOK}
    </button>
  );
}

/** The record's one text box: a note on its own, or what came of the step when it is marked done. */
const NOTE_LABEL = 'Note';

/**
 * The card's one text box and its two actions. With a step: Mark done (the note kept as what
 * came of it) and Add note, the rarer step actions (book the next one in the same save, change
 * or clear the step) behind "More step actions". Without one: Add note and Book the next step.
 */
function NoteForm({
  nextStep,
  onDone,
  onNote,
  onChange,
  onBook,
  bookButton,
}: Pick<Props, 'nextStep' | 'onDone' | 'onNote'> & { onChange: () => void; onBook: () => void; bookButton: RefObject<HTMLButtonElement | null> }) {
  const form = useForm(NextStepDoneSchema, { done: nextStep, note: '', nextStep: '', nextStepDue: '' });
  const [bookOpen, setBookOpen] = useState(false);
  const [noting, setNoting] = useState(false);
  const bookBox = useRef<HTMLFieldSetElement>(null);
  useFocusFirstField(bookBox, bookOpen);
  const note = String(form.values.note ?? '');
  const busy = form.submitting || noting;
  const addNote = async () => {
    setNoting(true);
    try {
      toast(await onNote(note), 'Success!');
      form.setValues((values) => ({ ...values, note: '' }));
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setNoting(false);
    }
  };
  // With a step the form's submit marks it done; without one it adds the note.
  const submit = nextStep
    ? form.handleSubmit((input) => saving(form, () => onDone(input)))
    : (event: SubmitEvent) => {
        event.preventDefault();
        if (note.trim()) void addNote();
      };
  const booking = String(form.values.nextStep ?? '').trim() !== '';
  const hintId = useId();
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <FormField
        {...form.field('note')}
        as="textarea"
        rows={3}
        label={NOTE_LABEL}
        maxLength={NOTE_MAX}
        placeholder="A call, a mail, what was said or agreed"
        aria-describedby={hintId}
      />
      <p id={hintId} className="bo-hint">
        {nextStep ? 'Kept on the timeline. Mark done keeps it with the step, as what came of it.' : 'Kept on the timeline, for whoever picks this up next.'}
      </p>
      {/* Folded until asked for: most steps end without booking another at once. */}
      {bookOpen && (
        <fieldset ref={bookBox} className="ns-book">
          <legend>{BOOK}</legend>
          <FormField {...form.field('nextStep')} label="What happens next" maxLength={NEXT_STEP_MAX} placeholder="Send the proposal form" />
          <FormField {...form.field('nextStepDue')} type="date" label="Due" aria-describedby="next-step-book-hint" />
          <DateInWords value={String(form.values.nextStepDue)} />
          <p id="next-step-book-hint" className="bo-hint">
            Leave empty if nothing more is needed.
          </p>
        </fieldset>
      )}
      <div className="bo-form-actions">
        {nextStep ? (
          <>
            <button type="submit" className="bo-button bo-button-primary" disabled={busy}>
              <Icon svg={CalendarCheck} size={16} />
              {form.submitting ? 'Saving…' : booking ? 'Mark done and book next' : 'Mark done'}
            </button>
            <button type="button" className="bo-button" disabled={busy || !note.trim()} onClick={() => void addNote()}>
              {noting ? 'Saving…' : 'Add note'}
            </button>
            <OptionsMenu
              label="More step actions"
              buttonClassName="bo-button bo-button-icon"
              button={
                <>
                  <Icon svg={Ellipsis} size={18} />
                  <span className="visually-hidden">More step actions</span>
                </>
              }
              items={[
                ...(bookOpen ? [] : [{ label: 'Book the next step with it', onSelect: () => setBookOpen(true) }]),
                { label: 'Change or clear the step', onSelect: onChange },
              ]}
            />
          </>
        ) : (
          <>
            <button type="submit" className="bo-button bo-button-primary" disabled={busy || !note.trim()}>
              {noting ? 'Saving…' : 'Add note'}
            </button>
            <BookButton buttonRef={bookButton} onClick={onBook} />
          </>
        )}
      </div>
    </form>
  );
}

/**
 * Who owns a callback, quote or renewal, what happens next and the day it is due, and the one
 * box where a note is written: one card for who and what next, with one text box and two
 * actions (see NoteForm), as a CRM's activity composer. Booking or changing the step opens its
 * own small form in the note's place, so only one form is open at once; Cancel gives the page
 * back as it was. Keyed by its caller on the saved values, so a save starts the panel again
 * from what was saved.
 */
export function NextStepPanel({ nextStep, nextStepDue, onSave, onDone, onNote, owner }: Props) {
  // 'book' opens the form that books a step where there is none; 'change' the one that edits or clears it.
  const [editing, setEditing] = useState<'book' | 'change' | null>(null);
  const bookButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && editing === null) {
      // Back to the button that opened the form, or the note when the menu opened it.
      (bookButton.current ?? document.querySelector<HTMLElement>('.ns-panel textarea'))?.focus();
      setRefocus(false);
    }
  }, [refocus, editing]);
  const cancel = () => {
    setEditing(null);
    setRefocus(true);
  };
  return (
    <Panel title={owner ? 'Owner and next step' : 'Next step'} className="ns-panel" actions={nextStepDue ? <DueIn date={nextStepDue} overdue /> : undefined}>
      {owner && <div className="ns-owner">{owner}</div>}
      {nextStep && (
        <div className="ns-current">
          <p className="ns-step">{nextStep}</p>
          <p className="bo-hint">{nextStepDue ? `Due ${formatCalendarDate(nextStepDue)}` : 'No due day'}</p>
        </div>
      )}
      {editing ? (
        <StepForm nextStep={editing === 'change' ? nextStep : ''} nextStepDue={editing === 'change' ? nextStepDue : null} onSave={onSave} onCancel={cancel} />
      ) : (
        <NoteForm
          nextStep={nextStep}
          onDone={onDone}
          onNote={onNote}
          onChange={() => setEditing('change')}
          onBook={() => setEditing('book')}
          bookButton={bookButton}
        />
      )}
    </Panel>
  );
}
