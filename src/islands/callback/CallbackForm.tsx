import { ContactCreateSchema, callbackSubjects } from '#src/schemas/contact.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { ApiError, messageOf } from '#src/api/client.ts';
import { sendCallbackRequest } from '#src/api/callback-request.ts';
import { STILL_SENDING } from '#src/api/send-form.ts';
import { useHumanCheck } from '#src/ui/use-human-check.ts';
import { HumanCheckStatus } from '#src/ui/HumanCheckStatus.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { announceLive, replayEarlyInput, takeEarlyInput } from '#src/ui/early-input.ts';
import { track } from '../consent/consent.ts';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';

type Props = {
  /** Prefix for element ids, so the modal and an inline copy can share a page. */
  idPrefix: string;
  /** Called after a successful send (the modal closes itself here). */
  onSent?: () => void;
  /** The configured human check (site facts): ALTCHA by default. */
  humanCheck?: HumanCheckChoice | undefined;
  /** The subject chosen to begin with, on a page about one of them. */
  defaultSubject?: (typeof callbackSubjects)[number] | undefined;
};

/** The spec's empty first option of Subject, also shown over the select until one is chosen. */
const PLEASE_SELECT = 'Please select';

const EMPTY = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

/**
 * 'Request a Callback': name, email, phone, subject and message,
 * all required; 'Call Me Back' is disabled while the form is invalid, untouched or sending.
 */
export function CallbackForm({ idPrefix, onSent, defaultSubject, humanCheck }: Props) {
  const check = useHumanCheck(humanCheck);
  // The solved check travels with the answers and is validated by the same schema.
  const withCheck = useCallback((values: Record<string, string>) => ({ ...values, humanCheck: check.value }), [check.value]);
  const form = useForm(ContactCreateSchema, { ...EMPTY, subject: defaultSubject ?? '' }, { transform: withCheck });
  const field = (name: keyof typeof EMPTY) => {
    const props = form.field(name);
    return { ...props, id: `${idPrefix}-${name}` };
  };
  // Set while a lost answer is being resent: the visitor sees the form is still at it.
  const [resending, setResending] = useState(false);
  const submit = form.handleSubmit(async (input) => {
    // The dialog library and its stylesheet load with the first send, not with the page:
    // fetched while the request is on its way, so the answer's dialog is not held up.
    const dialogs = import('#src/ui/dialogs.ts');
    dialogs.catch(() => undefined); // a failed load is reported where it is awaited
    try {
      const message = await sendCallbackRequest(input, () => setResending(true));
      // Each solved check is accepted once; an unsent request keeps its check for the next try.
      check.renew();
      form.reset();
      track('callback_sent', { subject: input.subject });
      onSent?.();
      await (await dialogs).showSuccess(message, 'Success!');
    } catch (error) {
      if (error instanceof ApiError && error.errors.some((e) => e.field === 'humanCheck')) check.renew();
      await (await dialogs).showError(messageOf(error), 'Error');
    } finally {
      setResending(false);
    }
  });
  const disabled = !form.valid || form.pristine || form.submitting;
  // The spam check runs unseen; its progress shows only once it is all that holds the form back.
  const waiting = !form.pristine && Object.keys(form.errors).every((name) => name === 'humanCheck');
  // An inline copy is hydrated on first interaction: what was typed before then is kept.
  const root = useRef<HTMLFormElement>(null);
  useEffect(() => {
    replayEarlyInput(takeEarlyInput(root.current));
    announceLive(root.current);
  }, []);

  return (
    <form ref={root} className="callback-form" onSubmit={submit} noValidate aria-label="Request a Callback">
      {/* Said once, above the fields: the message's placeholder is not the only place it is said. */}
      <p className="callback-required">All fields are required.</p>
      <FormField {...field('name')} label="Name" autoComplete="name" required />
      <FormField {...field('email')} label="Email" type="email" autoComplete="email" required />
      <FormField {...field('phone')} label="Phone" type="tel" autoComplete="tel" required />
      {/* The chosen subject is drawn over the select, so the longest wraps at 320 px rather than being cut. */}
      <FormField {...field('subject')} as="select" label="Subject" required shownText={form.values.subject || PLEASE_SELECT}>
        <option value="">{PLEASE_SELECT}</option>
        {callbackSubjects.map((subject) => (
          <option key={subject} value={subject}>
            {subject}
          </option>
        ))}
      </FormField>
      <FormField {...field('message')} as="textarea" label="Message" placeholder="Your Message (required)" required />
      {/* Honeypot: people never see or reach it; bots fill it in. */}
      <div className="callback-honeypot" aria-hidden="true">
        <label htmlFor={`${idPrefix}-website`}>Leave this empty</label>
        <input
          id={`${idPrefix}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={form.values.website}
          onChange={form.field('website').onChange}
        />
      </div>
      <HumanCheckStatus check={check} className="callback-check" retryClassName="callback-retry" waiting={waiting} />
      <div className="callback-actions">
        <button type="submit" className="button large" disabled={disabled} aria-busy={form.submitting}>
          {form.submitting ? 'Sending…' : 'Call Me Back'}
        </button>
        <p className="callback-sending" role="status">
          {resending ? STILL_SENDING : ''}
        </p>
        {/* Said where the visitor commits, as the quote forms do beside Send. */}
        <p className="callback-privacy">
          We use these details only to call you back. Read how we protect them in our <a href="/privacy-statement">privacy statement</a>.
        </p>
      </div>
    </form>
  );
}
