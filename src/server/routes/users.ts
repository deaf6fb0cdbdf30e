import { Hono, type Context } from 'hono';
import { and, count, desc, eq, gt, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ResetRequestSchema, ResetSchema } from '../../schemas/auth.ts';
import { pageInfo } from '../../schemas/paging.ts';
import { accountMessages, EmailConfirmSchema, ownAccountUpdateSchema, UserCreateSchema, UserUpdateSchema, type UserCreate } from '../../schemas/user.ts';
import type { AppEnv } from '../app-env.ts';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { passwordResets, recoveryCodes, users } from '../db/schema.ts';
import { HttpError, parseWith, readBody, sendOk } from '../http/envelope.ts';
import { pagingFrom, uuidParam } from '../http/params.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { clearLimit, clientAddress, consume, LIMITS } from '../auth/rate-limit.ts';
import { ADMINS_ONLY, endAllSessions, requireAdmin, requireStaff, startSession } from '../auth/session.ts';
import { toUserView } from '../auth/user-view.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates/password-reset.ts';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../mail/templates/email-change.ts';
import { audit } from '../audit.ts';
import { isUniqueViolation } from '../db/errors.ts';

/** `/api/v1/users`: password reset, sign-up, and user management (Admin; a Standard user only themselves). */
export const userRoutes = new Hono<AppEnv>();

const RESET_MINUTES = 60;
/** How long the link confirming a new email address works. */
const EMAIL_CHANGE_HOURS = 24;
const EMAIL_TAKEN = 'A user with this email address already exists.';
const NO_SUCH_USER = 'There is no such user.';
const LAST_ADMIN = 'There must always be at least one administrator.';
const RESET_LINK_INVALID = 'This reset link is not valid or has expired. Please ask for a new one.';

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

const userId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_USER);

async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_USER);
  return row;
}

/** Any fixed number (the migration lock is 724_113_001): demotions and deletions queue behind it. */
const ADMINISTRATORS_LOCK_KEY = 724_113_002;

/**
 * Takes the administrators' lock until the transaction ends, then lists them. Every demotion
 * and deletion takes it before counting, so two at once run one after the other and the
 * second counts what the first left (under READ COMMITTED the count's snapshot is taken after
 * the lock is granted). One advisory lock rather than `FOR UPDATE` on each administrator's
 * row: rows locked one by one deadlocked when a demotion's target had just stopped being an
 * administrator.
 */
async function lockAdministrators(tx: Tx): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK_KEY})`);
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true));
  return rows.map((row) => row.id);
}

/** Under that lock: the actor must still be an administrator, and `leaving` must not be the last one. */
function checkAdministrators(admins: string[], actorId: string, leaving: string): void {
  if (!admins.includes(actorId)) throw new HttpError(403, ADMINS_ONLY);
  if (admins.includes(leaving) && admins.length <= 1) throw new HttpError(409, LAST_ADMIN);
}

/**
 * Someone changing their own email or password proves they know the current password. Each
 * try counts against the same lockout as sign-in (counted before the check, cleared on
 * success), so a session is no faster a way to guess the password than the sign-in form.
 */
async function checkCurrentPassword(db: Db, user: typeof users.$inferSelect, given: string): Promise<void> {
  await consume(db, LIMITS.loginFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, given))) {
    throw new HttpError(400, accountMessages.currentPasswordWrong, [{ field: 'currentPassword', message: accountMessages.currentPasswordWrong }]);
  }
  await clearLimit(db, LIMITS.loginFailuresPerAccount, user.email);
}

async function insertUser(db: Db, input: UserCreate, isAdmin: boolean) {
  try {
    const [row] = await db
      .insert(users)
      .values({ firstName: input.first_name, lastName: input.last_name, email: input.email, passwordHash: await hashPassword(input.password), isAdmin })
      .returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    throw error;
  }
}

/** The same answer whether or not the address has an account, so it can't be used to probe. */
userRoutes.post('/passwordReset/:email', async (c) => {
  const { db, config } = c.var;
  await consume(db, LIMITS.resetRequestPerAddress, clientAddress(c, config.trustProxy));
  const { email } = parseWith(ResetRequestSchema, { email: c.req.param('email') });
  await consume(db, LIMITS.resetRequestPerAccount, email);
  const [user] = await db.select().from(users).where(byEmail(email));
  if (user) {
    const token = randomToken();
    const link = new URL('/verifypasswordreset', config.site.origin);
    link.searchParams.set('email', user.email);
    link.searchParams.set('token', token);
    const mail = await passwordResetMail({ brand: config.site.brand, firstName: user.firstName, link: link.href, minutes: RESET_MINUTES });
    await db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: sql`now() + make_interval(mins => ${RESET_MINUTES})` });
      await enqueueMail(tx, { to: [user.email], ...mail, ref: `password-reset:${user.id}` });
    });
  }
  return sendOk(c, 'If that address has an account, we have sent it a link to reset the password.', {});
});

userRoutes.post('/verifypasswordreset', async (c) => {
  const { db, config } = c.var;
  await consume(db, LIMITS.resetVerifyPerAddress, clientAddress(c, config.trustProxy));
  const input = await readBody(c, ResetSchema);
  const [found] = await db
    .select({ resetId: passwordResets.id, userId: users.id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(input.passwordResetToken)),
        byEmail(input.email),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  if (!found) throw new HttpError(400, RESET_LINK_INVALID);
  const passwordHash = await hashPassword(input.newPassword);
  const done = await db.transaction(async (tx) => {
    // The lookup above only spares a bad link the hashing; claiming the link is the check, in
    // one statement, so of several requests using it at once only one finds it unused.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.id, found.resetId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
      .returning({ id: passwordResets.id });
    if (!claimed) return false;
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, found.userId));
    // Any other outstanding link for the account stops working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, found.userId), isNull(passwordResets.usedAt)));
    await audit(tx, found.userId, 'password reset', `user:${found.userId}`);
    return true;
  });
  if (!done) throw new HttpError(400, RESET_LINK_INVALID);
  await endAllSessions(db, found.userId);
  return sendOk(c, 'Your password has been changed. Please sign in with your new password.', {});
});

/** Self sign-up, only when SIGNUP_ENABLED; creates a Standard user, who then signs in. */
userRoutes.post('/signup', async (c) => {
  const { db, config } = c.var;
  if (!config.signupEnabled) throw new HttpError(403, 'Creating an account is not available. Ask an administrator.');
  await consume(db, LIMITS.resetRequestPerAddress, clientAddress(c, config.trustProxy));
  const input = await readBody(c, UserCreateSchema);
  const user = await insertUser(db, input, false);
  await audit(db, user.id, 'user signed up', `user:${user.id}`);
  return sendOk(c, 'Account created. Please sign in.', { user: toUserView(user) }, 201);
});

userRoutes.post('/create', async (c) => {
  const { db } = c.var;
  const actor = requireAdmin(c).user;
  const input = await readBody(c, UserCreateSchema);
  const user = await insertUser(db, input, input.isAdmin ?? false);
  await audit(db, actor.id, 'user created', `user:${user.id}`, { isAdmin: user.isAdmin });
  return sendOk(c, 'User Created', { user: toUserView(user) }, 201);
});

userRoutes.get('/', async (c) => {
  const { db } = c.var;
  requireAdmin(c);
  const paging = pagingFrom(c);
  const filters: SQL[] = [];
  for (const [param, columns] of [
    ['search', [users.firstName, users.lastName, users.email]],
    ['name', [users.firstName, users.lastName]],
    ['email', [users.email]],
  ] as const) {
    const value = c.req.query(param)?.trim().slice(0, 100);
    if (value) {
      const pattern = `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      filters.push(or(...columns.map((column) => ilike(column, pattern)))!);
    }
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(paging.page_size)
      .offset(paging.page * paging.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return sendOk(c, 'Users', { users: rows.map(toUserView), ...pageInfo(paging, total?.n ?? 0) });
});

userRoutes.get('/get/:id', async (c) => {
  const actor = requireStaff(c).user;
  const id = userId(c);
  if (!actor.isAdmin && actor.id !== id) throw new HttpError(403, 'You can only see your own account.');
  return sendOk(c, 'User', { user: toUserView(await findUser(c.var.db, id)) });
});

userRoutes.put('/update/:id', async (c) => {
  const { db, config } = c.var;
  const actor = requireStaff(c).user;
  const id = userId(c);
  const self = actor.id === id;
  if (!actor.isAdmin && !self) throw new HttpError(403, 'You can only change your own account.');
  const target = await findUser(db, id);
  const input = await readBody(c, self ? ownAccountUpdateSchema(target.email) : UserUpdateSchema);
  if (input.isAdmin !== undefined && input.isAdmin !== target.isAdmin && !actor.isAdmin) throw new HttpError(403, 'Only an administrator can change a role.');

  // A new address (not just other letter case) takes effect only through the link mailed to it.
  const newEmail = input.email.toLowerCase() !== target.email.toLowerCase() ? input.email : null;
  const passwordChange = Boolean(input.password);
  if (self && (newEmail || passwordChange)) await checkCurrentPassword(db, target, input.currentPassword ?? '');
  let confirmation: { token: string; mails: Awaited<ReturnType<typeof emailChangeMails>> } | null = null;
  if (newEmail) {
    await consume(db, LIMITS.emailChangePerAccount, id);
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(byEmail(newEmail), ne(users.id, id)));
    if (taken) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    const token = randomToken();
    confirmation = { token, mails: await emailChangeMails(config, target, newEmail, token) };
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;

  const updated = await db.transaction(async (tx) => {
    if (actor.isAdmin && input.isAdmin === false) {
      const admins = await lockAdministrators(tx);
      if (admins.includes(id)) checkAdministrators(admins, actor.id, id);
    }
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        ...(newEmail ? {} : { email: input.email }),
        ...(actor.isAdmin && input.isAdmin !== undefined ? { isAdmin: input.isAdmin } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(confirmation
          ? {
              pendingEmail: newEmail,
              pendingEmailTokenHash: sha256(confirmation.token),
              pendingEmailExpiresAt: sql`now() + make_interval(hours => ${EMAIL_CHANGE_HOURS})`,
            }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new HttpError(404, NO_SUCH_USER);
    await audit(tx, actor.id, 'user updated', `user:${id}`, {
      roleChange: row.isAdmin !== target.isAdmin,
      passwordChange,
      emailChangeRequested: Boolean(newEmail),
    });
    if (passwordChange) await audit(tx, actor.id, 'password changed', `user:${id}`, { byOwner: self });
    if (confirmation) {
      await audit(tx, actor.id, 'email change requested', `user:${id}`, { from: target.email, to: newEmail });
      await enqueueMail(tx, { to: [newEmail!], ...confirmation.mails.confirm, ref: `email-change:${id}` });
      await enqueueMail(tx, { to: [target.email], ...confirmation.mails.notice, ref: `email-change:${id}` });
    }
    return row;
  });
  // A new password or role ends the user's sessions; their own current one is renewed.
  if (passwordChange || updated.isAdmin !== target.isAdmin) {
    await endAllSessions(db, id);
    if (self) await startSession(c, id, 'full');
  }
  return sendOk(c, 'User Updated', { user: toUserView(updated) });
});

async function emailChangeMails(config: Config, user: typeof users.$inferSelect, newEmail: string, token: string) {
  const link = new URL('/admin/confirm-email', config.site.origin);
  link.searchParams.set('token', token);
  return {
    confirm: await emailChangeConfirmMail({ brand: config.site.brand, firstName: user.firstName, link: link.href, hours: EMAIL_CHANGE_HOURS }),
    notice: await emailChangeNoticeMail({ brand: config.site.brand, firstName: user.firstName, newEmail }),
  };
}

/**
 * The link mailed to the new address, used by the account's owner, signed in. Checking the
 * token and moving the address are one statement: the link works once, only for its own
 * account, and only until it expires.
 */
userRoutes.post('/confirmEmail', async (c) => {
  const { db } = c.var;
  const actor = requireStaff(c).user;
  const { token } = await readBody(c, EmailConfirmSchema);
  let changed: typeof users.$inferSelect | undefined;
  try {
    changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ email: sql`${users.pendingEmail}`, pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null, updatedAt: sql`now()` })
        .where(and(eq(users.id, actor.id), eq(users.pendingEmailTokenHash, sha256(token)), gt(users.pendingEmailExpiresAt, sql`now()`)))
        .returning();
      if (row) await audit(tx, actor.id, 'email changed', `user:${actor.id}`, { from: actor.email, to: row.email });
      return row;
    });
  } catch (error) {
    // Someone else took the address after the link was sent.
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    throw error;
  }
  if (!changed) throw new HttpError(400, accountMessages.confirmLinkInvalid, [{ field: 'token', message: accountMessages.confirmLinkInvalid }]);
  return sendOk(c, `Your email address is now ${changed.email}.`, { user: toUserView(changed) });
});

userRoutes.delete('/delete/:id', async (c) => {
  const { db } = c.var;
  const actor = requireAdmin(c).user;
  const id = userId(c);
  if (id === actor.id) throw new HttpError(409, 'You cannot delete your own account.');
  await db.transaction(async (tx) => {
    checkAdministrators(await lockAdministrators(tx), actor.id, id);
    const [gone] = await tx.delete(users).where(eq(users.id, id)).returning({ email: users.email });
    if (!gone) throw new HttpError(404, NO_SUCH_USER);
    await audit(tx, actor.id, 'user deleted', `user:${id}`, { email: gone.email });
  });
  return sendOk(c, 'User deleted.', {});
});

/** An administrator clears another user's two-factor, e.g. after a lost phone; they set it up again at next sign-in. */
userRoutes.post('/reset2fa/:id', async (c) => {
  const { db } = c.var;
  const actor = requireAdmin(c).user;
  const id = userId(c);
  await findUser(db, id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ twoFactorSecret: null, twoFactorEnabled: false, twoFactorVerified: false, twoFactorLastStep: null }).where(eq(users.id, id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
    await audit(tx, actor.id, 'two-factor reset', `user:${id}`);
  });
  await endAllSessions(db, id);
  return sendOk(c, 'Two-factor authentication has been reset. The user will set it up again at their next sign-in.', {});
});
