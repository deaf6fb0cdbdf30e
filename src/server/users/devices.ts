import Bowser from 'bowser';
import { and, desc, eq } from 'drizzle-orm';
import type { SignedInDeviceView } from '#src/schemas/user-sessions.ts';
import { SIGNED_IN_DEVICES_SHOWN } from '#src/schemas/user-sessions.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { liveSession } from '../auth/session.ts';

/** "Chrome on Windows": what a person recognises of a user-agent string. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const system = parsed.os.name;
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || 'Unknown browser';
}

/** The account's sessions that still let someone in, signed in all the way. */
const live = (userId: string) => and(eq(sessions.userId, userId), eq(sessions.stage, 'full'), liveSession());

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
