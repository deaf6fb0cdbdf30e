import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db, Tx } from '../db/client.ts';
import { spentChallenges } from '../db/schema.ts';
import { sha256 } from '../auth/crypto.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../http/envelope.ts';
import { HUMAN_CHECK_FAILED } from '#src/schemas/human-check.ts';
import { hitting } from '../auth/rate-limit.ts';

/**
 * Human verification for public forms: ALTCHA's self-hosted proof of work. The server picks
 * a secret counter; the browser finds it by trying SHA-256 derivations from zero: 10,000 to
 * 30,000 digests, measured at 0.05 to 0.5 s with the CPU slowed four times (a mid-range
 * phone). Challenges are signed with a key derived from APP_SECRET, expire after ten minutes
 * and are accepted once: spent in the transaction that stores the form's record.
 */
export const HUMAN_CHECK = {
  algorithm: 'SHA-256',
  cost: 1,
  counterMin: 10_000,
  counterMax: 30_000,
  ttlSeconds: 10 * 60,
} as const;

/**
 * The signing secrets derived from APP_SECRET, and the same as Node HMAC keys, made once per
 * key: deriving them and importing a key for every request was a seventh of a contact
 * create's CPU.
 */
type SigningKeys = {
  secrets: { hmacSignatureSecret: string; hmacKeySignatureSecret: string };
  signature: KeyObject;
  keySignature: KeyObject;
};
const signingKeys = new WeakMap<Buffer, SigningKeys>();

function keysFor(key: Buffer): SigningKeys {
  let keys = signingKeys.get(key);
  if (!keys) {
    const secrets = {
      hmacSignatureSecret: createHmac('sha256', key).update('altcha signature').digest('hex'),
      hmacKeySignatureSecret: createHmac('sha256', key).update('altcha key signature').digest('hex'),
    };
    // altcha-lib keys its HMAC with the secret's text as UTF-8 bytes.
    keys = {
      secrets,
      signature: createSecretKey(Buffer.from(secrets.hmacSignatureSecret)),
      keySignature: createSecretKey(Buffer.from(secrets.hmacKeySignatureSecret)),
    };
    signingKeys.set(key, keys);
  }
  return keys;
}
const secrets = (key: Buffer) => keysFor(key).secrets;

/**
 * A new challenge; `counter` (the answer) is random unless given, as the load bench does to
 * skip the browser's work. altcha-lib makes its parameters and derives the answer's key
 * (caught on its way through `deriveKey`); the two signatures are its signChallenge's, step
 * for step, with the keys made once and Node's HMAC: the library imported both keys into
 * WebCrypto for every challenge, 130 µs of CPU a challenge, a third of a callback's own.
 * tests/unit/human-check-verify.test.ts has the library verify what this makes.
 */
export async function newChallenge(secretKey: Buffer, counter = randomInt(HUMAN_CHECK.counterMin, HUMAN_CHECK.counterMax)): Promise<Challenge> {
  let answerKey: Uint8Array | undefined;
  const unsigned = await createChallenge({
    algorithm: HUMAN_CHECK.algorithm,
    cost: HUMAN_CHECK.cost,
    counter,
    deriveKey: async (...args: Parameters<typeof deriveKey>) => {
      const derived = await deriveKey(...args);
      answerKey = derived.derivedKey;
      return derived;
    },
    expiresAt: new Date(Date.now() + HUMAN_CHECK.ttlSeconds * 1000),
  });
  if (!answerKey) throw new Error('altcha-lib derived no key for a challenge with a counter');
  const keys = keysFor(secretKey);
  const parameters = sortKeys({ ...unsigned.parameters, keySignature: hmacHex(keys.keySignature, Buffer.from(answerKey)) }) as Challenge['parameters'];
  return { parameters, signature: hmacHex(keys.signature, JSON.stringify(parameters)) };
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

/**
 * A human check that passed verification but is not yet spent: it is spent (spendHumanCheck,
 * budgetedSpending) by the statement or transaction that stores the form's record, so a
 * request whose record was never stored can be sent again with the same check.
 */
export type VerifiedHumanCheck = { id: string; ttlSeconds: number };

/** The answer to a human check that failed or was already used (400 on the humanCheck field). */
export class HumanCheckFailed extends HttpError {
  constructor() {
    super(400, HUMAN_CHECK_FAILED, [{ field: 'humanCheck', message: HUMAN_CHECK_FAILED }]);
  }
}

/** A valid, unexpired, solved challenge signed by this server; null for anything else. Whether it was spent is decided at spending. */
export async function verifyAltcha(secretKey: Buffer, payload: string): Promise<VerifiedHumanCheck | null> {
  const decoded = decode(payload);
  if (!decoded) return null;
  const verified = decoded.challenge.parameters.keySignature
    ? verifyKeySigned(keysFor(secretKey), decoded)
    : (await verifySolution({ challenge: decoded.challenge, solution: decoded.solution, deriveKey, ...secrets(secretKey) })).verified;
  if (!verified || !decoded.challenge.signature) return null;
  return { id: sha256(decoded.challenge.signature), ttlSeconds: HUMAN_CHECK.ttlSeconds };
}

/**
 * altcha-lib's `verifySolution` for the challenges this server makes (they carry a signature
 * of the answer's key), step for step, with the keys made once and Node's synchronous HMAC:
 * not expired, parameters signed by us, a well-formed answer, and its key signed by us.
 * tests/unit/human-check-verify.test.ts holds it to the library's verdicts.
 */
function verifyKeySigned(keys: SigningKeys, { challenge, solution }: Payload): boolean {
  const { parameters } = challenge;
  if (parameters.expiresAt && parameters.expiresAt < Date.now() / 1000) return false;
  if (!challenge.signature) return false;
  if (!sameText(challenge.signature, hmacHex(keys.signature, JSON.stringify(sortKeys(parameters))))) return false;
  const { derivedKey, counter } = solution ?? {};
  if (typeof derivedKey !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(derivedKey)) return false;
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffff_ffff) return false;
  return sameText(String(parameters.keySignature), hmacHex(keys.keySignature, Buffer.from(derivedKey, 'hex')));
}

const hmacHex = (key: KeyObject, data: string | Buffer) => createHmac('sha256', key).update(data).digest('hex');

/** Equal texts, compared in constant time. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Object keys sorted at every depth (arrays kept as they are, undefined dropped): the library's canonical JSON for signing. */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((key) => {
        const item = (value as Record<string, unknown>)[key];
        return item === undefined ? [] : [[key, sortKeys(item)]];
      }),
  );
}

/** A form's hit against its budget, as budgetedSpending counts it (values, or placeholders for a prepared statement). */
type BoundHit = { key: string | Placeholder; seconds: number | Placeholder; max: number | Placeholder };

/**
 * A public form's hit counted and its human check spent, within the budget only, as two WITH
 * queries for the statement that goes on to store the form's record from `spent`'s row:
 * `hit` gives the count and the window's seconds left, `spent` the check's id once, when this
 * statement spent it and the hit was within the budget (past it, the check stays unspent).
 */
export function budgetedSpending(db: Db | Tx, check: { id: string | Placeholder; ttlSeconds: number | Placeholder }, budget: BoundHit) {
  const hit = db.$with('hit').as(hitting(db, budget));
  const withinBudget = sql`exists (select 1 from ${hit} where ${hit.hits} <= ${budget.max}::int)`;
  const spent = db.$with('spent').as(spendingOf(db, check, withinBudget));
  return { hit, spent };
}

/**
 * Spends a verified check, once: true for the first transaction to spend it, false after. On
 * PostgreSQL a concurrent transaction spending the same check waits on the row and then
 * finds it spent, so two requests can never both pass with one check.
 */
export async function spendHumanCheck(tx: Tx, check: VerifiedHumanCheck): Promise<boolean> {
  const spent = await spendingOf(tx, check);
  return spent.length === 1;
}

/**
 * The spending as a statement that returns the check's id once, when this statement spent it:
 * a form can put it in a WITH and insert its record only from its row, so the spending, the
 * record and its mail are one statement (one round trip, atomic without a transaction). The
 * check may be placeholders, for a statement prepared once. With `when` (a condition on the
 * statement's other WITH queries, such as its rate limit's hit), the check is spent only if it holds.
 */
function spendingOf(db: Db | Tx, check: { id: string | Placeholder; ttlSeconds: number | Placeholder }, when?: SQL) {
  const expiresAt = sql`now() + make_interval(secs => ${check.ttlSeconds}::int)`;
  const insert = db.insert(spentChallenges);
  return (when ? insert.select(sql`select ${check.id}::text, true, ${expiresAt} where ${when}`) : insert.values({ id: check.id, spent: true, expiresAt }))
    .onConflictDoUpdate({ target: spentChallenges.id, set: { spent: true }, setWhere: eq(spentChallenges.spent, false) })
    .returning({ id: spentChallenges.id });
}

/** The providers' siteverify endpoints (both take secret, response and remoteip as a form). */
const SITEVERIFY = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

/** How long a provider's confirmation is remembered: a Turnstile token's own lifetime (reCAPTCHA's is shorter). */
const PROVIDER_TOKEN_TTL_SECONDS = 300;

/**
 * reCAPTCHA v2 or Turnstile: asks the provider whether the token is good. The providers
 * answer for each token once, so a confirmed token is remembered (unspent) here: a retry
 * after a failed store passes without asking again. A provider that does not answer in 5 s
 * counts as a failure.
 */
export async function verifyProviderToken(
  db: Db,
  config: Config,
  provider: keyof typeof SITEVERIFY,
  token: string,
  remoteIp: string,
): Promise<VerifiedHumanCheck | null> {
  const check = { id: sha256(`${provider}:${token}`), ttlSeconds: PROVIDER_TOKEN_TTL_SECONDS };
  const [seen] = await db
    .select({ spent: spentChallenges.spent })
    .from(spentChallenges)
    .where(and(eq(spentChallenges.id, check.id), gt(spentChallenges.expiresAt, sql`now()`)));
  if (seen) return seen.spent ? null : check;
  const body = new URLSearchParams({ secret: config.humanCheckSecret ?? '', response: token, remoteip: remoteIp });
  try {
    const response = await fetch(config.humanCheckVerifyUrl ?? SITEVERIFY[provider], { method: 'POST', body, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    const result = (await response.json()) as { success?: unknown };
    if (result.success !== true) return null;
  } catch {
    return null;
  }
  await db
    .insert(spentChallenges)
    .values({ id: check.id, spent: false, expiresAt: sql`now() + make_interval(secs => ${check.ttlSeconds})` })
    .onConflictDoNothing();
  return check;
}

/** Verifies a public form's human check with whichever provider the site is configured for; spend it with spendHumanCheck or budgetedSpending. */
export function verifyHumanCheck(deps: { db: Db; config: Config; secretKey: Buffer; remoteIp: string }, value: string): Promise<VerifiedHumanCheck | null> {
  const choice = deps.config.site.humanCheck;
  if (choice.provider === 'altcha') return verifyAltcha(deps.secretKey, value);
  return verifyProviderToken(deps.db, deps.config, choice.provider, value, deps.remoteIp);
}
