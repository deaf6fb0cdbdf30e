import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ContactCreate } from '#src/schemas/contact.ts';
import type { ContactBulk, ContactFilter, ContactSort } from '#src/schemas/contact-pipeline.ts';
import type { ContactStatus } from '#src/schemas/contact-statuses.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { contactEvents, contacts, users } from '../db/schema.ts';
import { directionOf, type KeyPart, keyColumns, keysetPage, type ListFilter, type ListPage, type ListRequest } from '../db/keyset.ts';
import { textSearch } from '../db/text-search.ts';
import { newMailIdentity, queueMailFrom } from '../mail/outbox.ts';
import { audit, auditEach } from '../audit.ts';
import { auditChanges } from '../audit-changes.ts';
import { HttpError } from '../http/envelope.ts';
import { holdOwner } from '../pipeline/owners.ts';
import { onDublinDays } from '../db/business-days.ts';
import { FINISHED_STATUSES, overdue } from '../pipeline/follow-ups.ts';
import { pipelineViewCounts } from '../pipeline/view-counts.ts';
import { budgetedSpending, HumanCheckFailed, type VerifiedHumanCheck } from '../human-check/verify.ts';
import { refuseOverBudget } from '../auth/rate-limit.ts';
import type { FormHit } from '../auth/form-rate-limit.ts';
import { callbackMails } from './mails.ts';
import type { ContactRow } from './views.ts';
import { queueStatusChanged, webhookDeliveriesFrom } from '../webhooks/queries.ts';

export const NO_SUCH_CONTACT = 'There is no such callback.';
export const SOME_CONTACTS_GONE = 'Some of the chosen callbacks are no longer there. Reload the list and try again.';
/** The most rows one CSV export carries. */
export const CONTACT_EXPORT_MAX_ROWS = 10_000;

/** The list's and the export's filters (status, owner, received dates as Dublin days, text). */
export function contactFilters(filter: ContactFilter): SQL | undefined {
  const { where, search } = contactListFilter(filter);
  return and(where, search);
}

/**
 * The columns a search can be in. An address holds no white space (the email rule) and a
 * phone number only digits, spaces, brackets, dots, dashes and a plus (the phone rule), so a
 * search they cannot hold skips them, and with them a trigram index read: a full name looked
 * for in the addresses too cost 5-6 ms more at a million enquiries, to find nothing.
 */
const searchedColumns = (text: string) => [
  contacts.name,
  ...(/\s/.test(text) ? [] : [contacts.email]),
  ...(/^[\d\s+().-]+$/.test(text) ? [contacts.phone] : []),
  contacts.subject,
  contacts.message,
];

/** The same filters, the text search apart (the list looks for a search's page among the newest rows first). */
export function contactListFilter(filter: ContactFilter): ListFilter {
  const where: (SQL | undefined)[] = [];
  if (filter.status) where.push(eq(contacts.status, filter.status));
  if (filter.owner) where.push(filter.owner === 'none' ? isNull(contacts.ownerId) : eq(contacts.ownerId, filter.owner));
  where.push(onDublinDays(contacts.createdAt, filter.from, filter.to));
  if (filter.due === 'overdue') where.push(overdue(contacts.nextStepDue, contacts.status, FINISHED_STATUSES.contact));
  // The scan reads the stored join of all five: a search a column was left out for cannot be in it.
  const search = filter.q ? textSearch(searchedColumns(filter.q), filter.q, contacts.searchText) : undefined;
  return { where: where.length ? and(...where) : undefined, search: search?.indexed, searchScan: search?.scan };
}

/** The enquiries' order: by when they came in, the id deciding between equal moments; read either way on one index. */
const CONTACT_ORDER: KeyPart[] = [
  { expr: contacts.createdAt, type: 'timestamptz' },
  { expr: contacts.id, type: 'uuid' },
];

/**
 * The order by next step (`sort=due`): the earliest due first, so the Overdue view shows the most
 * overdue at the top; on the same day the oldest callback first. A record without a next step
 * sorts as if due on the last day there is, after every other, so the key is never null and
 * paging by cursor loses no row. The Overdue view reads its few rows on the follow-up index.
 */
const CONTACT_DUE_ORDER: KeyPart[] = [{ expr: sql`coalesce(${contacts.nextStepDue}, '9999-12-31'::date)`, type: 'date' }, ...CONTACT_ORDER];

/** How many callbacks each of the list's views holds, for the signed-in `me`. */
export const contactViewCounts = (db: Db, me: string) =>
  pipelineViewCounts(
    db,
    { table: contacts, ownerId: contacts.ownerId, status: contacts.status, nextStepDue: contacts.nextStepDue },
    undefined,
    me,
    FINISHED_STATUSES.contact,
  );

/** One page of enquiries (filtered by `where`), newest or oldest first or by next step, with its total and cursors (src/server/db/keyset.ts). */
export async function listContacts(
  db: Db,
  paging: ListRequest,
  filter: ListFilter = { where: undefined, search: undefined },
  sort: ContactSort | '' = '',
): Promise<ListPage<ContactRow>> {
  const byDue = sort === 'due';
  const keys = byDue ? CONTACT_DUE_ORDER : CONTACT_ORDER;
  return keysetPage(db, {
    table: contacts,
    id: contacts.id,
    keys,
    direction: byDue ? 'asc' : directionOf(sort),
    ...filter,
    paging,
    select: (query) =>
      db
        .select({ ...getTableColumns(contacts), ...keyColumns(keys) })
        .from(contacts)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

export async function findContact(db: Db, id: string): Promise<ContactRow | undefined> {
  return (await db.select().from(contacts).where(eq(contacts.id, id)))[0];
}

export async function findContactByKey(db: Db, idempotencyKey: string): Promise<ContactRow | undefined> {
  return (await db.select().from(contacts).where(eq(contacts.idempotencyKey, idempotencyKey)))[0];
}

/** The rows of a CSV export: the filtered list, or the chosen ids, newest first. */
export function exportContactRows(db: Db, where: SQL | undefined): Promise<ContactRow[]> {
  return db.select().from(contacts).where(where).orderBy(desc(contacts.createdAt), desc(contacts.id)).limit(CONTACT_EXPORT_MAX_ROWS);
}

export const contactIdsIn = (ids: readonly string[]): SQL => inArray(contacts.id, [...ids]);

/** A callback's history of status changes and notes, newest first, with who made each. */
export function contactHistory(db: Db, contactId: string) {
  return (
    db
      .select({
        id: contactEvents.id,
        fromStatus: contactEvents.fromStatus,
        toStatus: contactEvents.toStatus,
        note: contactEvents.note,
        createdAt: contactEvents.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(contactEvents)
      .leftJoin(users, eq(users.id, contactEvents.userId))
      // Status changes and notes; next steps and the rest are the timeline's (src/server/pipeline/timeline.ts).
      .where(and(eq(contactEvents.contactId, contactId), eq(contactEvents.kind, 'pipeline')))
      .orderBy(desc(contactEvents.createdAt), desc(contactEvents.id))
  );
}

export type ContactChange = { status?: ContactStatus | undefined; note?: string | undefined; ownerId?: string | null | undefined };

/**
 * Moves a callback along the pipeline, adds a note and/or gives it an owner, recording who did
 * it (history and audit) in one transaction. The row is locked and read again, so two people
 * changing it at once each record the status they really moved it from; a callback deleted
 * meanwhile is a 404. Answers null when nothing was left to change (someone made the same
 * change a moment earlier).
 */
export async function changeContact(db: Db, actorId: string, id: string, change: ContactChange): Promise<ContactRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contacts).where(eq(contacts.id, id)).for('update');
    if (!current) throw new HttpError(404, NO_SUCH_CONTACT);
    const moved = change.status !== undefined && change.status !== current.status;
    const reassigned = change.ownerId !== undefined && change.ownerId !== current.ownerId;
    if (!moved && !reassigned && !change.note) return null;
    if (reassigned) await holdOwner(tx, change.ownerId ?? null);
    const [next] = await tx
      .update(contacts)
      .set({ ...(moved ? { status: change.status } : {}), ...(reassigned ? { ownerId: change.ownerId } : {}), updatedAt: sql`now()` })
      .where(eq(contacts.id, id))
      .returning();
    if (moved || change.note) {
      await tx.insert(contactEvents).values({
        // The moment of the change, not of the transaction's start (a change that waited for the lock came after).
        createdAt: sql`clock_timestamp()`,
        contactId: id,
        userId: actorId,
        fromStatus: moved ? current.status : null,
        toStatus: moved ? change.status! : null,
        note: change.note ?? '',
      });
    }
    const target = `contact:${id}`;
    if (moved)
      await audit(tx, actorId, `contact moved to ${change.status}`, target, { changes: auditChanges({ status: current.status }, { status: next!.status }) });
    if (moved) await queueStatusChanged(tx, { record: 'callback', id, reference: null, from: current.status, to: change.status! });
    if (change.note) await audit(tx, actorId, 'contact note added', target);
    if (reassigned) await audit(tx, actorId, 'contact assigned', target, { changes: auditChanges({ owner: current.ownerId }, { owner: next!.ownerId }) });
    return next!;
  });
}

/**
 * One change to every chosen callback, all or none: the rows are locked in id order (two bulk
 * actions over the same rows queue rather than deadlock); a callback that is gone fails the
 * whole action with nothing changed. Answers how many callbacks the action changed.
 */
export async function bulkChangeContacts(db: Db, actorId: string, change: ContactBulk): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: contacts.id, status: contacts.status, ownerId: contacts.ownerId })
      .from(contacts)
      .where(inArray(contacts.id, change.ids))
      .orderBy(asc(contacts.id))
      .for('update');
    if (rows.length !== change.ids.length) throw new HttpError(404, SOME_CONTACTS_GONE);
    const targets = (ids: string[]) => ids.map((id) => `contact:${id}`);
    if (change.action === 'delete') {
      await tx.delete(contacts).where(inArray(contacts.id, change.ids));
      await auditEach(tx, actorId, 'contact deleted', targets(change.ids), { bulk: true });
      return change.ids.length;
    }
    if (change.action === 'status') {
      const moving = rows.filter((row) => row.status !== change.status);
      if (moving.length === 0) return 0;
      const ids = moving.map((row) => row.id);
      await tx
        .update(contacts)
        .set({ status: change.status, updatedAt: sql`now()` })
        .where(and(inArray(contacts.id, ids), ne(contacts.status, change.status)));
      await tx
        .insert(contactEvents)
        .values(moving.map((row) => ({ contactId: row.id, userId: actorId, fromStatus: row.status, toStatus: change.status, note: '' })));
      await auditEach(tx, actorId, `contact moved to ${change.status}`, targets(ids), { bulk: true });
      await queueStatusChanged(tx, ...moving.map((row) => ({ record: 'callback' as const, id: row.id, reference: null, from: row.status, to: change.status })));
      return ids.length;
    }
    await holdOwner(tx, change.ownerId);
    const ids = rows.filter((row) => row.ownerId !== change.ownerId).map((row) => row.id);
    if (ids.length === 0) return 0;
    await tx.update(contacts).set({ ownerId: change.ownerId, updatedAt: sql`now()` }).where(inArray(contacts.id, ids));
    await auditEach(tx, actorId, 'contact assigned', targets(ids), { to: change.ownerId, bulk: true });
    return ids.length;
  });
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
 * Stores a callback request with its mail to the sales team, counting the form's hit against
 * the visitor's budget and spending the human check in the same statement: a request that is
 * not stored leaves its check usable for the resend. One statement (the hit, the spend within
 * the budget, then the record from the spend's row, then its mail from the record's) is one
 * round trip and atomic on its own; the record is made only when this statement spent the
 * check, so two requests with one check store one record (on PostgreSQL the second waits on
 * the check's row, then finds it spent). Past the budget it throws the 429.
 */
export async function storeCallbackRequest(
  db: Db,
  config: Config,
  input: ContactCreate & { recipients: string[]; idempotencyKey: string | null; requestHash: string | null },
  check: VerifiedHumanCheck,
  hit: FormHit,
): Promise<ContactRow> {
  const sales = config.site.salesEmail.toLowerCase();
  const mail = newMailIdentity();
  const acknowledgement = newMailIdentity();
  // The time the request came in, as the visitor sent it (the row's own is the database's, a moment later).
  const at = new Date();
  const mails = await callbackMails(config.site);
  // Made here rather than by the database, so the sales team's mail can link to the record it is stored with.
  const id = randomUUID();
  const forSales = mails.forSales(input, at, `${config.site.origin}/admin/contacts/view/${id}`);
  const forVisitor = mails.forVisitor(input, at);
  const [row] = await storeCallback(db).execute({
    hitKey: hit.key,
    hitSeconds: hit.seconds,
    hitMax: hit.limit.max,
    checkId: check.id,
    checkTtl: check.ttlSeconds,
    id,
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: input.subject,
    message: input.message,
    recipients: input.recipients,
    idempotencyKey: input.idempotencyKey,
    requestHash: input.requestHash,
    mailId: mail.id,
    messageId: mail.messageId,
    mailTo: [config.site.salesEmail],
    // Copies: the mail counts as sent once the sales address has it, whatever a copy's server says.
    mailCc: unique(input.recipients).filter((address) => address.toLowerCase() !== sales),
    mailSubject: forSales.subject,
    mailText: forSales.text,
    mailHtml: forSales.html,
    ackId: acknowledgement.id,
    ackMessageId: acknowledgement.messageId,
    ackTo: [input.email],
    ackSubject: forVisitor.subject,
    ackText: forVisitor.text,
    ackHtml: forVisitor.html,
    adminOrigin: config.site.origin,
  } satisfies Record<StoreCallbackValue, unknown>);
  hit.counted();
  refuseOverBudget(hit.limit, row?.hit);
  if (!row?.contact) throw new HumanCheckFailed();
  return row.contact;
}

type StoreCallbackValue =
  | 'hitKey'
  | 'hitSeconds'
  | 'hitMax'
  | 'checkId'
  | 'checkTtl'
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'subject'
  | 'message'
  | 'recipients'
  | 'idempotencyKey'
  | 'requestHash'
  | 'mailId'
  | 'messageId'
  | 'mailTo'
  | 'mailCc'
  | 'mailSubject'
  | 'mailText'
  | 'mailHtml'
  | 'ackId'
  | 'ackMessageId'
  | 'ackTo'
  | 'ackSubject'
  | 'ackText'
  | 'ackHtml'
  | 'adminOrigin';

/**
 * storeCallbackRequest's statement, prepared once per database handle (as the rate limit's
 * is): building the WITH queries through the query builder on every form post was the largest
 * part of a contact create's own CPU. PostgreSQL also keeps the named statement's plan.
 *
 * One round trip counts the form's hit, spends the human check, stores the request and queues
 * its two mails, the sales team's copy and the visitor's acknowledgement: the request is
 * stored only within the budget (the hit counted here) and only by the statement that spent
 * the check, and its mails only with it. It answers one row: the hit, and the request if stored.
 */
const storeCallback = preparedPerDb((db: Db) => {
  const value = (name: StoreCallbackValue) => sql.placeholder(name);
  const { hit, spent } = budgetedSpending(
    db,
    { id: value('checkId'), ttlSeconds: value('checkTtl') },
    { key: value('hitKey'), seconds: value('hitSeconds'), max: value('hitMax') },
  );
  const contact = db.$with('contact', getTableColumns(contacts)).as(
    sql`insert into ${contacts} (id, name, email, phone, subject, message, recipient_emails, idempotency_key, request_hash)
      select ${value('id')}::uuid, ${value('name')}::text, ${value('email')}::text, ${value('phone')}::text, ${value('subject')}::text, ${value('message')}::text,
        ${sql.param(value('recipients'), contacts.recipientEmails)}::text[], ${value('idempotencyKey')}::uuid, ${value('requestHash')}::text
      from ${spent} returning *`,
  );
  const mail = db.$with('mail', {}).as(
    queueMailFrom(sql`${sql.identifier('contact')}`, {
      id: value('mailId'),
      messageId: value('messageId'),
      to: value('mailTo'),
      cc: value('mailCc'),
      subject: value('mailSubject'),
      text: value('mailText'),
      html: value('mailHtml'),
      // The visitor's address: the sales team's reply goes to them.
      replyTo: value('email'),
      ref: sql`'contact:' || contact.id`,
    }),
  );
  // The visitor's acknowledgement: to them alone (never the copies), replies to the mail's sender, the sales address.
  const acknowledgement = db.$with('acknowledgement', {}).as(
    queueMailFrom(sql`${sql.identifier('contact')}`, {
      id: value('ackId'),
      messageId: value('ackMessageId'),
      to: value('ackTo'),
      cc: [],
      subject: value('ackSubject'),
      text: value('ackText'),
      html: value('ackHtml'),
      replyTo: null,
      ref: sql`'contact:' || contact.id`,
    }),
  );
  // The systems told of new callbacks (webhooks): the record's id, subject and link, never the visitor's details.
  const webhook = db.$with('webhook', {}).as(
    webhookDeliveriesFrom(
      sql`(select jsonb_build_object('id', contact.id, 'subject', contact.subject, 'receivedAt', contact.created_at,
        'link', ${value('adminOrigin')}::text || '/admin/contacts/view/' || contact.id) as data from ${sql.identifier('contact')})`,
      'callback.received',
    ),
  );
  return db.with(hit, spent, contact, mail, acknowledgement, webhook).select().from(hit).leftJoin(contact, sql`true`).prepare('store_callback_request');
});

function unique(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
