import { like, sql } from 'drizzle-orm';
import { outbox } from '#src/server/db/schema.ts';
import type { TestApp } from './app.ts';

/** The token in the latest invitation mail for `invitationId`, read from the outbox as a person would read the mail. */
export async function mailedInvitationToken(t: TestApp, invitationId: string): Promise<string> {
  const [mail] = await t.test.database.db
    .select()
    .from(outbox)
    .where(like(outbox.ref, `invitation:${invitationId}`))
    .orderBy(sql`${outbox.createdAt} desc`)
    .limit(1);
  const match = mail?.text.match(/http\S+/);
  if (!match) throw new Error('no invitation mail');
  const token = new URL(match[0]).searchParams.get('token');
  if (!token) throw new Error('no token in the invitation link');
  return token;
}
