import { hash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import type { Challenge } from 'altcha-lib';

/**
 * A worker for the load bench: solves ALTCHA challenges (SHA-256, cost 1) the way the
 * browser does (salt, then nonce and a 32-bit big-endian counter, until the key starts with
 * the prefix), but in a tight synchronous loop, about four times faster than the library's
 * awaited one, so 10,000 checks are ready well within their ten minutes.
 */
export function solve(challenge: Challenge): string {
  const { salt, nonce, keyPrefix } = challenge.parameters;
  const saltBytes = Buffer.from(salt, 'hex');
  const data = Buffer.alloc(saltBytes.length + nonce.length / 2 + 4);
  saltBytes.copy(data, 0);
  Buffer.from(nonce, 'hex').copy(data, saltBytes.length);
  const at = data.length - 4;
  // The server's prefixes are whole bytes (half the key), so bytes are compared, not hex.
  const prefix = Buffer.from(keyPrefix, 'hex');
  const started = performance.now();
  for (let counter = 0; ; counter++) {
    data.writeUInt32BE(counter, at);
    const key = hash('sha256', data, 'buffer');
    if (key.subarray(0, prefix.length).equals(prefix)) {
      const solution = { counter, derivedKey: key.toString('hex'), time: performance.now() - started };
      return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
    }
  }
}

parentPort?.on('message', (challenges: Challenge[]) => parentPort!.postMessage(challenges.map(solve)));
