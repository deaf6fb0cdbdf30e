import { randomUUID } from 'node:crypto';
import { anyColumnHolds } from '../db/text-search.ts';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { MailFilter, MailStatus } from '../../schemas/mail.ts';
import type { Paging } from '../../schemas/paging.ts';
import { audit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { bodyRemoved } from './views.ts';

export type MailRow = typeof outbox.$inferSelect;

function whereOf(filter: MailFilter): SQL | undefined {
  return and(
    filter.status ? eq(outbox.status, filter.status) : undefined,
    filter.q ? anyColumnHolds([outbox.subject, sql`array_to_string(${outbox.to} || ${outbox.cc}, ' ')`], filter.q) : undefined,
  );
}

/** One page of the outbox, newest first, with the total for paging. */
export async function listMail(db: Db, filter: MailFilter, paging: Paging): Promise<{ rows: MailRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(paging.page_size)
      .offset(paging.page * paging.page_size),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** How many mails stand in each status (the whole outbox, not the filtered page). */
export async function countMailByStatus(db: Db): Promise<Record<MailStatus, number>> {
  const rows = await db.select({ status: outbox.status, total: count() }).from(outbox).groupBy(outbox.status);
  const counts = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.total;
  return counts;
}

export async function findMail(db: Db, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}

/**
 * Puts a sent or failed mail back in the queue, to go out at once as a new message: attempts
 * and the mail server's answers start again, and it gets a new Message-ID (receivers that drop
 * a repeated Message-ID would otherwise drop the copy staff asked for). One conditional
 * statement, so two clicks at once, or a click while the job is sending it, re-queue it once;
 * the audit entry, with what the mail looked like before, is in the same transaction.
 * Answers `queued` when the mail is already in the queue (or being sent), `removed` when the
 * retention job emptied its body (there is nothing left to send), `missing` when there is no such mail.
 */
export async function resendMail(db: Db, id: string, actorId: string): Promise<{ row: MailRow } | 'queued' | 'removed' | 'missing'> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: outbox.status, text: outbox.text, attempts: outbox.attempts, lastError: outbox.lastError })
      .from(outbox)
      .where(and(eq(outbox.id, id), ne(outbox.status, 'queued')))
      .for('update');
    if (before && bodyRemoved(before)) return 'removed';
    const [row] = before
      ? await tx
          .update(outbox)
          .set({
            status: 'queued',
            attempts: 0,
            nextAttemptAt: sql`now()`,
            recipients: [],
            lastError: null,
            sentAt: null,
            failedAt: null,
            messageId: `<${randomUUID()}@outbox>`,
          })
          .where(and(eq(outbox.id, id), ne(outbox.status, 'queued')))
          .returning()
      : [];
    if (!before || !row) {
      const [exists] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id));
      return exists ? 'queued' : 'missing';
    }
    await audit(tx, actorId, 'mail resent', `mail:${id}`, { previousStatus: before.status, attempts: before.attempts });
    return { row };
  });
}
