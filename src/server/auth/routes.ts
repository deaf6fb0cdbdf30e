import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { okEnvelope } from '#src/schemas/envelope.ts';
import { UserViewSchema } from '#src/schemas/user-view.ts';
import { answers, failures } from '../http/describe.ts';
import { validate } from '../http/validate.ts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { LoginSchema, TwoFactorCodeSchema } from '#src/schemas/auth.ts';
import { authMessages } from '#src/schemas/messages.ts';
import type { AppEnv } from '../app-env.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { fromOwnSite } from '../http/request-site.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { clearLimit, consume, LIMITS, limitPerAddress } from './rate-limit.ts';
import { completeSignIn, endSession, passwordStageOnly, requirePasswordStage, requireStaff, staffOnly, startSession } from './session.ts';
import { decryptSecret, encryptSecret, sha256 } from './crypto.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl } from './totp.ts';
import { toUserView } from '../users/views.ts';
import { audit } from '../audit.ts';

/** Verifying against a throwaway hash when the account does not exist keeps the timing the same. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password for unknown accounts'));

const tags = ['Auth'];
const userAnswer = okEnvelope({ user: UserViewSchema });
const signedIn = okEnvelope({ user: UserViewSchema, is2FAEnabled: v.boolean(), allowSkip2FA: v.boolean() });

export const SIGN_OUT_FROM_ANOTHER_SITE = 'This sign-out was asked for by another site, so you are still signed in. Sign out from the back-office instead.';
const NOT_SIGNED_OUT_BY_HEAD = 'Nothing changed: a HEAD request does not sign out.';

/** Ends this browser's session (GET and POST /logout). */
async function signOut(c: Context<AppEnv>) {
  await endSession(c);
  return sendOk(c, 'Logged Out User', {});
}

/** `/api/v1/auth`: sign-in, the session check, sign-out and two-factor. */
export const authRoutes = new Hono<AppEnv>()
  /** What the sign-in screen may offer; nothing secret. */
  .get(
    '/options',
    describeRoute({
      tags,
      summary: 'What the sign-in screen may offer, and whether this browser is already signed in',
      responses: {
        200: answers('Options', okEnvelope({ signupEnabled: v.boolean(), is2FAEnabled: v.boolean(), allowSkip2FA: v.boolean(), signedIn: v.boolean() })),
      },
    }),
    (c) => {
      const { config, session } = c.var;
      return sendOk(c, 'Options', {
        signupEnabled: config.signupEnabled,
        is2FAEnabled: config.twoFactorEnabled,
        allowSkip2FA: config.allowSkip2FA,
        // The sign-in screen sends someone already signed in to the dashboard; asking here, not at
        // /auth/loggedin, keeps a signed-out visit free of a 401 (browsers log every one).
        signedIn: session?.stage === 'full',
      });
    },
  )

  .post(
    '/login',
    describeRoute({
      tags,
      summary: 'Sign in with email and password (then two-factor, when on)',
      responses: { 200: answers('Signed in, or the password step passed', signedIn), ...failures(400, 401, 403, 429) },
    }),
    limitPerAddress(LIMITS.loginPerAddress),
    validate('json', LoginSchema),
    async (c) => {
      const { db, config } = c.var;
      const input = c.req.valid('json');
      // Every attempt is counted before the password is checked (a success clears the count), so
      // guesses sent together cannot all slip under the lockout.
      await consume(db, LIMITS.loginFailuresPerAccount, input.email);
      const [user] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
      const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
      if (!user || !valid) {
        throw new HttpError(401, 'The email or password is not correct.');
      }
      await clearLimit(db, LIMITS.loginFailuresPerAccount, input.email);
      // Said only to someone who knows the password: it tells a stranger nothing.
      if (user.suspendedAt) throw new HttpError(403, authMessages.suspended);
      if (config.twoFactorEnabled) await startSession(c, user.id, 'password');
      else await completeSignIn(c, user.id);
      return sendOk(c, 'Logged in.', { user: toUserView(user), is2FAEnabled: config.twoFactorEnabled, allowSkip2FA: config.allowSkip2FA });
    },
  )

  .get(
    '/loggedin',
    describeRoute({ tags, summary: 'The signed-in user', responses: { 200: answers('Signed in', userAnswer), ...failures(401) } }),
    staffOnly,
    (c) => {
      const { user } = requireStaff(c);
      return sendOk(c, 'Logged in.', { user: toUserView(user) });
    },
  )

  /**
   * Sign-out by GET (kept for links and bookmarks to it), from our own pages and the address bar
   * only: another site could otherwise sign staff out by sending their browser here. A HEAD
   * (which Hono answers with this GET route) changes nothing.
   */
  .get(
    '/logout',
    describeRoute({
      tags,
      summary: 'Sign out (from our own pages or the address bar; the back-office uses POST)',
      responses: { 200: answers('Signed out', okEnvelope({})), ...failures(403) },
    }),
    async (c) => {
      if (c.req.method === 'HEAD') return sendOk(c, NOT_SIGNED_OUT_BY_HEAD, {});
      if (!fromOwnSite(c, [c.var.config.site.origin])) throw new HttpError(403, SIGN_OUT_FROM_ANOTHER_SITE);
      return signOut(c);
    },
  )

  /** The back-office's sign-out: a write, so the API's same-origin check for writes applies. */
  .post('/logout', describeRoute({ tags, summary: 'Sign out', responses: { 200: answers('Signed out', okEnvelope({})), ...failures(403) } }), async (c) =>
    signOut(c),
  )

  /** Step 1 of setup: a new secret and its otpauth:// URL for the QR code. Refused once set up. */
  .post(
    '/2fa/generateSecret',
    describeRoute({
      tags,
      summary: 'Start two-factor setup: a new secret and its otpauth URL',
      responses: { 200: answers('The secret, once', okEnvelope({ user: UserViewSchema, otpauth_url: v.string() })), ...failures(401, 409) },
    }),
    passwordStageOnly,
    async (c) => {
      const { db, config, secretKey } = c.var;
      const { user } = requirePasswordStage(c);
      const secret = newTotpSecret();
      // Only while not set up, checked in the same statement: a setup finishing at this moment keeps its secret.
      const [replaced] = await db
        .update(users)
        .set({ twoFactorSecret: encryptSecret(secretKey, secret), twoFactorLastStep: null })
        .where(and(eq(users.id, user.id), eq(users.twoFactorVerified, false)))
        .returning({ id: users.id });
      if (!replaced) throw new HttpError(409, 'Two-factor authentication is already set up for this account.');
      return sendOk(c, 'Scan the QR code with your authenticator app.', {
        user: { ...toUserView(user), twoFactor: { isEnabled: false, isVerified: false, secret } },
        otpauth_url: otpauthUrl(secret, user.email, config.site.brand),
      });
    },
  )

  /** Step 2 of setup, and every later sign-in: a code from the app, or a recovery code. */
  .post(
    '/2fa/verify',
    describeRoute({
      tags,
      summary: 'A code from the authenticator app, or a recovery code',
      responses: {
        200: answers('Verified (recovery codes once, at setup)', okEnvelope({ user: UserViewSchema, recoveryCodes: v.optional(v.array(v.string())) })),
        ...failures(400, 401, 429),
      },
    }),
    passwordStageOnly,
    limitPerAddress(LIMITS.twoFactorPerAddress),
    validate('json', TwoFactorCodeSchema),
    async (c) => {
      const { db, secretKey } = c.var;
      const { user } = requirePasswordStage(c);
      const { token } = c.req.valid('json');
      if (!user.twoFactorSecret) throw new HttpError(400, 'Set up two-factor authentication first.');
      // Counted before the code is checked (a success clears the count), like the password lockout.
      await consume(db, LIMITS.twoFactorFailuresPerAccount, user.id);

      const firstSetup = !user.twoFactorVerified;
      let accepted = false;
      if (/^\d{6}$/.test(token)) {
        const step = matchTotp(decryptSecret(secretKey, user.twoFactorSecret), token);
        // The check and the claim are one statement: a time step is accepted only if it is newer
        // than the last one accepted, and only for the secret it was checked against, so a code
        // sent by several requests at once is still accepted once.
        if (step !== null) {
          const [claimed] = await db
            .update(users)
            .set({ twoFactorLastStep: step })
            .where(
              and(
                eq(users.id, user.id),
                eq(users.twoFactorSecret, user.twoFactorSecret),
                or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step)),
              ),
            )
            .returning({ id: users.id });
          accepted = Boolean(claimed);
        }
      } else if (!firstSetup) {
        const [used] = await db
          .update(recoveryCodes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, sha256(token.toLowerCase())), isNull(recoveryCodes.usedAt)))
          .returning({ id: recoveryCodes.id });
        accepted = Boolean(used);
      }
      if (!accepted) {
        throw new HttpError(400, 'That code is not valid. Check your authenticator app and try again.', [
          { field: 'token', message: 'Invalid verification code' },
        ]);
      }
      const usedRecoveryCode = !/^\d{6}$/.test(token);

      const { updated, codes } = await db.transaction(async (tx) => {
        if (firstSetup) {
          // Only the request that turns two-factor on makes recovery codes; another one racing it
          // (with a different valid code) is a plain sign-in.
          const [setUp] = await tx
            .update(users)
            .set({ twoFactorEnabled: true, twoFactorVerified: true })
            .where(and(eq(users.id, user.id), eq(users.twoFactorVerified, false)))
            .returning();
          if (setUp) {
            const fresh = newRecoveryCodes();
            await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
            await tx.insert(recoveryCodes).values(fresh.map((code) => ({ userId: user.id, codeHash: sha256(code) })));
            await audit(tx, user.id, 'two-factor set up', `user:${user.id}`);
            return { updated: setUp, codes: fresh };
          }
        }
        const [row] = await tx.select().from(users).where(eq(users.id, user.id));
        return { updated: row!, codes: undefined };
      });
      await clearLimit(db, LIMITS.twoFactorFailuresPerAccount, user.id);
      await completeSignIn(c, user.id);
      return sendOk(c, usedRecoveryCode ? 'Signed in with a recovery code. It cannot be used again.' : 'Verified.', {
        user: toUserView(updated),
        ...(codes ? { recoveryCodes: codes } : {}),
      });
    },
  )

  /** 'Skip' on the setup screen: only when configuration allows it and the user has not set up two-factor. */
  .post(
    '/2fa/skip',
    describeRoute({ tags, summary: 'Skip two-factor setup (when allowed)', responses: { 200: answers('Signed in', userAnswer), ...failures(401, 403) } }),
    passwordStageOnly,
    async (c) => {
      const { config } = c.var;
      const { user } = requirePasswordStage(c);
      if (!config.allowSkip2FA) throw new HttpError(403, 'Two-factor authentication is required.');
      if (user.twoFactorVerified) throw new HttpError(403, 'Enter the code from your authenticator app.');
      await completeSignIn(c, user.id);
      return sendOk(c, 'Logged in.', { user: toUserView(user) });
    },
  );
