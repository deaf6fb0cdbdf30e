import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db } from './db/client.ts';
import { spentChallenges } from './db/schema.ts';
import { sha256 } from './auth/crypto.ts';
import type { Config } from './config.ts';

/**
 * Human verification for public forms: ALTCHA's self-hosted proof of work. The server picks
 * a secret counter; the browser finds it by trying SHA-256 derivations from zero: 10,000 to
 * 30,000 digests, measured at 0.05 to 0.5 s with the CPU slowed four times (a mid-range
 * phone). Challenges are signed with a key derived from APP_SECRET, expire after ten minutes
 * and are accepted once.
 */
export const HUMAN_CHECK = {
  algorithm: 'SHA-256',
  cost: 1,
  counterMin: 10_000,
  counterMax: 30_000,
  ttlSeconds: 10 * 60,
} as const;

const secrets = (key: Buffer) => ({
  hmacSignatureSecret: createHmac('sha256', key).update('altcha signature').digest('hex'),
  hmacKeySignatureSecret: createHmac('sha256', key).update('altcha key signature').digest('hex'),
});

export async function newChallenge(secretKey: Buffer): Promise<Challenge> {
  return createChallenge({
    algorithm: HUMAN_CHECK.algorithm,
    cost: HUMAN_CHECK.cost,
    counter: randomInt(HUMAN_CHECK.counterMin, HUMAN_CHECK.counterMax),
    deriveKey,
    expiresAt: new Date(Date.now() + HUMAN_CHECK.ttlSeconds * 1000),
    ...secrets(secretKey),
  });
}

type Payload = { challenge: Challenge; solution: Solution };

function decode(payload: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload>;
    if (!value || typeof value !== 'object' || !value.challenge?.parameters || !value.solution) return null;
    return value as Payload;
  } catch {
    return null;
  }
}

/** True once per valid, unexpired, solved challenge; false for anything else. */
export async function verifyAltcha(db: Db, secretKey: Buffer, payload: string): Promise<boolean> {
  const decoded = decode(payload);
  if (!decoded) return false;
  const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, ...secrets(secretKey) });
  if (!result.verified || !decoded.challenge.signature) return false;
  const spent = await db
    .insert(spentChallenges)
    .values({ id: sha256(decoded.challenge.signature), expiresAt: sql`now() + make_interval(secs => ${HUMAN_CHECK.ttlSeconds})` })
    .onConflictDoNothing()
    .returning({ id: spentChallenges.id });
  return spent.length === 1;
}

/** The providers' siteverify endpoints (both take secret, response and remoteip as a form). */
const SITEVERIFY = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/**
 * reCAPTCHA v2 or Turnstile: asks the provider whether the token is good. The providers accept
 * each token once themselves. A provider that does not answer in 5 s counts as a failure.
 */
export async function verifyProviderToken(config: Config, provider: keyof typeof SITEVERIFY, token: string, remoteIp: string): Promise<boolean> {
  const body = new URLSearchParams({ secret: config.humanCheckSecret ?? '', response: token, remoteip: remoteIp });
  try {
    const response = await fetch(config.humanCheckVerifyUrl ?? SITEVERIFY[provider], { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return false;
  }
}

/** Checks a public form's human check with whichever provider the site is configured for. */
export function verifyHumanCheck(deps: { db: Db; config: Config; secretKey: Buffer; remoteIp: string }, value: string): Promise<boolean> {
  const choice = deps.config.site.humanCheck;
  if (choice.provider === 'altcha') return verifyAltcha(deps.db, deps.secretKey, value);
  return verifyProviderToken(deps.config, choice.provider, value, deps.remoteIp);
}
