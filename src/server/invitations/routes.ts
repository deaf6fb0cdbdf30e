import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import {
  INVITATION_DAYS,
  InvitationAcceptSchema,
  InvitationCreateSchema,
  InvitationListQuerySchema,
  InvitationPreviewSchema,
  InvitationTokenSchema,
  InvitationViewSchema,
} from '#src/schemas/invitation.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import { UserViewSchema } from '#src/schemas/user-view.ts';
import type { AppEnv } from '../app-env.ts';
import { audit } from '../audit.ts';
import { randomToken, sha256 } from '../auth/crypto.ts';
import { hashPassword } from '../auth/password.ts';
import { consume, LIMITS, limitPerAddress } from '../auth/rate-limit.ts';
import { adminOnly, completeSignIn, requireAdmin, startSession } from '../auth/session.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { listRequest } from '../db/keyset.ts';
import { invitations, users } from '../db/schema.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { uuidParamCheck } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { byEmail, EMAIL_TAKEN } from '../users/queries.ts';
import { toUserView } from '../users/views.ts';
import { invitationMailFor } from './mails.ts';
import {
  ALREADY_INVITED,
  findInvitation,
  INVITATION_CLOSED,
  INVITATION_INVALID,
  isOpen,
  isUsable,
  listInvitations,
  NO_SUCH_INVITATION,
  statusFilter,
} from './queries.ts';
import { toInvitationView } from './views.ts';

const tags = ['Invitations'];
const invitationAnswer = okEnvelope({ invitation: InvitationViewSchema });
const knownId = uuidParamCheck(NO_SUCH_INVITATION);
const expiry = sql`now() + make_interval(days => ${INVITATION_DAYS})`;
const invalidLink = () => new HttpError(400, INVITATION_INVALID, [{ field: 'token', message: INVITATION_INVALID }]);

/**
 * `/api/v1/invitations`: an Administrator invites a person by email with a role; the mailed,
 * single-use link lets them set their own name and password, then two-factor as any new
 * account does. The spec's 'Create a User' (`/users/create`) is unchanged beside it.
 */
export const invitationRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'List invitations by `status` (pending, expired, accepted, revoked), newest first (administrators)',
      responses: {
        200: answers('One page of invitations', okEnvelope({ invitations: v.array(InvitationViewSchema), ...listPageInfoEntries })),
        ...failures(400, 401, 403),
      },
    }),
    adminOnly,
    validate('query', InvitationListQuerySchema),
    async (c) => {
      const { status, sort, ...pages } = c.req.valid('query');
      const paging = listRequest(pages, c.var.config);
      const page = await listInvitations(c.var.db, statusFilter(status ?? ''), paging, sort);
      return sendOk(c, 'Invitations', { invitations: page.rows.map((row) => toInvitationView(row)), ...listPageInfo(paging, page) });
    },
  )
  .post(
    '/create',
    describeRoute({
      tags,
      summary: `Invite a person by email with a role; the link works once, for ${INVITATION_DAYS} days (administrators; audited)`,
      responses: { 201: answers('Invited and mailed', invitationAnswer), ...failures(400, 401, 403, 409, 429) },
    }),
    adminOnly,
    validate('json', InvitationCreateSchema),
    async (c) => {
      const { db, config } = c.var;
      const actor = requireAdmin(c).user;
      const input = c.req.valid('json');
      await consume(db, LIMITS.invitationsPerAccount, actor.id);
      const [taken] = await db.select({ id: users.id }).from(users).where(byEmail(input.email));
      if (taken) throw new HttpError(409, EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
      const token = randomToken();
      const mail = await invitationMailFor(config, `${actor.firstName} ${actor.lastName}`, input.role, token);
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(invitations)
            .values({ email: input.email, role: input.role, tokenHash: sha256(token), expiresAt: expiry, invitedBy: actor.id })
            .returning({ id: invitations.id });
          await enqueueMail(tx, { to: [input.email], ...mail, ref: `invitation:${row!.id}` });
          await audit(tx, actor.id, 'user invited', `invitation:${row!.id}`, { role: input.role });
          return row!.id;
        });
        return sendOk(c, `Invitation sent to ${input.email}.`, { invitation: toInvitationView(await findInvitation(db, id)) }, 201);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_INVITED, [{ field: 'email', message: ALREADY_INVITED }]);
        throw error;
      }
    },
  )
  .post(
    '/resend/:id',
    describeRoute({
      tags,
      summary: `Mail a new link for an open invitation; the old link stops working, the new one works for ${INVITATION_DAYS} days (administrators; audited)`,
      responses: { 200: answers('Sent again', invitationAnswer), ...failures(401, 403, 404, 409, 429) },
    }),
    adminOnly,
    knownId,
    async (c) => {
      const { db, config } = c.var;
      const actor = requireAdmin(c).user;
      const id = c.req.param('id');
      const current = await findInvitation(db, id);
      await consume(db, LIMITS.invitationsPerAccount, actor.id);
      const token = randomToken();
      const mail = await invitationMailFor(config, `${actor.firstName} ${actor.lastName}`, current.role, token);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(invitations)
          .set({ tokenHash: sha256(token), expiresAt: expiry, sentAt: sql`now()` })
          .where(and(eq(invitations.id, id), isOpen()))
          .returning({ id: invitations.id });
        if (!row) throw new HttpError(409, INVITATION_CLOSED);
        await enqueueMail(tx, { to: [current.email], ...mail, ref: `invitation:${id}` });
        await audit(tx, actor.id, 'invitation resent', `invitation:${id}`);
      });
      return sendOk(c, `Invitation sent again to ${current.email}. The earlier link no longer works.`, {
        invitation: toInvitationView(await findInvitation(db, id)),
      });
    },
  )
  .post(
    '/revoke/:id',
    describeRoute({
      tags,
      summary: 'Revoke an open invitation: its link stops working (administrators; audited)',
      responses: { 200: answers('Revoked', invitationAnswer), ...failures(401, 403, 404, 409) },
    }),
    adminOnly,
    knownId,
    async (c) => {
      const { db } = c.var;
      const actor = requireAdmin(c).user;
      const id = c.req.param('id');
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(invitations)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(invitations.id, id), isOpen()))
          .returning({ id: invitations.id });
        if (!row) {
          await findInvitation(tx, id);
          throw new HttpError(409, INVITATION_CLOSED);
        }
        await audit(tx, actor.id, 'invitation revoked', `invitation:${id}`);
      });
      return sendOk(c, 'Invitation revoked.', { invitation: toInvitationView(await findInvitation(db, id)) });
    },
  )
  /** What the link's page shows before accepting: the address and role, or why the link no longer works. */
  .post(
    '/check',
    describeRoute({
      tags,
      summary: 'Whether an invitation link still works, with its address and role (anyone with the link)',
      responses: { 200: answers('The invitation works', okEnvelope({ invitation: InvitationPreviewSchema })), ...failures(400, 429) },
    }),
    limitPerAddress(LIMITS.invitationAcceptPerAddress),
    validate('json', InvitationTokenSchema),
    async (c) => {
      const [row] = await c.var.db
        .select({ email: invitations.email, role: invitations.role })
        .from(invitations)
        .where(and(eq(invitations.tokenHash, sha256(c.req.valid('json').token)), isUsable()));
      if (!row) throw invalidLink();
      return sendOk(c, 'Invitation', { invitation: row });
    },
  )
  /**
   * Accepting: the account is made with the invited address and role and the person's own name
   * and password, and they are signed in as far as the password (two-factor setup comes next,
   * as for any new account). Claiming the invitation and making the account are one
   * transaction, and the claim is one statement: of two accepts at once, exactly one wins.
   */
  .post(
    '/accept',
    describeRoute({
      tags,
      summary: 'Accept an invitation: set your name and password; two-factor setup follows (anyone with the link; audited)',
      responses: {
        201: answers('Account made; signed in up to two-factor', okEnvelope({ user: UserViewSchema, is2FAEnabled: v.boolean(), allowSkip2FA: v.boolean() })),
        ...failures(400, 409, 429),
      },
    }),
    limitPerAddress(LIMITS.invitationAcceptPerAddress),
    validate('json', InvitationAcceptSchema),
    async (c) => {
      const { db, config } = c.var;
      const input = c.req.valid('json');
      const tokenHash = sha256(input.token);
      // Only spares a bad link the password hashing; the claim below is the check.
      const [found] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash), isUsable()));
      if (!found) throw invalidLink();
      const passwordHash = await hashPassword(input.password);
      let user: typeof users.$inferSelect;
      try {
        user = await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(invitations)
            .set({ acceptedAt: sql`now()` })
            .where(and(eq(invitations.id, found.id), eq(invitations.tokenHash, tokenHash), isUsable()))
            .returning();
          if (!claimed) throw invalidLink();
          const [row] = await tx
            .insert(users)
            .values({ firstName: input.first_name, lastName: input.last_name, email: claimed.email, passwordHash, role: claimed.role })
            .returning();
          await tx.update(invitations).set({ acceptedUserId: row!.id }).where(eq(invitations.id, claimed.id));
          await audit(tx, row!.id, 'invitation accepted', `invitation:${claimed.id}`, { user: row!.id, role: claimed.role });
          return row!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN);
        throw error;
      }
      if (config.twoFactorEnabled) await startSession(c, user.id, 'password');
      else await completeSignIn(c, user.id);
      return sendOk(
        c,
        config.twoFactorEnabled ? 'Welcome. Now set up two-factor authentication.' : 'Welcome. Your account is ready.',
        { user: toUserView(user), is2FAEnabled: config.twoFactorEnabled, allowSkip2FA: config.allowSkip2FA },
        201,
      );
    },
  );
