import { ApiError, messageOf } from '../../api/client.ts';
import { NEXT_STEP_MAX, NextStepSchema, type NextStepInput } from '../../schemas/follow-up.ts';
import { showError, toast } from '../../ui/dialogs.ts';
import { FormField } from '../../ui/FormField.tsx';
import { useForm } from '../../ui/use-form.ts';
import { DueIn } from '../kit/DueIn.tsx';
import { Panel } from '../kit/Panel.tsx';

type Props = {
  nextStep: string;
  nextStepDue: string | null;
  /** Saves the step (both empty clears it); answers the server's message. */
  onSave(input: NextStepInput): Promise<string>;
};

/**
 * What happens next on a callback, quote or renewal and the day it is due, set, changed and
 * cleared here (a toast says so). Keyed by its caller on the saved values, so a save starts
 * the form again from what was saved.
 */
export function NextStepPanel({ nextStep, nextStepDue, onSave }: Props) {
  const form = useForm(NextStepSchema, { nextStep, nextStepDue: nextStepDue ?? '' });
  const send = async (input: NextStepInput) => {
    try {
      toast(await onSave(input), 'Success!');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  };
  const submit = form.handleSubmit(send);
  const unchanged = form.values.nextStep === nextStep && form.values.nextStepDue === (nextStepDue ?? '');
  return (
    <Panel title="Next step" actions={nextStepDue ? <DueIn date={nextStepDue} overdue /> : undefined}>
      <form className="bo-form-fields" onSubmit={submit} noValidate>
        <FormField {...form.field('nextStep')} label="What happens next" maxLength={NEXT_STEP_MAX} placeholder="Ring back with Aviva price" />
        <FormField {...form.field('nextStepDue')} type="date" label="Due" aria-describedby="next-step-due-hint" />
        <p id="next-step-due-hint" className="bo-hint">
          Optional. Past due, it shows as overdue in the lists and on the dashboard.
        </p>
        <div className="bo-form-actions">
          <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting || unchanged}>
            {form.submitting ? 'Saving…' : 'Save next step'}
          </button>
          {nextStep && (
            <button
              type="button"
              className="bo-button bo-button-quiet"
              disabled={form.submitting}
              onClick={() => void send({ nextStep: '', nextStepDue: null })}
            >
              Clear
            </button>
          )}
        </div>
      </form>
    </Panel>
  );
}
