import { createHmac } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db } from './db/client.ts';
import { spentChallenges } from './db/schema.ts';
import { sha256 } from './auth/crypto.ts';

/**
 * Human verification for public forms: ALTCHA's self-hosted proof of work. The server picks
 * a secret counter; the browser finds it by trying SHA-256 derivations from zero, a few
 * thousand digests (well under a second on a mid-range phone). Challenges are signed with a
 * key derived from APP_SECRET, expire after ten minutes and are accepted once.
 */
export const HUMAN_CHECK = {
  algorithm: 'SHA-256',
  cost: 1,
  counterMin: 2_000,
  counterMax: 6_000,
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
export async function verifyHumanCheck(db: Db, secretKey: Buffer, payload: string): Promise<boolean> {
  const decoded = decode(payload);
  if (!decoded) return false;
  const result = await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, ...secrets(secretKey) });
  if (!result.verified || !decoded.challenge.signature) return false;
  await db.delete(spentChallenges).where(lt(spentChallenges.expiresAt, sql`now()`));
  const spent = await db
    .insert(spentChallenges)
    .values({ id: sha256(decoded.challenge.signature), expiresAt: sql`now() + make_interval(secs => ${HUMAN_CHECK.ttlSeconds})` })
    .onConflictDoNothing()
    .returning({ id: spentChallenges.id });
  return spent.length === 1;
}
