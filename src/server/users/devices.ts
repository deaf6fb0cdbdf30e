import Bowser from 'bowser';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { SignedInDeviceView } from '../../schemas/user-sessions.ts';
import { SIGNED_IN_DEVICES_SHOWN } from '../../schemas/user-sessions.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { SESSION_IDLE_SECONDS } from '../auth/session.ts';

/** "Chrome on Windows": what a person recognises of a user-agent string. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown browser';
}

/** Sessions that still let someone in: signed in all the way, neither expired nor idle too long. */
function live(userId: string) {
  return and(
    eq(sessions.userId, userId),
    eq(sessions.stage, 'full'),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
  );
}

/** Where the account is signed in, the latest first; `currentId` marks the asker's own session. */
export async function signedInDevices(db: Db, userId: string, currentId: string): Promise<SignedInDeviceView[]> {
  const rows = await db.select().from(sessions).where(live(userId)).orderBy(desc(sessions.lastSeenAt)).limit(SIGNED_IN_DEVICES_SHOWN);
  return rows.map((row) => ({
    device: deviceName(row.userAgent),
    ip: row.ip,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  }));
}

/** Ends the account's sessions but `keepId` (the asker's own, when it is their account). Answers how many ended. */
export async function endSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}
