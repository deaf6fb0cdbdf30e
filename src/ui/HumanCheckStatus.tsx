import type { useHumanCheck } from './use-human-check.ts';

type Props = {
  check: ReturnType<typeof useHumanCheck>;
  className: string;
  retryClassName: string;
  /**
   * Whether the visitor is waiting on the check (the rest of the form is ready to send). Given,
   * ALTCHA's progress shows only then, and a finished check says nothing; a failure always shows.
   */
  waiting?: boolean;
};

/**
 * Where a form's human check shows itself: the provider's widget (reCAPTCHA or Turnstile),
 * and a status line saying whether the check is running, done or failed, with a retry.
 */
export function HumanCheckStatus({ check, className, retryClassName, waiting }: Props) {
  const quiet = waiting !== undefined && check.provider === 'altcha';
  return (
    <>
      {check.provider !== 'altcha' && <div ref={check.widgetRef} className={`${className}-widget`} />}
      <p className={className} role="status">
        {check.state === 'solving' &&
          !(quiet && !waiting) &&
          (check.provider === 'altcha' ? 'Checking this form is not spam…' : 'Please complete the check above.')}
        {check.state === 'done' && !quiet && 'Spam check complete.'}
        {check.state === 'error' && (
          <>
            The spam check could not run.{' '}
            <button type="button" className={retryClassName} onClick={check.renew}>
              Try again
            </button>
          </>
        )}
      </p>
    </>
  );
}
