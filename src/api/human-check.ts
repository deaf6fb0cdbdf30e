import type { Challenge } from 'altcha-lib';
import { api } from './client.ts';

/** A fresh proof-of-work challenge for a public form's human check (ALTCHA, self-hosted). */
export async function fetchChallenge(): Promise<Challenge> {
  return (await api<{ challenge: Challenge }>('GET', '/challenge')).challenge;
}
