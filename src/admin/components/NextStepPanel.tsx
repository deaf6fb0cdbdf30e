import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { CalendarCheck, CalendarPlus } from 'lucide-static';
import { ApiError, messageOf } from '#src/api/client.ts';
import { NEXT_STEP_MAX, NextStepSchema, type NextStepInput } from '#src/schemas/follow-up.ts';
import { NOTE_MAX } from '#src/schemas/pipeline.ts';
import { NextStepDoneSchema, type NextStepDoneInput } from '#src/schemas/record-timeline.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { DueIn } from '../kit/DueIn.tsx';
import { Icon } from '../kit/Icon.tsx';
import { Panel } from '../kit/Panel.tsx';
import './records.css';

type Props = {
  nextStep: string;
  nextStepDue: string | null;
  /** Saves the step (both empty clears it); answers the server's message. */
  onSave(input: NextStepInput): Promise<string>;
  /** Marks the step done with what came of it and books the next one (or none); answers the server's message. */
  onDone(input: NextStepDoneInput): Promise<string>;
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

/**
 * Marks the step done, logs what came of it on the timeline, and books the next step, all in
 * one save (as a CRM's "complete and create follow-up"). Leaving the next step empty books none.
 */
function DoneForm({ nextStep, onDone, onChange }: Pick<Props, 'nextStep' | 'onDone'> & { onChange: () => void }) {
  const form = useForm(NextStepDoneSchema, { done: nextStep, note: '', nextStep: '', nextStepDue: '' });
  const [bookOpen, setBookOpen] = useState(false);
  const bookBox = useRef<HTMLFieldSetElement>(null);
  useFocusFirstField(bookBox, bookOpen);
  const submit = form.handleSubmit((input) => saving(form, () => onDone(input)));
  const booking = String(form.values.nextStep ?? '').trim() !== '';
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <FormField
        {...form.field('note')}
        as="textarea"
        rows={2}
        label="What came of it"
        maxLength={NOTE_MAX}
        placeholder="What was said or agreed"
        aria-describedby="next-step-note-hint"
      />
      <p id="next-step-note-hint" className="bo-hint">
        Optional. Kept on the timeline with the step.
      </p>
      {/* Folded until asked for: most steps end without booking another at once. */}
      {bookOpen ? (
        <fieldset ref={bookBox} className="ns-book">
          <legend>{BOOK}</legend>
          <FormField {...form.field('nextStep')} label="What happens next" maxLength={NEXT_STEP_MAX} placeholder="Send the proposal form" />
          <FormField {...form.field('nextStepDue')} type="date" label="Due" aria-describedby="next-step-book-hint" />
          <p id="next-step-book-hint" className="bo-hint">
            Leave empty if nothing more is needed.
          </p>
        </fieldset>
      ) : (
        <BookButton onClick={() => setBookOpen(true)} />
      )}
      <div className="bo-form-actions">
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          <Icon svg={CalendarCheck} size={16} />
          {form.submitting ? 'Saving…' : booking ? 'Mark done and book next' : 'Mark done'}
        </button>
        <button type="button" className="bo-button bo-button-quiet" disabled={form.submitting} onClick={onChange}>
          Change step
        </button>
      </div>
    </form>
  );
}

/**
 * What happens next on a callback, quote or renewal and the day it is due. With no step, a
 * button opens the form that books one (folded, so a record's page stays short on a phone);
 * with one, the panel shows it and one save marks it done, logs what came of it and books the
 * next ("Change step" edits or clears it instead). With `owner`, who owns the record heads the
 * card, so the page has one card for who and what next rather than one holding the owner alone. Keyed by its caller on the saved values, so a
 * save starts the panel again from what was saved.
 */
export function NextStepPanel({ nextStep, nextStepDue, onSave, onDone, owner }: Props) {
  const [changing, setChanging] = useState(false);
  // With no step, the booking form waits behind its button; Cancel folds it and gives the button back the focus.
  const [booking, setBooking] = useState(false);
  const bookButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && !booking) bookButton.current?.focus();
  }, [refocus, booking]);
  return (
    <Panel title={owner ? 'Owner and next step' : 'Next step'} actions={nextStepDue ? <DueIn date={nextStepDue} overdue /> : undefined}>
      {owner && <div className="ns-owner">{owner}</div>}
      {nextStep && (
        <div className="ns-current">
          <p className="ns-step">{nextStep}</p>
          <p className="bo-hint">{nextStepDue ? `Due ${formatCalendarDate(nextStepDue)}` : 'No due day'}</p>
        </div>
      )}
      {!nextStep ? (
        booking ? (
          <StepForm
            nextStep=""
            nextStepDue={null}
            onSave={onSave}
            onCancel={() => {
              setBooking(false);
              setRefocus(true);
            }}
          />
        ) : (
          <BookButton buttonRef={bookButton} onClick={() => setBooking(true)} />
        )
      ) : changing ? (
        <StepForm nextStep={nextStep} nextStepDue={nextStepDue} onSave={onSave} onCancel={() => setChanging(false)} />
      ) : (
        <DoneForm nextStep={nextStep} onDone={onDone} onChange={() => setChanging(true)} />
      )}
    </Panel>
  );
}
