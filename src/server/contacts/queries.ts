import { count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ContactCreate } from '../../schemas/contact.ts';
import type { Paging } from '../../schemas/paging.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { queueMailFrom } from '../mail/outbox.ts';
import { audit } from '../audit.ts';
import { HumanCheckFailed, spendingOf, type VerifiedHumanCheck } from '../human-check.ts';
import { callbackForSalesMail } from './mails.ts';
import type { ContactRow } from './views.ts';

/** One page of enquiries, newest first, with the total count. */
export async function listContacts(db: Db, paging: Paging): Promise<{ rows: ContactRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(paging.page_size)
      .offset(paging.page * paging.page_size),
    db.select({ n: count() }).from(contacts),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findContact(db: Db, id: string): Promise<ContactRow | undefined> {
  return (await db.select().from(contacts).where(eq(contacts.id, id)))[0];
}

export async function findContactByKey(db: Db, idempotencyKey: string): Promise<ContactRow | undefined> {
  return (await db.select().from(contacts).where(eq(contacts.idempotencyKey, idempotencyKey)))[0];
}

/** Deletes an enquiry and audits it in one transaction; false when there was none. */
export async function deleteContact(db: Db, actorId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
    if (row) await audit(tx, actorId, 'contact deleted', `contact:${id}`);
    return row !== undefined;
  });
}

/**
 * Stores a callback request with its mail to the sales team, spending the human check in the
 * same statement: a request that is not stored leaves its check usable for the resend. One
 * statement (spend, then the record from the spend's row, then its mail from the record's)
 * is one round trip and atomic on its own; the record is made only when this statement spent
 * the check, so two requests with one check store one record (on PostgreSQL the second waits
 * on the check's row, then finds it spent).
 */
export async function storeCallbackRequest(
  db: Db,
  config: Config,
  input: ContactCreate & { recipients: string[]; idempotencyKey: string | null; requestHash: string },
  check: VerifiedHumanCheck,
): Promise<ContactRow> {
  const sales = config.site.salesEmail.toLowerCase();
  const spent = db.$with('spent').as(spendingOf(db, check));
  const contact = db.$with('contact', getTableColumns(contacts)).as(
    sql`insert into ${contacts} (name, email, phone, subject, message, recipient_emails, idempotency_key, request_hash)
      select ${input.name}::text, ${input.email}::text, ${input.phone}::text, ${input.subject}::text, ${input.message}::text,
        ${sql.param(input.recipients, contacts.recipientEmails)}::text[], ${input.idempotencyKey}::uuid, ${input.requestHash}::text
      from ${spent} returning *`,
  );
  const mail = db.$with('mail', {}).as(
    queueMailFrom(sql`${sql.identifier('contact')}`, {
      to: [config.site.salesEmail],
      // Copies: the mail counts as sent once the sales address has it, whatever a copy's server says.
      cc: unique(input.recipients).filter((address) => address.toLowerCase() !== sales),
      replyTo: input.email,
      // The time the request came in, as the visitor sent it (the row's own is the database's, a moment later).
      ...callbackForSalesMail(input, new Date()),
      ref: sql`'contact:' || contact.id`,
    }),
  );
  const [row] = await db.with(spent, contact, mail).select().from(contact);
  if (!row) throw new HumanCheckFailed();
  return row;
}

function unique(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
