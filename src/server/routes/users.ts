import { Hono, type Context } from 'hono';
import { and, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ResetRequestSchema, ResetSchema } from '../../schemas/auth.ts';
import { pageInfo } from '../../schemas/paging.ts';
import { UserCreateSchema, UserUpdateSchema, type UserCreate } from '../../schemas/user.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { passwordResets, recoveryCodes, users } from '../db/schema.ts';
import { HttpError, parseWith, readBody, sendOk } from '../http/envelope.ts';
import { pagingFrom, uuidParam } from '../http/params.ts';
import { hashPassword } from '../auth/password.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { clientAddress, consume, LIMITS } from '../auth/rate-limit.ts';
import { endAllSessions, requireAdmin, requireStaff, startSession } from '../auth/session.ts';
import { toUserView } from '../auth/user-view.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates/password-reset.ts';
import { audit } from '../audit.ts';
import { isUniqueViolation } from '../db/errors.ts';

/** `/api/v1/users`: password reset, sign-up, and user management (Admin; a Standard user only themselves). */
export const userRoutes = new Hono<AppEnv>();

const RESET_MINUTES = 60;
const EMAIL_TAKEN = 'A user with this email address already exists.';
const NO_SUCH_USER = 'There is no such user.';
const LAST_ADMIN = 'There must always be at least one administrator.';

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

const userId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_USER);

async function findUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_USER);
  return row;
}

async function adminCount(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(eq(users.isAdmin, true));
  return row?.total ?? 0;
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
    .where(and(eq(passwordResets.tokenHash, sha256(input.passwordResetToken)), byEmail(input.email), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
  if (!found) throw new HttpError(400, 'This reset link is not valid or has expired. Please ask for a new one.');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, found.userId));
    // This link and any other outstanding link for the account stop working.
    await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, found.userId), isNull(passwordResets.usedAt)));
    await audit(tx, found.userId, 'password reset', `user:${found.userId}`);
  });
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
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(paging.page_size).offset(paging.page * paging.page_size),
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
  const { db } = c.var;
  const actor = requireStaff(c).user;
  const id = userId(c);
  if (!actor.isAdmin && actor.id !== id) throw new HttpError(403, 'You can only change your own account.');
  const input = await readBody(c, UserUpdateSchema);
  const target = await findUser(db, id);
  const roleChange = input.isAdmin !== undefined && input.isAdmin !== target.isAdmin;
  if (roleChange && !actor.isAdmin) throw new HttpError(403, 'Only an administrator can change a role.');
  if (roleChange && target.isAdmin && (await adminCount(db)) <= 1) throw new HttpError(409, LAST_ADMIN);

  const passwordChange = Boolean(input.password);
  let updated;
  try {
    [updated] = await db
      .update(users)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        ...(roleChange ? { isAdmin: input.isAdmin } : {}),
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
    throw error;
  }
  await audit(db, actor.id, 'user updated', `user:${id}`, { roleChange, passwordChange });
  // A new password or role ends the user's sessions; their own current one is renewed.
  if (passwordChange || roleChange) {
    await endAllSessions(db, id);
    if (actor.id === id) await startSession(c, id, 'full');
  }
  return sendOk(c, 'User Updated', { user: toUserView(updated!) });
});

userRoutes.delete('/delete/:id', async (c) => {
  const { db } = c.var;
  const actor = requireAdmin(c).user;
  const id = userId(c);
  if (id === actor.id) throw new HttpError(409, 'You cannot delete your own account.');
  const target = await findUser(db, id);
  if (target.isAdmin && (await adminCount(db)) <= 1) throw new HttpError(409, LAST_ADMIN);
  await db.delete(users).where(eq(users.id, id));
  await audit(db, actor.id, 'user deleted', `user:${id}`, { email: target.email });
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
