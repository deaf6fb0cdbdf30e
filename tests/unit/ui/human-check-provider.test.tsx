// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';
import { HumanCheckStatus } from '#src/ui/HumanCheckStatus.tsx';
import { IFRAME_REMOVAL_DELAY_MS } from '#src/ui/provider-widget.ts';
import { useHumanCheck } from '#src/ui/use-human-check.ts';

/**
 * reCAPTCHA in explicit render mode, as the browser gets it: the page loads the script, which
 * calls the onload hook; `render` puts the challenge iframe into the element and reports
 * through the callbacks. This stands in for Google's script (the machine has no network).
 */
type Options = { callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void; sitekey: string };
let rendered: { element: HTMLElement; options: Options }[] = [];
const removed: (string | number)[] = [];
const resets: (string | number)[] = [];

beforeAll(() => {
  window.grecaptcha = {
    render(element, options) {
      const frame = document.createElement('iframe');
      frame.title = 'reCAPTCHA';
      element.append(frame);
      rendered.push({ element, options: options as unknown as Options });
      return rendered.length;
    },
    reset: (id) => void resets.push(id!),
    remove: (id) => void removed.push(id!),
  };
});

const choice: HumanCheckChoice = { provider: 'recaptcha', siteKey: 'site-key' };
let seen: { value: string; state: string } = { value: '', state: '' };
function Form() {
  const check = useHumanCheck(choice);
  seen = { value: check.value, state: check.state };
  return <HumanCheckStatus check={check} className="check" retryClassName="retry" />;
}

async function renderWidget() {
  const view = render(<Form />);
  // The provider's script has loaded: its onload hook runs.
  await act(async () => {
    window.__recaptchaReady?.();
    await Promise.resolve();
  });
  await vi.waitFor(() => expect(rendered.length).toBeGreaterThan(0));
  return { view, widget: rendered.at(-1)! };
}

describe('third-party human check', () => {
  beforeEach(() => {
    rendered = [];
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('takes each new token (change), empties the value on expiry and on error', async () => {
    const { widget } = await renderWidget();
    expect(widget.options.sitekey).toBe('site-key');
    expect(seen).toEqual({ value: '', state: 'solving' });
    act(() => widget.options.callback('first-token'));
    expect(seen).toEqual({ value: 'first-token', state: 'done' });
    act(() => widget.options.callback('second-token'));
    expect(seen).toEqual({ value: 'second-token', state: 'done' });
    act(() => widget.options['expired-callback']());
    expect(seen).toEqual({ value: '', state: 'solving' });
    act(() => widget.options.callback('third-token'));
    act(() => widget.options['error-callback']());
    expect(seen).toEqual({ value: '', state: 'error' });
  });

  it('removes the iframe 5,000 ms after the form goes, leaving the provider its clean-up time', async () => {
    const { view, widget } = await renderWidget();
    const frame = widget.element.querySelector('iframe')!;
    vi.useFakeTimers();
    view.unmount();
    expect(resets.length).toBeGreaterThan(0);
    expect(document.body.contains(frame)).toBe(true);
    expect(frame.closest('[hidden]')).not.toBeNull();
    vi.advanceTimersByTime(IFRAME_REMOVAL_DELAY_MS - 1);
    expect(document.body.contains(frame)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(document.body.contains(frame)).toBe(false);
    expect(removed).toContain(rendered.indexOf(widget) + 1);
  });
});
