import { Hono, type MiddlewareHandler } from 'hono';
import { anyColumnHolds } from '../db/text-search.ts';
import { describeRoute } from 'hono-openapi';
import { and, eq, gt, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { ResetRequestSchema, ResetSchema } from '#src/schemas/auth.ts';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import {
  EmailConfirmSchema,
  ownAccountUpdateSchema,
  requestedRole,
  UserCreateSchema,
  UserListQuerySchema,
  UserUpdateSchema,
  accountMessages,
} from '#src/schemas/user.ts';
import { can } from '#src/schemas/roles.ts';
import { UserViewSchema } from '#src/schemas/user-view.ts';
import { SignedInDeviceViewSchema } from '#src/schemas/user-sessions.ts';
import type { AppEnv } from '../app-env.ts';
import { passwordResets, recoveryCodes, users } from '../db/schema.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, parseWith, sendOk } from '../http/envelope.ts';
import { uuidParamCheck } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { listRequest } from '../db/keyset.ts';
import { hashPassword } from '../auth/password.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { consume, LIMITS, limitPerAddress } from '../auth/rate-limit.ts';
import { adminOnly, endAllSessions, requireAdmin, requireStaff, staffOnly, startSession } from '../auth/session.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { passwordResetMail } from '../mail/templates/password-reset.ts';
import { audit } from '../audit.ts';
import { changesDetail, eraseAuditValues } from '../audit-changes.ts';
import { activeChange, USER_PERSONAL_FIELDS, userChanges } from './audited-fields.ts';
import { EMAIL_CHANGE_HOURS, emailChangeMails, RESET_MINUTES } from './mails.ts';
import {
  byEmail,
  checkAdministrators,
  checkCurrentPassword,
  EMAIL_TAKEN,
  findUser,
  insertUser,
  listUsers,
  lockAdministrators,
  NO_SUCH_USER,
} from './queries.ts';
import { toUserView } from './views.ts';
import { signedInDevices } from './devices.ts';

const RESET_LINK_INVALID = 'This reset link is not valid or has expired. Please ask for a new one.';
const tags = ['Users'];
const userAnswer = okEnvelope({ user: UserViewSchema });
const done = okEnvelope({});
const knownId = uuidParamCheck(NO_SUCH_USER);

/** Sign-up is open only when SIGNUP_ENABLED; checked before anything else. */
const signupOpen: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.config.signupEnabled) throw new HttpError(403, 'Creating an account is not available. Ask an administrator.');
  await next();
};

/** Reading or changing a user: an administrator, or the user themselves (checked before the body). */
const selfOrAdmin =
  (refusal: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const actor = requireStaff(c).user;
    if (!can(actor.role, 'administration') && actor.id !== c.req.param('id')) throw new HttpError(403, refusal);
    await next();
  };

/** The user named in the path must exist (404) before their changes are checked. */
const existingUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  await findUser(c.var.db, c.req.param('id') ?? '');
  await next();
};

/** `/api/v1/users`: password reset, sign-up, and user management (Administrators; anyone else only themselves). */
export const userRoutes = new Hono<AppEnv>()
  /** The same answer whether or not the address has an account, so it can't be used to probe. */
  .post(
    '/passwordReset/:email',
    describeRoute({
      tags,
      summary: 'Mail a password-reset link (same answer for any address)',
      responses: { 200: answers('Sent if the account exists', done), ...failures(400, 429) },
    }),
    limitPerAddress(LIMITS.resetRequestPerAddress),
    validate('param', ResetRequestSchema),
    async (c) => {
      const { db, config } = c.var;
      const { email } = c.req.valid('param');
      await consume(db, LIMITS.resetRequestPerAccount, email);
      const [user] = await db.select().from(users).where(byEmail(email));
      // A suspended account gets no link either: the answer is the same, so it says nothing.
      if (user && !user.suspendedAt) {
        const token = randomToken();
        const link = new URL('/verifypasswordreset', config.site.origin);
        link.searchParams.set('email', user.email);
        link.searchParams.set('token', token);
        const mail = await passwordResetMail({ facts: config.site, firstName: user.firstName, link: link.href, minutes: RESET_MINUTES });
        await db.transaction(async (tx) => {
          await tx
            .insert(passwordResets)
            .values({ userId: user.id, tokenHash: sha256(token), expiresAt: sql`now() + make_interval(mins => ${RESET_MINUTES})` });
          await enqueueMail(tx, { to: [user.email], ...mail, ref: `password-reset:${user.id}` });
        });
      }
      return sendOk(c, 'If that address has an account, we have sent it a link to reset the password.', {});
    },
  )
  .post(
    '/verifypasswordreset',
    describeRoute({
      tags,
      summary: 'Set a new password with the mailed link',
      responses: { 200: answers('Changed; every session ends', done), ...failures(400, 429) },
    }),
    limitPerAddress(LIMITS.resetVerifyPerAddress),
    validate('json', ResetSchema),
    async (c) => {
      const { db } = c.var;
      const input = c.req.valid('json');
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
      const changed = await db.transaction(async (tx) => {
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
      if (!changed) throw new HttpError(400, RESET_LINK_INVALID);
      await endAllSessions(db, found.userId);
      return sendOk(c, 'Your password has been changed. Please sign in with your new password.', {});
    },
  )
  /** Self sign-up, only when SIGNUP_ENABLED; creates a Broker (what a Standard user was), who then signs in. */
  .post(
    '/signup',
    describeRoute({
      tags,
      summary: 'Create a Broker account (when sign-up is enabled)',
      responses: { 201: answers('Created', userAnswer), ...failures(400, 403, 409, 429) },
    }),
    signupOpen,
    limitPerAddress(LIMITS.resetRequestPerAddress),
    validate('json', UserCreateSchema),
    async (c) => {
      // What a Standard account was: a Broker, whatever the form says (src/schemas/roles.ts).
      const user = await insertUser(c.var.db, c.req.valid('json'), 'broker');
      await audit(c.var.db, user.id, 'user signed up', `user:${user.id}`);
      return sendOk(c, 'Account created. Please sign in.', { user: toUserView(user) }, 201);
    },
  )
  .post(
    '/create',
    describeRoute({ tags, summary: 'Create a user (administrators)', responses: { 201: answers('Created', userAnswer), ...failures(400, 401, 403, 409) } }),
    adminOnly,
    validate('json', UserCreateSchema),
    async (c) => {
      const actor = requireAdmin(c).user;
      const input = c.req.valid('json');
      const user = await insertUser(c.var.db, input, requestedRole(input) ?? 'broker');
      await audit(c.var.db, actor.id, 'user created', `user:${user.id}`, { role: user.role });
      return sendOk(c, 'User Created', { user: toUserView(user) }, 201);
    },
  )
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'List users, filtered by name or address and by `status` (active, suspended), newest first or by `sort` (newest, oldest) (administrators)',
      responses: { 200: answers('One page of users', okEnvelope({ users: v.array(UserViewSchema), ...listPageInfoEntries })), ...failures(400, 401, 403) },
    }),
    adminOnly,
    validate('query', UserListQuerySchema),
    async (c) => {
      const { db } = c.var;
      const query = c.req.valid('query');
      const paging = listRequest(query, c.var.config);
      const filters: SQL[] = [];
      for (const [param, columns] of [
        ['search', [users.firstName, users.lastName, users.email]],
        ['name', [users.firstName, users.lastName]],
        ['email', [users.email]],
      ] as const) {
        const value = query[param]?.trim().slice(0, 100);
        if (value) filters.push(anyColumnHolds(columns, value));
      }
      if (query.status) filters.push(query.status === 'suspended' ? isNotNull(users.suspendedAt) : isNull(users.suspendedAt));
      const page = await listUsers(db, filters.length ? and(...filters) : undefined, paging, query.sort);
      return sendOk(c, 'Users', { users: page.rows.map(toUserView), ...listPageInfo(paging, page) });
    },
  )
  .get(
    '/get/:id',
    describeRoute({
      tags,
      summary: 'Read a user (administrators; a user, themselves)',
      responses: { 200: answers('The user', userAnswer), ...failures(401, 403, 404) },
    }),
    staffOnly,
    knownId,
    selfOrAdmin('You can only see your own account.'),
    async (c) => sendOk(c, 'User', { user: toUserView(await findUser(c.var.db, c.req.param('id'))) }),
  )
  .put(
    '/update/:id',
    describeRoute({
      tags,
      summary: 'Change a user (administrators; a user, their own name, email and password with the current password)',
      responses: { 200: answers('Changed (a new email waits for its mailed link)', userAnswer), ...failures(400, 401, 403, 404, 409, 429) },
    }),
    staffOnly,
    knownId,
    selfOrAdmin('You can only change your own account.'),
    existingUser,
    validate('json', UserUpdateSchema),
    async (c) => {
      const { db, config } = c.var;
      const actor = requireStaff(c).user;
      const id = c.req.param('id');
      const self = actor.id === id;
      const target = await findUser(db, id);
      // Someone editing their own account also proves the current password (ownAccountUpdateSchema).
      const input = self ? parseWith(ownAccountUpdateSchema(target.email), await c.req.json()) : c.req.valid('json');
      const actorIsAdmin = can(actor.role, 'administration');
      const asked = requestedRole(input);
      // The spec's isAdmin false leaves a Broker or Editor as they are; it demotes only an Administrator.
      const newRole = asked && !(input.role === undefined && asked === 'broker' && target.role !== 'admin') ? asked : target.role;
      if (newRole !== target.role && !actorIsAdmin) throw new HttpError(403, 'Only an administrator can change a role.');

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
        if (target.role === 'admin' && newRole !== 'admin') {
          const admins = await lockAdministrators(tx);
          if (admins.includes(id)) checkAdministrators(admins, actor.id, id);
        }
        // The account as this edit finds it, held until it commits: the audit entry's "before".
        const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
        const [row] = await tx
          .update(users)
          .set({
            firstName: input.first_name,
            lastName: input.last_name,
            ...(newEmail ? {} : { email: input.email }),
            ...(newRole !== target.role ? { role: newRole } : {}),
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
        if (!row || !before) throw new HttpError(404, NO_SUCH_USER);
        await audit(tx, actor.id, 'user updated', `user:${id}`, {
          roleChange: row.role !== before.role,
          passwordChange,
          emailChangeRequested: Boolean(newEmail),
          ...changesDetail(userChanges(before, row)),
        });
        if (passwordChange) await audit(tx, actor.id, 'password changed', `user:${id}`, { byOwner: self });
        if (confirmation) {
          await audit(tx, actor.id, 'email change requested', `user:${id}`, { fields: ['email'] });
          await enqueueMail(tx, { to: [newEmail!], ...confirmation.mails.confirm, ref: `email-change:${id}` });
          await enqueueMail(tx, { to: [target.email], ...confirmation.mails.notice, ref: `email-change:${id}` });
        }
        return row;
      });
      // A new password or role ends the user's sessions; their own current one is renewed.
      if (passwordChange || updated.role !== target.role) {
        await endAllSessions(db, id);
        // Deleted by someone else since the change committed: there is no account to sign in to.
        if (self) {
          await startSession(c, id, 'full').catch((error: unknown) => {
            throw isForeignKeyViolation(error) ? new HttpError(404, NO_SUCH_USER) : error;
          });
        }
      }
      return sendOk(c, 'User Updated', { user: toUserView(updated) });
    },
  )
  /**
   * The link mailed to the new address, used by the account's owner, signed in. Checking the
   * token and moving the address are one statement: the link works once, only for its own
   * account, and only until it expires.
   */
  .post(
    '/confirmEmail',
    describeRoute({
      tags,
      summary: 'Confirm a new email address with the mailed link (its owner, signed in)',
      responses: { 200: answers('Changed', userAnswer), ...failures(400, 401, 409) },
    }),
    staffOnly,
    validate('json', EmailConfirmSchema),
    async (c) => {
      const { db } = c.var;
      const actor = requireStaff(c).user;
      const { token } = c.req.valid('json');
      let changed: typeof users.$inferSelect | undefined;
      try {
        changed = await db.transaction(async (tx) => {
          const [before] = await tx.select().from(users).where(eq(users.id, actor.id)).for('update');
          const [row] = await tx
            .update(users)
            .set({ email: sql`${users.pendingEmail}`, pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null, updatedAt: sql`now()` })
            .where(and(eq(users.id, actor.id), eq(users.pendingEmailTokenHash, sha256(token)), gt(users.pendingEmailExpiresAt, sql`now()`)))
            .returning();
          if (row && before) await audit(tx, actor.id, 'email changed', `user:${actor.id}`, { fields: ['email'], ...changesDetail(userChanges(before, row)) });
          return row;
        });
      } catch (error) {
        // Someone else took the address after the link was sent.
        if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
        throw error;
      }
      if (!changed) throw new HttpError(400, accountMessages.confirmLinkInvalid, [{ field: 'token', message: accountMessages.confirmLinkInvalid }]);
      return sendOk(c, `Your email address is now ${changed.email}.`, { user: toUserView(changed) });
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete a user (administrators; never oneself or the last administrator)',
      responses: { 200: answers('Deleted', done), ...failures(401, 403, 404, 409) },
    }),
    adminOnly,
    knownId,
    async (c) => {
      const { db } = c.var;
      const actor = requireAdmin(c).user;
      const id = c.req.param('id');
      if (id === actor.id) throw new HttpError(409, 'You cannot delete your own account.');
      await db.transaction(async (tx) => {
        checkAdministrators(await lockAdministrators(tx), actor.id, id);
        const [gone] = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
        if (!gone) throw new HttpError(404, NO_SUCH_USER);
        await audit(tx, actor.id, 'user deleted', `user:${id}`);
        // The account's name and address before and after its edits go with it; its roles stay.
        await eraseAuditValues(tx, [`user:${id}`], { fields: USER_PERSONAL_FIELDS });
      });
      return sendOk(c, 'User deleted.', {});
    },
  )
  /** An administrator clears another user's two-factor, e.g. after a lost phone; they set it up again at next sign-in. */
  .post(
    '/reset2fa/:id',
    describeRoute({
      tags,
      summary: "Reset a user's two-factor (administrators)",
      responses: { 200: answers('Reset; the user sets it up at next sign-in', done), ...failures(401, 403, 404) },
    }),
    adminOnly,
    knownId,
    async (c) => {
      const { db } = c.var;
      const actor = requireAdmin(c).user;
      const id = c.req.param('id');
      await findUser(db, id);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ twoFactorSecret: null, twoFactorEnabled: false, twoFactorVerified: false, twoFactorLastStep: null })
          .where(eq(users.id, id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
        await audit(tx, actor.id, 'two-factor reset', `user:${id}`);
      });
      await endAllSessions(db, id);
      return sendOk(c, 'Two-factor authentication has been reset. The user will set it up again at their next sign-in.', {});
    },
  )
  .get(
    '/sessions/:id',
    describeRoute({
      tags,
      summary: 'Where an account is signed in, the latest first (administrators; a user, themselves)',
      responses: { 200: answers('The signed-in devices', okEnvelope({ devices: v.array(SignedInDeviceViewSchema) })), ...failures(401, 403, 404) },
    }),
    staffOnly,
    knownId,
    selfOrAdmin('You can only see your own account.'),
    existingUser,
    async (c) => sendOk(c, 'Signed-in devices', { devices: await signedInDevices(c.var.db, c.req.param('id'), requireStaff(c).id) }),
  )
  /** Signs an account out everywhere: on one's own account, everywhere but here (a lost laptop, a shared computer). */
  .post(
    '/endSessions/:id',
    describeRoute({
      tags,
      summary: 'Sign an account out everywhere; on your own, everywhere else (administrators; a user, themselves)',
      responses: { 200: answers('Signed out', okEnvelope({ ended: v.number() })), ...failures(401, 403, 404) },
    }),
    staffOnly,
    knownId,
    selfOrAdmin('You can only change your own account.'),
    existingUser,
    async (c) => {
      const { db } = c.var;
      const session = requireStaff(c);
      const id = c.req.param('id');
      const own = id === session.user.id;
      const ended = await db.transaction(async (tx) => {
        const count = await endAllSessions(tx, id, own ? session.id : null);
        await audit(tx, session.user.id, 'signed out everywhere', `user:${id}`, { ended: count });
        return count;
      });
      const where = own ? 'on every other device' : 'everywhere';
      return sendOk(c, ended === 1 ? `Signed out ${where} (1 session).` : `Signed out ${where} (${ended} sessions).`, { ended });
    },
  )
  /**
   * Suspends an account (someone on leave, or gone while their work is handed over): it is
   * signed out everywhere, cannot sign in or reset its password, and takes no new records,
   * but keeps its name on what it owns and in the log. Never oneself or the last administrator.
   */
  .post(
    '/suspend/:id',
    describeRoute({
      tags,
      summary: 'Suspend an account (administrators; never oneself or the last administrator)',
      responses: { 200: answers('Suspended and signed out everywhere', userAnswer), ...failures(401, 403, 404, 409) },
    }),
    adminOnly,
    knownId,
    async (c) => {
      const { db } = c.var;
      const actor = requireAdmin(c).user;
      const id = c.req.param('id');
      if (id === actor.id) throw new HttpError(409, 'You cannot suspend your own account.');
      const suspended = await db.transaction(async (tx) => {
        checkAdministrators(await lockAdministrators(tx), actor.id, id);
        const [row] = await tx
          .update(users)
          .set({ suspendedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(users.id, id), isNull(users.suspendedAt)))
          .returning();
        if (!row) {
          await findUser(tx, id);
          throw new HttpError(409, 'This account is already suspended.');
        }
        await endAllSessions(tx, id);
        // A reset link already mailed must not let them back in.
        await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)));
        await audit(tx, actor.id, 'user suspended', `user:${id}`, { changes: activeChange(false) });
        return row;
      });
      return sendOk(c, 'The account has been suspended and signed out everywhere.', { user: toUserView(suspended) });
    },
  )
  .post(
    '/reactivate/:id',
    describeRoute({
      tags,
      summary: 'Let a suspended account sign in again (administrators)',
      responses: { 200: answers('Active again', userAnswer), ...failures(401, 403, 404, 409) },
    }),
    adminOnly,
    knownId,
    async (c) => {
      const { db } = c.var;
      const actor = requireAdmin(c).user;
      const id = c.req.param('id');
      const active = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ suspendedAt: null, updatedAt: sql`now()` })
          .where(and(eq(users.id, id), isNotNull(users.suspendedAt)))
          .returning();
        if (!row) {
          await findUser(tx, id);
          throw new HttpError(409, 'This account is not suspended.');
        }
        await audit(tx, actor.id, 'user reactivated', `user:${id}`, { changes: activeChange(true) });
        return row;
      });
      return sendOk(c, 'The account is active again: they can sign in.', { user: toUserView(active) });
    },
  );
