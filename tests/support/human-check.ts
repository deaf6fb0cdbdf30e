import type { Challenge } from 'altcha-lib';
import { solveHumanCheck } from '#src/lib/human-check-client.ts';

/** Solves a challenge from the server exactly as the browser does (WebCrypto), for tests that post forms. */
export async function solvedCheck(getJson: (path: string) => Promise<unknown>): Promise<string> {
  const { payload } = await solveHumanCheck(async () => ((await getJson('/api/v1/challenge')) as { challenge: Challenge }).challenge);
  return payload;
}
