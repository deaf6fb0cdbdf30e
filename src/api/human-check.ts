import { apiClient, unwrap } from './typed-client.ts';

/** A fresh proof-of-work challenge for a public form's human check (ALTCHA, self-hosted). */
export async function fetchChallenge() {
  return (await unwrap(apiClient.challenge.$get())).challenge;
}
