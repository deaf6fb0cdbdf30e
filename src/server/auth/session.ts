import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ActiveSession, AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';
import { randomToken, sha256 } from './crypto.ts';
import { clientAddress } from './rate-limit.ts';
import { authMessages } from '#src/schemas/messages.ts';
import { type Access, can } from '#src/schemas/roles.ts';
import { refuseStrayToken } from '../api-tokens/bearer.ts';

/** Lifetimes (docs/operations/security.md lists them). */
export const SESSION_IDLE_SECONDS = 2 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
/** A session that has passed the password but not two-factor lives only this long. */
export const PARTIAL_SESSION_SECONDS = 10 * 60;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_AFTER_SECONDS = 60;

/** `__Host-` pins the cookie to this host over HTTPS; plain HTTP (localhost) can't use the prefix. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

function isSecure(c: Context<AppEnv>): boolean {
  return c.var.config.site.origin.startsWith('https://');
}

/** Starts a new session (a new id every time: rotation at login and at every stage change). */
export async function startSession(c: Context<AppEnv>, userId: string, stage: 'password' | 'full'): Promise<void> {
  const { db, config } = c.var;
  const previous = readToken(c);
  if (previous) await db.delete(sessions).where(eq(sessions.id, sha256(previous)));
  const token = randomToken();
  const lifetime = stage === 'full' ? SESSION_ABSOLUTE_SECONDS : PARTIAL_SESSION_SECONDS;
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    stage,
    expiresAt: sql`now() + make_interval(secs => ${lifetime})`,
    ip: clientAddress(c, config.trustProxy),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  });
  setCookie(c, sessionCookieName(isSecure(c)), token, {
    httpOnly: true,
    secure: isSecure(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: lifetime,
  });
}

/** A sign-in completed (password, and two-factor where it is on): a full session, and the time kept for the users list. */
export async function completeSignIn(c: Context<AppEnv>, userId: string): Promise<void> {
  await startSession(c, userId, 'full');
  await c.var.db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
}

export async function endSession(c: Context<AppEnv>): Promise<void> {
  const token = readToken(c);
  if (token) await c.var.db.delete(sessions).where(eq(sessions.id, sha256(token)));
  deleteCookie(c, sessionCookieName(isSecure(c)), { path: '/', secure: isSecure(c) });
}

/** Ends every session of a user, but `keepId` when given (the asker's own). Answers how many ended. */
export async function endAllSessions(db: Db, userId: string, keepId: string | null = null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}

/** A session that still lets someone in: neither past its lifetime nor idle too long. */
export const liveSession = () => and(gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`));

function readToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(isSecure(c)));
}

/** Loads the session, if any, onto `c.var.session`; expired sessions are deleted. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('session', null);
  const token = readToken(c);
  if (token) {
    const { db } = c.var;
    const id = sha256(token);
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, id),
          liveSession(),
          // Suspending ends the sessions; a sign-in finishing at that moment is refused here.
          isNull(users.suspendedAt),
        ),
      );
    if (row) {
      c.set('session', { id, stage: row.session.stage, user: row.user });
      if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_SECONDS * 1000) {
        await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
      }
    } else {
      await db.delete(sessions).where(eq(sessions.id, id));
    }
  }
  await next();
};

export const NOT_LOGGED_IN = authMessages.notLoggedIn;

/** Signed-in staff only (password and, when on, two-factor passed). */
export function requireStaff(c: Context<AppEnv>): ActiveSession {
  const session = c.var.session;
  if (session?.stage !== 'full') {
    // A bearer token reaches only the routes its scopes open (tokenScope signs those in).
    refuseStrayToken(c);
    throw new HttpError(401, NOT_LOGGED_IN);
  }
  return session;
}

/** requireStaff as route middleware, placed before any validator: signed out is a 401 whatever the input. */
export const staffOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireStaff(c);
  await next();
};

export const ADMINS_ONLY = authMessages.adminsOnly;

/** The refusal for each kind of work a role lacks, in plain words. */
const REFUSALS: Record<Access, string> = {
  personalData: authMessages.personalDataOnly,
  siteContent: authMessages.adminsOnly,
  administration: ADMINS_ONLY,
};

/** Signed-in staff whose role may do `what` (src/schemas/roles.ts): 401 signed out, 403 for another role. */
export function requireAccess(c: Context<AppEnv>, what: Access): ActiveSession {
  const session = requireStaff(c);
  if (!can(session.user.role, what)) throw new HttpError(403, REFUSALS[what]);
  return session;
}

/** requireAccess as route middleware, placed before any validator: a refusal whatever the input. */
export function accessOnly(what: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requireAccess(c, what);
    await next();
  };
}

/** Administrators only. */
export const requireAdmin = (c: Context<AppEnv>): ActiveSession => requireAccess(c, 'administration');

/** requireAdmin as route middleware. */
export const adminOnly = accessOnly('administration');

/** Customers' personal data: Administrators and Brokers, never Editors. */
export const personalDataOnly = accessOnly('personalData');

/** The two-factor endpoints: a session that has at least passed the password. */
export function requirePasswordStage(c: Context<AppEnv>): ActiveSession {
  const session = c.var.session;
  if (!session) {
    refuseStrayToken(c);
    throw new HttpError(401, NOT_LOGGED_IN);
  }
  return session;
}

/** requirePasswordStage as route middleware. */
export const passwordStageOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requirePasswordStage(c);
  await next();
};
