// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HumanCheckStatus } from '#src/ui/HumanCheckStatus.tsx';
import type { HumanCheckState } from '#src/ui/use-human-check.ts';

/** What useHumanCheck hands the status line, in a given state. */
function checkIn(state: HumanCheckState, provider: 'altcha' | 'recaptcha' = 'altcha') {
  return { value: state === 'done' ? 'solved' : '', state, renew: () => undefined, widgetRef: { current: null }, provider };
}

function statusText(state: HumanCheckState, waiting?: boolean, provider: 'altcha' | 'recaptcha' = 'altcha') {
  const view = render(<HumanCheckStatus check={checkIn(state, provider)} className="check" retryClassName="retry" waiting={waiting} />);
  const text = view.getByRole('status').textContent;
  cleanup();
  return text;
}

describe('the human check status line', () => {
  afterEach(cleanup);

  it('says nothing at rest while ALTCHA works unseen, and when it is done', () => {
    expect(statusText('solving', false)).toBe('');
    expect(statusText('done', false)).toBe('');
    expect(statusText('done', true)).toBe('');
  });

  it('shows the check running once it is all the form waits on', () => {
    expect(statusText('solving', true)).toBe('Checking this form is not spam…');
  });

  it('always shows a failure with its retry, and a provider widget’s instruction', () => {
    expect(statusText('error', false)).toContain('The spam check could not run.');
    expect(statusText('solving', false, 'recaptcha')).toBe('Please complete the check above.');
  });

  it('keeps every state’s words when the form does not say whether it waits', () => {
    expect(statusText('solving')).toBe('Checking this form is not spam…');
    expect(statusText('done')).toBe('Spam check complete.');
  });
});
