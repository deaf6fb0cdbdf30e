import { eq, getTableColumns } from 'drizzle-orm';
import type { ContactCreate } from '../../schemas/contact.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { contacts } from '../db/schema.ts';
import { type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { audit } from '../audit.ts';
import { HumanCheckFailed, spendHumanCheck, type VerifiedHumanCheck } from '../human-check.ts';
import { callbackForSalesMail } from './mails.ts';
import type { ContactRow } from './views.ts';

/** The enquiries' order: newest first, the id deciding between equal moments. */
const CONTACT_ORDER: KeyPart[] = [
  { expr: contacts.createdAt, type: 'timestamptz' },
  { expr: contacts.id, type: 'uuid' },
];

/** One page of enquiries, newest first, with its total and cursors (src/server/db/keyset.ts). */
export async function listContacts(db: Db, paging: ListRequest): Promise<ListPage<ContactRow>> {
  return keysetPage(db, {
    table: contacts,
    id: contacts.id,
    keys: CONTACT_ORDER,
    where: undefined,
    paging,
    select: ({ where, orderBy, limit }) =>
      db
        .select({ ...getTableColumns(contacts), ...keyColumns(CONTACT_ORDER) })
        .from(contacts)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
  });
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
 * same transaction: a request that is not stored leaves its check usable for the resend.
 */
export async function storeCallbackRequest(
  db: Db,
  config: Config,
  input: ContactCreate & { recipients: string[]; idempotencyKey: string | null; requestHash: string },
  check: VerifiedHumanCheck,
): Promise<ContactRow> {
  return db.transaction(async (tx) => {
    if (!(await spendHumanCheck(tx, check))) throw new HumanCheckFailed();
    const [row] = await tx
      .insert(contacts)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        subject: input.subject,
        message: input.message,
        recipientEmails: input.recipients,
        idempotencyKey: input.idempotencyKey,
        requestHash: input.requestHash,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const sales = config.site.salesEmail.toLowerCase();
    await enqueueMail(tx, {
      to: [config.site.salesEmail],
      // Copies: the mail counts as sent once the sales address has it, whatever a copy's server says.
      cc: unique(input.recipients).filter((address) => address.toLowerCase() !== sales),
      replyTo: input.email,
      ...callbackForSalesMail(input, row.createdAt),
      ref: `contact:${row.id}`,
    });
    return row;
  });
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
