import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/**
 * Fetches a proof-of-work challenge and solves it in the browser (WebCrypto); returns the
 * payload a public form sends as `humanCheck`, and when it stops being accepted.
 */
export async function solveHumanCheck(fetchChallenge: () => Promise<Challenge>, signal?: AbortSignal): Promise<{ payload: string; expiresAt: number | null }> {
  const challenge = await fetchChallenge();
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  if (!solution) throw new Error('The spam check could not be completed.');
  const payload = btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
  const expiresAt = challenge.parameters.expiresAt ? challenge.parameters.expiresAt * 1000 : null;
  return { payload, expiresAt };
}
