import { ApiError, messageOf } from '#src/api/client.ts';
import { addCalendarMonths, isIsoDate } from '#src/lib/calendar-date.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { EMAIL_MAX } from '#src/schemas/fields.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import {
  PRIVACY_KIND_LABELS,
  PRIVACY_NAME_MAX,
  PRIVACY_NOTE_MAX,
  PrivacyRequestCreateSchema,
  type PrivacyRequestCreateValues,
  privacyRequestKinds,
} from '#src/schemas/privacy-register.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { FormSection } from '#src/admin/kit/FormSection.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { privacyRegister } from '#src/admin/stores/privacy-register.ts';
import { go } from '#src/admin/stores/router.ts';
import { DateInWords } from '#src/admin/kit/DateInWords.tsx';

/** /admin/privacy/create (Administrators and Brokers): log a request the day it arrives; the server gives its reference and due date. */
export function PrivacyRequestCreate() {
  const today = todayInIreland();
  const form = useForm(PrivacyRequestCreateSchema, { kind: '', name: '', email: '', receivedOn: today, note: '' });
  const received = form.values.receivedOn ?? '';
  const due = isIsoDate(received) && received <= today ? formatCalendarDate(addCalendarMonths(received, 1)) : null;

  const submit = form.handleSubmit(async () => {
    try {
      toast(await privacyRegister.create(form.values as PrivacyRequestCreateValues));
      go('/admin/privacy');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });

  return (
    <section>
      <PageHeader
        breadcrumb={[{ label: 'Privacy requests', href: '/admin/privacy' }]}
        title="Log a privacy request"
        description="Record a request the day it arrives, by post, phone or email. It must be answered within one calendar month of that day."
      />
      <form className="bo-form" onSubmit={submit} noValidate>
        <FormSection
          title="The request"
          description="What the person asked for. An access request is answered with an export of their data; an erasure request by erasing it."
        >
          <FormField {...form.field('kind')} as="select" label="Kind of request" required>
            <option value="">Choose a kind</option>
            {privacyRequestKinds.map((kind) => (
              <option key={kind} value={kind}>
                {PRIVACY_KIND_LABELS[kind]}
              </option>
            ))}
          </FormField>
          <div>
            <FormField {...form.field('receivedOn')} label="Received on" type="date" max={today} aria-describedby="received-hint" required />
            <DateInWords value={String(form.values.receivedOn)} />
            <p id="received-hint" className="bo-hint" aria-live="polite">
              {due ? `Due by ${due}.` : 'The day the request reached the office.'}
            </p>
          </div>
          <div>
            <FormField {...form.field('note')} as="textarea" label="Note" rows={3} maxLength={PRIVACY_NOTE_MAX} aria-describedby="note-hint" />
            <p id="note-hint" className="bo-hint">
              Anything whoever answers it should know: how it arrived, how the person proved who they are.
            </p>
          </div>
        </FormSection>
        <FormSection
          title="The person"
          description="As they gave them. The email address is what the register looks up when you find, export or erase their data."
        >
          <FormField {...form.field('name')} label="Name" autoComplete="off" maxLength={PRIVACY_NAME_MAX} required />
          <FormField {...form.field('email')} label="Email address" type="email" autoComplete="off" maxLength={EMAIL_MAX} spellCheck={false} required />
        </FormSection>
        <div className="bo-form-actions bo-form-actions-end">
          <a className="bo-button" href="/admin/privacy">
            Cancel
          </a>
          <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
            {form.submitting ? 'Saving…' : 'Log request'}
          </button>
        </div>
      </form>
    </section>
  );
}
