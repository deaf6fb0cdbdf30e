import { ApiError, messageOf } from '#src/api/client.ts';
import {
  INSURER_MAX,
  LOST_DETAIL_MAX,
  LOST_REASON_LABELS,
  LOST_STATUS,
  LostOutcomeSchema,
  lostReasons,
  quotedStatuses,
  QuotedOutcomeSchema,
  type LeadOutcomeInput,
} from '#src/schemas/follow-up.ts';
import type { LeadDetailView, LeadView } from '#src/schemas/lead-view.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { Panel } from '../kit/Panel.tsx';

type Props = { lead: LeadDetailView; onSave(input: LeadOutcomeInput): Promise<string> };
/**
 * The same forms as the stage bar's prompt (StageBar.tsx) and the board's (LeadBoard.tsx): their
 * own button words, a Cancel, and ids of their own (`idPrefix`), as the Outcome panel may be on
 * the page with them. They read only the outcome, which a list's row carries too.
 */
type FormProps = Omit<Props, 'lead'> & {
  lead: Pick<LeadView, 'premium' | 'insurer' | 'lostReason' | 'lostDetail'> & { kind?: LeadView['kind'] };
  submitLabel?: string;
  onCancel?(): void;
  idPrefix?: string;
};

/** A field's props with its id prefixed (the prompt's fields beside the panel's). */
const prefixed = <F extends { id: string }>(field: F, prefix: string | undefined): F => (prefix ? { ...field, id: `${prefix}-${field.id}` } : field);

function FormActions({ submitting, submitLabel = 'Save outcome', onCancel }: { submitting: boolean; submitLabel?: string; onCancel?(): void }) {
  return (
    <div className="bo-form-actions">
      <button type="submit" className="bo-button bo-button-primary" disabled={submitting}>
        {submitting ? 'Saving…' : submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="bo-button bo-button-quiet" disabled={submitting} onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

/** A save that toasts the server's message, or shows its refusal by the fields and in a dialog. */
async function saving(form: { setServerErrors(errors: { field: string; message: string }[]): void }, run: () => Promise<string>) {
  try {
    toast(await run(), 'Success!');
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
    await showError(messageOf(error));
  }
}

/** The premium quoted (euro) and the insurer, for a quoted or won request. */
export function QuotedForm({ lead, onSave, submitLabel, onCancel, idPrefix }: FormProps) {
  const form = useForm(QuotedOutcomeSchema, { outcome: 'quoted', premium: lead.premium ?? '', insurer: lead.insurer });
  const submit = form.handleSubmit((input) => saving(form, () => onSave(input)));
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <div className="bo-form-pair">
        <FormField {...prefixed(form.field('premium'), idPrefix)} label="Premium (€)" inputMode="decimal" autoComplete="off" placeholder="1250.00" />
        <FormField {...prefixed(form.field('insurer'), idPrefix)} label="Insurer" maxLength={INSURER_MAX} placeholder="Aviva" />
      </div>
      <FormActions submitting={form.submitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

/** A likely detail for each, as the field's example: a quote is lost to a cheaper offer, a renewal lapses to another provider. */
const LOST_DETAIL_EXAMPLES = { quote: 'Took a cheaper quote online', renewal: 'Renewed with their bank' } as const;

/** Why a lost request was lost, with words of detail (needed for Other). */
export function LostForm({ lead, onSave, submitLabel, onCancel, idPrefix }: FormProps) {
  const form = useForm(LostOutcomeSchema, { outcome: 'lost', lostReason: lead.lostReason ?? '', lostDetail: lead.lostDetail });
  const submit = form.handleSubmit((input) => saving(form, () => onSave(input)));
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      <FormField {...prefixed(form.field('lostReason'), idPrefix)} as="select" label="Reason lost">
        <option value="">Choose a reason</option>
        {lostReasons.map((reason) => (
          <option key={reason} value={reason}>
            {LOST_REASON_LABELS[reason]}
          </option>
        ))}
      </FormField>
      <FormField
        {...prefixed(form.field('lostDetail'), idPrefix)}
        label="Detail"
        maxLength={LOST_DETAIL_MAX}
        placeholder={LOST_DETAIL_EXAMPLES[lead.kind === 'renewal' ? 'renewal' : 'quote']}
      />
      <FormActions submitting={form.submitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}

/**
 * How a quote or renewal ended, for the statuses that have an outcome: the premium and insurer
 * once quoted or won, the reason once lost; nothing before. Keyed by its caller on the saved
 * outcome, so a save starts the form again from what was saved.
 */
export function OutcomePanel({ lead, onSave }: Props) {
  if (lead.status === LOST_STATUS) {
    return (
      <Panel title="Outcome">
        <LostForm lead={lead} onSave={onSave} />
      </Panel>
    );
  }
  if (!(quotedStatuses as readonly string[]).includes(lead.status)) return null;
  return (
    <Panel title="Outcome">
      <QuotedForm lead={lead} onSave={onSave} />
    </Panel>
  );
}
