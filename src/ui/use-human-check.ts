import { useCallback, useEffect, useState } from 'react';
import type { Challenge } from 'altcha-lib';
import { api } from '../api/client.ts';
import { solveHumanCheck } from './human-check-client.ts';

export type HumanCheckState = 'solving' | 'done' | 'error';

/** Margin before expiry at which a solved challenge is replaced. */
const RENEW_BEFORE_MS = 30_000;

/**
 * The human check of a public form: solves a challenge as soon as the form is on screen,
 * replaces it when it is about to expire (its value empties meanwhile, spec section 4) and
 * after every use, since each is accepted once.
 */
export function useHumanCheck() {
  const [value, setValue] = useState('');
  const [state, setState] = useState<HumanCheckState>('solving');
  const [round, setRound] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    let expiry: ReturnType<typeof setTimeout> | undefined;
    setValue('');
    setState('solving');
    solveHumanCheck(async () => (await api<{ challenge: Challenge }>('GET', '/challenge')).challenge, abort.signal)
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
  }, [round]);

  const renew = useCallback(() => setRound((n) => n + 1), []);
  return { value, state, renew };
}
