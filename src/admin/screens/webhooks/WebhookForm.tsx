import { ApiError, messageOf } from '#src/api/client.ts';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_URL_MAX,
  type WebhookEndpointInput,
  WebhookEndpointInputSchema,
  webhookEvents,
} from '#src/schemas/webhook.ts';
import { showError } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { FormSection } from '#src/admin/kit/FormSection.tsx';
import '../api-tokens/api-tokens.css';

/** The form keeps the chosen events as one comma-separated value; the schema sees them as a list. */
const toInput = (values: Record<string, string>) => ({
  url: values.url ?? '',
  description: values.description ?? '',
  events: (values.events ?? '').split(',').filter(Boolean),
});

const EVENT_HINTS: Record<(typeof webhookEvents)[number], string> = {
  'callback.received': 'Someone asked for a callback on the site.',
  'quote.received': 'Someone sent a quote request.',
  'renewal.received': 'Someone sent a renewal request.',
  'status.changed': 'Staff moved a callback, quote or renewal along the pipeline.',
  'post.published': 'A blog post was published, at once or as scheduled.',
};

type Props = {
  initial?: { url: string; description: string; events: readonly string[] };
  submitLabel: string;
  busyLabel: string;
  cancelHref?: string;
  onSubmit(values: WebhookEndpointInput): Promise<void>;
};

/** An endpoint's address, description and events; the server checks the same schema, then the address itself. */
export function WebhookForm({ initial, submitLabel, busyLabel, cancelHref, onSubmit }: Props) {
  const form = useForm(
    WebhookEndpointInputSchema,
    { url: initial?.url ?? '', description: initial?.description ?? '', events: (initial?.events ?? []).join(',') },
    { transform: toInput },
  );
  const chosen = new Set((form.values.events ?? '').split(',').filter(Boolean));
  const toggle = (event: string) => {
    const next = new Set(chosen);
    if (next.has(event)) next.delete(event);
    else next.add(event);
    form.setValues({ ...form.values, events: webhookEvents.filter((e) => next.has(e)).join(',') });
    form.touch('events');
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  const eventsError = form.touched.events ? (form.errors.events ?? Object.entries(form.errors).find(([key]) => key.startsWith('events.'))?.[1]) : undefined;

  return (
    <form className="bo-form" onSubmit={submit} noValidate>
      <FormSection title="Sends to" description="The address the other system gave you for webhooks, and a note on what it is.">
        <FormField
          {...form.field('url')}
          label="Address"
          type="url"
          inputMode="url"
          placeholder="https://crm.example.ie/hooks/broker"
          maxLength={WEBHOOK_URL_MAX}
          autoComplete="off"
          required
        />
        <FormField
          {...form.field('description')}
          label="Name (optional)"
          hint="As staff know the system, such as “Broker management system”. The list shows it first."
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          autoComplete="off"
        />
      </FormSection>
      <FormSection title="Events" description="What to send to the address, as it happens.">
        <fieldset className="bo-token-scopes" aria-describedby={eventsError ? 'events-error' : undefined}>
          {/* The section's title says it on screen; the legend names the group for a screen reader. */}
          <legend className="visually-hidden">Events</legend>
          {webhookEvents.map((event) => (
            <label key={event} className="bo-token-scope">
              <input type="checkbox" className="bo-check" name="events" value={event} checked={chosen.has(event)} onChange={() => toggle(event)} />
              <span>
                <strong>{WEBHOOK_EVENT_LABELS[event]}</strong>
                <span className="bo-hint">{EVENT_HINTS[event]}</span>
              </span>
            </label>
          ))}
          {eventsError && (
            <p id="events-error" className="ui-field-error" role="alert">
              {eventsError}
            </p>
          )}
        </fieldset>
      </FormSection>
      <div className="bo-form-actions bo-form-actions-end">
        {cancelHref && (
          <a className="bo-button" href={cancelHref}>
            Cancel
          </a>
        )}
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          {form.submitting ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
