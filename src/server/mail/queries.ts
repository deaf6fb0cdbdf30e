import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, ne, type SQL, sql } from 'drizzle-orm';
import { type MailAudience, type MailFilter, type MailStatus, mailStatuses } from '#src/schemas/mail.ts';
import { holdsSecretLink } from '#src/schemas/mail-view.ts';
import { type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { countOrEstimate } from '../db/list-count.ts';
import { textSearch } from '../db/text-search.ts';
import { audit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type MailRow = typeof outbox.$inferSelect;

/** The retention job empties a sent or failed mail's subject and body (never a queued one's; a mail always has a body). */
export const bodyRemoved = (row: Pick<MailRow, 'status' | 'text'>): boolean => row.status !== 'queued' && row.text === '';

/** A mail's addresses (to, then cc) as one text, as its trigram index holds them: what the search finds a recipient in. */
const addresses = sql`outbox_addresses(${outbox.to}, ${outbox.cc})`;

/**
 * A mail to a customer: one about the callback or request a visitor sent (`ref` 'contact:…' or
 * 'lead:…') that replies to us, the visitor's acknowledgement. The team's notice of the same
 * record replies to the visitor (its Reply-To is their address), and every other mail (sign-in
 * links, invitations, webhook notices, template tests) goes to staff. Never null, so its
 * negation is the team's mails.
 */
const customerMail = sql`((coalesce(${outbox.ref}, '') like 'contact:%' or coalesce(${outbox.ref}, '') like 'lead:%') and ${outbox.replyTo} is null)`;

/** The filter's audience as a condition on the outbox. */
function audienceWhere(audience: MailAudience | undefined): SQL | undefined {
  if (audience === 'customer') return customerMail;
  if (audience === 'team') return sql`not ${customerMail}`;
  return undefined;
}

/** The outbox's order: newest first, the id deciding between equal moments. */
const MAIL_ORDER: KeyPart[] = [
  { expr: outbox.createdAt, type: 'timestamptz' },
  { expr: outbox.id, type: 'uuid' },
];

/**
 * One page of the outbox, newest first, by keyset with cursors and an exact-or-estimated total
 * (src/server/db/keyset.ts), as the other staff lists: it holds a mail for every enquiry and two
 * for every request, so it is the largest of them. Offset paging and count(*) took 470 ms for
 * its first page at a million mails, and 1.3 s for page 50,000.
 */
export async function listMail(db: Db, filter: MailFilter, paging: ListRequest): Promise<ListPage<MailRow>> {
  // An address holds no separator, so the stored join's scan is the columns' (see textSearch).
  const search = filter.q ? textSearch([outbox.subject, addresses], filter.q, outbox.searchText) : undefined;
  const columns = { ...getTableColumns(outbox), ...keyColumns(MAIL_ORDER) };
  return keysetPage(db, {
    table: outbox,
    id: outbox.id,
    keys: MAIL_ORDER,
    where: and(filter.status ? eq(outbox.status, filter.status) : undefined, audienceWhere(filter.audience)),
    search: search?.indexed,
    searchScan: search?.scan,
    paging,
    select: (query) =>
      db
        .select(columns)
        .from(outbox)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

/**
 * How many mails stand in each status (the whole outbox, not the filtered page), each exact up
 * to the lists' exact-count limit and the planner's estimate above it (`estimated` names
 * those): the queued and failed are few and counted on their own indexes; the sent are most
 * of the table, which grouping every mail by status read in full.
 */
export async function countMailByStatus(db: Db, exactCountLimit: number): Promise<{ counts: Record<MailStatus, number>; estimated: MailStatus[] }> {
  const counted = await Promise.all(mailStatuses.map((status) => countOrEstimate(db, outbox, eq(outbox.status, status), exactCountLimit)));
  const counts = Object.fromEntries(mailStatuses.map((status, i) => [status, counted[i]!.total])) as Record<MailStatus, number>;
  return { counts, estimated: mailStatuses.filter((_, i) => counted[i]!.estimate) };
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
export async function resendMail(db: Db, id: string, actorId: string): Promise<{ row: MailRow } | 'queued' | 'removed' | 'secret' | 'missing'> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: outbox.status, text: outbox.text, attempts: outbox.attempts, lastError: outbox.lastError, ref: outbox.ref })
      .from(outbox)
      .where(and(eq(outbox.id, id), ne(outbox.status, 'queued')))
      .for('update');
    if (before && bodyRemoved(before)) return 'removed';
    // A one-time link is sent afresh by its own flow, never again as it was (it may be spent or revoked).
    if (before && holdsSecretLink(before.ref)) return 'secret';
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
