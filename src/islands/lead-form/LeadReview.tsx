import { useStore } from '@nanostores/react';
import type { RefObject } from 'react';
import { STILL_SENDING } from '#src/api/send-form.ts';
import { answerSections } from '#src/schemas/leads/answers.ts';
import type { LeadFormDef } from '#src/schemas/leads/form-definition.ts';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';
import { HumanCheckStatus } from '#src/ui/HumanCheckStatus.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { useHumanCheck } from '#src/ui/use-human-check.ts';
import type { LeadFormStore } from './lead-form-store.ts';

type Props = { def: LeadFormDef; store: LeadFormStore; humanCheck?: HumanCheckChoice | undefined; headingRef: RefObject<HTMLHeadingElement | null> };

/**
 * The last step: every answer grouped as on the form, each group with Change; the human
 * check (it starts only here, so the proof of work never slows the page's first load); Send.
 */
export function LeadReview({ def, store, humanCheck, headingRef }: Props) {
  const state = useStore(store);
  const check = useHumanCheck(humanCheck);

  const send = async () => {
    const failure = await store.send(check.value);
    if (!failure) return;
    if (failure.checkRefused) check.renew();
    // The dialog library loads only when there is something to say.
    const { showError } = await import('#src/ui/dialogs.ts');
    await showError(failure.message, 'Error');
  };

  return (
    <section aria-labelledby="lead-step-heading">
      <h2 id="lead-step-heading" tabIndex={-1} ref={headingRef}>
        Review and send
      </h2>
      <p>Check your answers. Use Change to correct any of them.</p>
      {answerSections(def, state.answers).map((section, index) => (
        <section key={section.title} className="lead-review" aria-labelledby={`lead-review-${index}`}>
          <div className="lead-review-head">
            <h3 id={`lead-review-${index}`}>{section.title}</h3>
            <button type="button" className="button secondary" onClick={() => store.goTo(index)} aria-label={`Change ${section.title}`}>
              Change
            </button>
          </div>
          <dl>
            {section.rows.map((row) => (
              <div key={row.label} className="lead-review-row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <HumanCheckStatus check={check} className="lead-check" retryClassName="button secondary" />
      <p className="lead-sending" role="status">
        {state.resending ? STILL_SENDING : ''}
      </p>
      <div className="lead-actions">
        <button type="button" className="button secondary large" onClick={store.back} disabled={state.sending}>
          Back
        </button>
        <button type="button" className="button large lead-forward" onClick={() => void send()} disabled={state.sending || check.state !== 'done'}>
          {state.sending ? (
            <>
              <Spinner label="Sending" /> Sending…
            </>
          ) : (
            'Send my request'
          )}
        </button>
      </div>
      {/* Said where the visitor commits: what happens to the answers is in the privacy statement. */}
      <p className="lead-privacy">
        We use your answers to arrange your cover and contact you about this request. Read how we protect them in our{' '}
        <a href="/privacy-statement">privacy statement</a>.
      </p>
    </section>
  );
}
