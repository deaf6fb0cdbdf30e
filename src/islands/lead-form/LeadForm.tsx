import { Fragment, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { Answers } from '#src/schemas/leads/form-definition.ts';
import { isShown } from '#src/schemas/leads/form-definition.ts';
import { leadForms, type LeadKind } from '#src/schemas/leads/index.ts';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';
import { createLeadFormStore } from './lead-form-store.ts';
import { LeadField } from './LeadField.tsx';
import { LeadReview } from './LeadReview.tsx';
import { promiseFor } from './promise.ts';
import '#src/ui/ui.css';
import './lead-form.css';
import { withAppErrorBoundary } from '#src/ui/AppErrorBoundary.tsx';
import { announceLive, replayEarlyInput, takeEarlyInput } from '#src/ui/early-input.ts';

type Props = {
  kind: LeadKind;
  humanCheck?: HumanCheckChoice | undefined;
  /** Answers to begin with (the convicted-driver pages ask for conviction details from the start). */
  preset?: Answers;
  /** Server-rendered HTML for under the step bar (a quote page's "What you'll need" on a phone). */
  children?: ReactNode;
  /** Server-rendered HTML for the side column from 1024 px, under the named steps ("What you'll need"). */
  aside?: ReactNode;
  /** Server-rendered HTML at the foot of the named steps: the broker's number. */
  call?: ReactNode;
};

/**
 * A quote or renewal request: the form's steps with a progress indicator, a review of every
 * answer, then the human check and Send. The answers are checked with the form's schema at
 * each step and again by the server; they survive a reload through session storage.
 * On a phone the progress is one line and a bar above the step; from 1024 px it is a card
 * beside the form naming every step, with the broker's number (`call`), which stays in view,
 * and under it the page's help (`aside`).
 */
function LeadForm({ kind, humanCheck, preset, children, aside, call }: Props) {
  const def = leadForms[kind];
  const store = useMemo(() => createLeadFormStore(def, preset), [def, preset]);
  const state = useStore(store);
  const heading = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const reviewing = state.step === def.steps.length;
  const step = def.steps[state.step];
  const errors = store.stepErrors();

  useEffect(() => {
    // Answers typed into the server-rendered step before the script arrived win over saved ones.
    const early = takeEarlyInput(root.current);
    store.restore();
    // The convicted-drivers page (and its card on the home page) link here with
    // ?convictions=yes: the conviction questions are then asked from the start.
    if (kind === 'van' && new URLSearchParams(window.location.search).get('convictions') === 'yes') store.setAnswer('hasConvictions', 'Yes');
    replayEarlyInput(early);
    announceLive(root.current);
  }, [store, kind]);
  // After a step change, focus its heading so keyboard and screen-reader users start at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step change, to move focus to the new step's heading
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [state.step]);

  const next = () => {
    if (!store.next()) {
      // Take the visitor to the first field that needs attention.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.lead-form [aria-invalid="true"]')?.focus());
    }
  };

  const titles = [...def.steps.map((s) => s.title), 'Review and send'];
  const total = titles.length;
  return (
    <div className={`lead-form${aside ? ' lead-form-panelled' : ''}`} ref={root}>
      <div className="lead-main">
        {/* "Step 3 of 8" and a bar of one segment per step: fits a phone; done steps carry a tick. */}
        <p className="lead-step-count">
          Step {state.step + 1} of {total}
          <span className="lead-step-title">: {titles[state.step]}</span>
        </p>
        <ol className="lead-progress" aria-label="Progress">
          {titles.map((title, index) => (
            <li
              key={title}
              className={index < state.step ? 'done' : index === state.step ? 'current' : undefined}
              aria-current={index === state.step ? 'step' : undefined}
            >
              <span className="lead-progress-title">{title}</span>
              {index < state.step && <span className="visually-hidden"> (completed)</span>}
            </li>
          ))}
        </ol>
        {/* The box is the promises' container (lead-form.css): they lie in one row only where all of them fit. */}
        <div className="lead-promise-box">
          <ul className="lead-promise tick-list">
            {promiseFor(kind).map((promise) => (
              <li key={promise}>{promise}</li>
            ))}
          </ul>
        </div>
        {children}
        {!reviewing && step ? (
          <form
            className="lead-step"
            noValidate
            aria-labelledby="lead-step-heading"
            onSubmit={(event) => {
              event.preventDefault();
              next();
            }}
          >
            <h2 id="lead-step-heading" tabIndex={-1} ref={heading}>
              {step.title}
            </h2>
            {step.intro && <p className="lead-intro">{step.intro}</p>}
            {step.fields.map((field) => (
              <Fragment key={field.name}>
                {/* A part of a long step under its own small heading (Contact details, Address), so the step reads as a few short groups. */}
                {field.section && isShown(field, state.answers, state.answers) && <h3 className="lead-section">{field.section}</h3>}
                <LeadField
                  kind={def.kind}
                  field={field}
                  answers={state.answers}
                  errors={errors}
                  touched={state.touched}
                  onAnswer={store.setAnswer}
                  onTouch={store.touch}
                />
              </Fragment>
            ))}
            {step.id === 'declaration' && (
              <p className="lead-links">
                Read our <a href="/terms-of-business">Terms of Business</a> and <a href="/privacy-statement">privacy statement</a>.
              </p>
            )}
            <div className="lead-actions">
              {state.step > 0 && (
                <button type="button" className="button secondary large" onClick={store.back}>
                  Back
                </button>
              )}
              <button type="submit" className="button large lead-forward">
                Continue
              </button>
            </div>
          </form>
        ) : (
          <LeadReview def={def} store={store} humanCheck={humanCheck} headingRef={heading} />
        )}
      </div>
      {aside && (
        <aside className="lead-side" aria-labelledby="lead-side-heading">
          {/* The steps and the number stay in view (sticky); what to have ready scrolls away under them. */}
          <div className="lead-side-steps">
            <h2 id="lead-side-heading" className="lead-side-heading">
              Your {def.kind === 'renewal' ? 'renewal' : 'quote'} in {total} steps
            </h2>
            {/* Every step by name, the done ones ticked and the current one marked: where the visitor is and what is left. */}
            <ol className="lead-steps">
              {titles.map((title, index) => (
                <li
                  key={title}
                  className={index < state.step ? 'done' : index === state.step ? 'current' : undefined}
                  aria-current={index === state.step ? 'step' : undefined}
                >
                  <span className="lead-steps-number" aria-hidden="true">
                    {index + 1}
                  </span>{' '}
                  {title}
                  {index < state.step && <span className="visually-hidden"> (completed)</span>}
                </li>
              ))}
            </ol>
            {call}
          </div>
          {aside}
        </aside>
      )}
    </div>
  );
}

/** The island inside the error boundary: a render error shows a reload screen, not a blank space. */
export default withAppErrorBoundary(LeadForm);
