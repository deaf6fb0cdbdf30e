import { hash, randomInt } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import { HUMAN_CHECK, newChallenge } from '#src/server/human-check/verify.ts';

/**
 * Solves an ALTCHA challenge (SHA-256, cost 1) as the browser does: SHA-256 of the salt,
 * the nonce and a 32-bit big-endian counter, counting up from `from` until the key starts
 * with the challenge's prefix. Returns the payload a form sends as `humanCheck`.
 */
export function solve(challenge: Challenge, from = 0): string {
  const { salt, nonce, keyPrefix } = challenge.parameters;
  const saltBytes = Buffer.from(salt, 'hex');
  const data = Buffer.alloc(saltBytes.length + nonce.length / 2 + 4);
  saltBytes.copy(data, 0);
  Buffer.from(nonce, 'hex').copy(data, saltBytes.length);
  const at = data.length - 4;
  // The server's prefixes are whole bytes (half the key), so bytes are compared, not hex.
  const prefix = Buffer.from(keyPrefix, 'hex');
  const started = performance.now();
  for (let counter = from; ; counter++) {
    data.writeUInt32BE(counter, at);
    const key = hash('sha256', data, 'buffer');
    if (key.subarray(0, prefix.length).equals(prefix)) {
      const solution = { counter, derivedKey: key.toString('hex'), time: performance.now() - started };
      return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
    }
  }
}

/**
 * Human checks ready to send, for the measuring scripts. They hold the server's APP_SECRET,
 * so each challenge is made here with a counter picked here, and solving it is one digest:
 * the server checks them exactly as it checks a browser's (signature, expiry, spent once), but
 * the browser's 10,000 to 30,000 digests per check, which cost the server nothing, are
 * skipped (solving thousands the long way takes longer than a check stays valid).
 */
export async function solvedChecks(secretKey: Buffer, count: number): Promise<string[]> {
  const solved: string[] = [];
  for (let i = 0; i < count; i++) {
    const counter = randomInt(HUMAN_CHECK.counterMin, HUMAN_CHECK.counterMax);
    solved.push(solve(await newChallenge(secretKey, counter), counter));
  }
  return solved;
}
