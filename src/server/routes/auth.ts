import { Hono } from 'hono';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { LoginSchema, TwoFactorCodeSchema } from '../../schemas/auth.ts';
import type { AppEnv } from '../app-env.ts';
import { recoveryCodes, users } from '../db/schema.ts';
import { HttpError, readBody, sendOk } from '../http/envelope.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearLimit, clientAddress, consume, ensureNotLocked, LIMITS } from '../auth/rate-limit.ts';
import { endSession, requirePasswordStage, requireStaff, startSession } from '../auth/session.ts';
import { decryptSecret, encryptSecret, sha256 } from '../auth/crypto.ts';
import { matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl } from '../auth/totp.ts';
import { toUserView } from '../auth/user-view.ts';
import { audit } from '../audit.ts';

/** `/api/v1/auth`: sign-in, the session check, sign-out and two-factor. */
export const authRoutes = new Hono<AppEnv>();

/** Verifying against a throwaway hash when the account does not exist keeps the timing the same. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password for unknown accounts'));

/** What the sign-in screen may offer; nothing secret. */
authRoutes.get('/options', (c) => {
  const { config } = c.var;
  return sendOk(c, 'Options', { signupEnabled: config.signupEnabled, is2FAEnabled: config.twoFactorEnabled, allowSkip2FA: config.allowSkip2FA });
});

authRoutes.post('/login', async (c) => {
  const { db, config } = c.var;
  await consume(db, LIMITS.loginPerAddress, clientAddress(c, config.trustProxy));
  const input = await readBody(c, LoginSchema);
  await ensureNotLocked(db, LIMITS.loginFailuresPerAccount, input.email);
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !valid) {
    await consume(db, LIMITS.loginFailuresPerAccount, input.email);
    throw new HttpError(401, 'The email or password is not correct.');
  }
  await clearLimit(db, LIMITS.loginFailuresPerAccount, input.email);
  await startSession(c, user.id, config.twoFactorEnabled ? 'password' : 'full');
  return sendOk(c, 'Logged in.', { user: toUserView(user), is2FAEnabled: config.twoFactorEnabled, allowSkip2FA: config.allowSkip2FA });
});

authRoutes.get('/loggedin', (c) => {
  const { user } = requireStaff(c);
  return sendOk(c, 'Logged in.', { user: toUserView(user) });
});

authRoutes.get('/logout', async (c) => {
  await endSession(c);
  return sendOk(c, 'Logged Out User', {});
});

/** Step 1 of setup: a new secret and its otpauth:// URL for the QR code. Refused once set up. */
authRoutes.post('/2fa/generateSecret', async (c) => {
  const { db, config, secretKey } = c.var;
  const { user } = requirePasswordStage(c);
  if (user.twoFactorVerified) throw new HttpError(409, 'Two-factor authentication is already set up for this account.');
  const secret = newTotpSecret();
  await db.update(users).set({ twoFactorSecret: encryptSecret(secretKey, secret), twoFactorLastStep: null }).where(eq(users.id, user.id));
  return sendOk(c, 'Scan the QR code with your authenticator app.', {
    user: { ...toUserView(user), twoFactor: { isEnabled: false, isVerified: false, secret } },
    otpauth_url: otpauthUrl(secret, user.email, config.site.brand),
  });
});

/** Step 2 of setup, and every later sign-in: a code from the app, or a recovery code. */
authRoutes.post('/2fa/verify', async (c) => {
  const { db, config, secretKey } = c.var;
  const { user } = requirePasswordStage(c);
  await consume(db, LIMITS.twoFactorPerAddress, clientAddress(c, config.trustProxy));
  await ensureNotLocked(db, LIMITS.twoFactorFailuresPerAccount, user.id);
  const { token } = await readBody(c, TwoFactorCodeSchema);
  if (!user.twoFactorSecret) throw new HttpError(400, 'Set up two-factor authentication first.');

  const firstSetup = !user.twoFactorVerified;
  let step: number | null = null;
  let usedRecoveryCode = false;
  if (/^\d{6}$/.test(token)) {
    step = matchTotp(decryptSecret(secretKey, user.twoFactorSecret), token);
    // A code whose time step is not newer than the last accepted one has been used already.
    if (step !== null && user.twoFactorLastStep !== null && step <= user.twoFactorLastStep) step = null;
  } else if (!firstSetup) {
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, sha256(token.toLowerCase())), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    usedRecoveryCode = Boolean(used);
  }
  if (step === null && !usedRecoveryCode) {
    await consume(db, LIMITS.twoFactorFailuresPerAccount, user.id);
    throw new HttpError(400, 'That code is not valid. Check your authenticator app and try again.', [{ field: 'token', message: 'Invalid verification code' }]);
  }

  const codes = firstSetup ? newRecoveryCodes() : undefined;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorVerified: true, ...(step !== null ? { twoFactorLastStep: step } : {}) })
      .where(eq(users.id, user.id))
      .returning();
    if (codes) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId: user.id, codeHash: sha256(code) })));
      await audit(tx, user.id, 'two-factor set up', `user:${user.id}`);
    }
    return row!;
  });
  await clearLimit(db, LIMITS.twoFactorFailuresPerAccount, user.id);
  await startSession(c, user.id, 'full');
  return sendOk(c, usedRecoveryCode ? 'Signed in with a recovery code. It cannot be used again.' : 'Verified.', {
    user: toUserView(updated),
    ...(codes ? { recoveryCodes: codes } : {}),
  });
});

/** 'Skip' on the setup screen: only when configuration allows it and the user has not set up two-factor. */
authRoutes.post('/2fa/skip', async (c) => {
  const { config } = c.var;
  const { user } = requirePasswordStage(c);
  if (!config.allowSkip2FA) throw new HttpError(403, 'Two-factor authentication is required.');
  if (user.twoFactorVerified) throw new HttpError(403, 'Enter the code from your authenticator app.');
  await startSession(c, user.id, 'full');
  return sendOk(c, 'Logged in.', { user: toUserView(user) });
});
