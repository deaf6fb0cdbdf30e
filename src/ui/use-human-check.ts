import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fetchChallenge } from '../api/human-check.ts';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';
import { solveHumanCheck } from '../lib/human-check-client.ts';
import { renderProviderWidget, type ProviderWidget } from './provider-widget.ts';

export type HumanCheckState = 'solving' | 'done' | 'error';

/** Margin before expiry at which a solved challenge is replaced. */
const RENEW_BEFORE_MS = 30_000;

/**
 * The human check of a public form. ALTCHA: solves a challenge as soon as the form is on
 * screen, replaces it when it is about to expire (its value empties meanwhile)
 * and after every use, since each is accepted once. reCAPTCHA or Turnstile: renders the
 * provider's widget into `widgetRef` and takes its token; an expired token empties the value,
 * and the widget's iframe is removed 5 s after the form goes.
 */
export function useHumanCheck(choice: HumanCheckChoice = { provider: 'altcha' }) {
  const [value, setValue] = useState('');
  const [state, setState] = useState<HumanCheckState>('solving');
  const [round, setRound] = useState(0);
  const widgetRef = useRef<HTMLDivElement>(null);
  const widget = useRef<ProviderWidget | null>(null);

  useEffect(() => {
    if (choice.provider === 'altcha') return;
    const element = widgetRef.current;
    if (!element) return;
    let cancelled = false;
    // The check can change (a new token replaces the value), expire (the value
    // empties until it is done again) or fail (the value empties and a retry is offered).
    renderProviderWidget(choice.provider, choice.siteKey, element, {
      onToken: (token) => {
        setValue(token);
        setState('done');
      },
      onExpired: () => {
        setValue('');
        setState('solving');
      },
      onError: () => {
        setValue('');
        setState('error');
      },
    })
      .then((rendered) => {
        if (cancelled) rendered.dispose();
        else widget.current = rendered;
      })
      .catch(() => setState('error'));
    return () => {
      cancelled = true;
    };
  }, [choice]);
  // A layout clean-up runs before React detaches the widget's element, so the provider's
  // iframe moves out while still in the page (a detached and re-attached iframe reloads).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the widget is disposed when the provider choice changes, not on every render
  useLayoutEffect(
    () => () => {
      widget.current?.dispose();
      widget.current = null;
    },
    [choice],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (after expiry or a refused check) is what asks for a fresh challenge
  useEffect(() => {
    if (choice.provider !== 'altcha') return;
    const abort = new AbortController();
    let expiry: ReturnType<typeof setTimeout> | undefined;
    setValue('');
    setState('solving');
    solveHumanCheck(fetchChallenge, abort.signal)
      .then(({ payload, expiresAt }) => {
        if (abort.signal.aborted) return;
        setValue(payload);
        setState('done');
        if (expiresAt) expiry = setTimeout(() => setRound((n) => n + 1), Math.max(0, expiresAt - Date.now() - RENEW_BEFORE_MS));
      })
      .catch(() => {
        if (!abort.signal.aborted) setState('error');
      });
    return () => {
      abort.abort();
      clearTimeout(expiry);
    };
  }, [round, choice.provider]);

  const renew = useCallback(() => {
    if (choice.provider === 'altcha') {
      setRound((n) => n + 1);
    } else {
      setValue('');
      setState('solving');
      widget.current?.reset();
    }
  }, [choice.provider]);
  return { value, state, renew, widgetRef, provider: choice.provider };
}
