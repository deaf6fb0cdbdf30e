import { createHmac, randomBytes } from 'node:crypto';
import { type Challenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solve } from '#tools/lib/solve-human-check.ts';
import { HUMAN_CHECK, newChallenge, verifyAltcha } from '#src/server/human-check/verify.ts';

/**
 * The server checks its own challenges with Node's HMAC and keys made once, not altcha-lib's
 * per-call key import: every payload here must get the library's verdict.
 */

const key = randomBytes(32);
const otherKey = randomBytes(32);
const secrets = (k: Buffer) => ({
  hmacSignatureSecret: createHmac('sha256', k).update('altcha signature').digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', k).update('altcha key signature').digest('hex'),
});

type Payload = { challenge: Challenge; solution: Record<string, unknown> };
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
const encode = (value: Payload) => Buffer.from(JSON.stringify(value)).toString('base64');

async function verdicts(payload: string) {
  const { challenge, solution } = decode(payload);
  const library = await verifySolution({ challenge, solution: solution as never, deriveKey, ...secrets(key) });
  return { ours: (await verifyAltcha(key, payload)) !== null, library: library.verified };
}

afterEach(() => vi.useRealTimers());

describe('verifying a human check', () => {
  it('agrees with altcha-lib on good, tampered and malformed answers', async () => {
    const good = solve(await newChallenge(key, 12_345));
    const cases: Record<string, string> = { good };
    const edit = (name: string, change: (p: Payload) => void) => {
      const value = decode(good);
      change(value);
      cases[name] = encode(value);
    };
    edit('another counter', (p) => (p.solution.counter = 12_346));
    edit('a wrong key', (p) => (p.solution.derivedKey = `${String(p.solution.derivedKey).slice(0, -2)}00`));
    edit('an upper-case key', (p) => (p.solution.derivedKey = String(p.solution.derivedKey).toUpperCase()));
    edit('an odd-length key', (p) => (p.solution.derivedKey = `${p.solution.derivedKey}0`));
    edit('a negative counter', (p) => (p.solution.counter = -1));
    edit('a fractional counter', (p) => (p.solution.counter = 1.5));
    edit('a counter as text', (p) => (p.solution.counter = '12345'));
    edit('a counter past 32 bits', (p) => (p.solution.counter = 2 ** 32));
    edit('no key', (p) => delete p.solution.derivedKey);
    edit('a changed parameter', (p) => (p.challenge.parameters.cost = 2));
    edit('a later expiry', (p) => (p.challenge.parameters.expiresAt = (p.challenge.parameters.expiresAt ?? 0) + 3600));
    edit('an added parameter', (p) => Object.assign(p.challenge.parameters, { extra: 'x' }));
    edit('a changed key signature', (p) => (p.challenge.parameters.keySignature = `0${String(p.challenge.parameters.keySignature).slice(1)}`));
    edit('a changed signature', (p) => (p.challenge.signature = `0${String(p.challenge.signature).slice(1)}`));
    edit('no signature', (p) => delete p.challenge.signature);
    cases['signed by another key'] = solve(await newChallenge(otherKey, 12_345));

    for (const [name, payload] of Object.entries(cases)) {
      const { ours, library } = await verdicts(payload);
      expect({ name, ours }).toEqual({ name, ours: library });
    }
    expect((await verdicts(good)).ours).toBe(true);
  });

  it('agrees that an expired challenge fails', async () => {
    const payload = solve(await newChallenge(key, 20_000));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (HUMAN_CHECK.ttlSeconds + 1) * 1000);
    expect(await verdicts(payload)).toEqual({ ours: false, library: false });
  });
});
