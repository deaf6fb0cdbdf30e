import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit } from '../audit.ts';
import { eraseAuditValues } from '../audit-changes.ts';
import type { Db, Tx } from '../db/client.ts';
import { contactEvents, contacts, leadEvents, leadFiles, leads, outbox, users } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';
import { can, type Role } from '#src/schemas/roles.ts';
import { checkAdministrators, lockAdministrators } from '../users/queries.ts';
import { USER_PERSONAL_FIELDS } from '../users/audited-fields.ts';
import { contactRef, deleteRecordsWithMails, leadRef } from './delete-records.ts';
import { blankErasedRequests, checkRegisterLink } from './register/queries.ts';
import type { ExportFormat } from '#src/schemas/privacy.ts';

/** An address compared as people write it: case does not make another person. */
const sameAddress = (column: AnyPgColumn | SQL, email: string) => sql`lower(${column}) = ${email.toLowerCase()}`;

/** Mails to, copied to or answering to the address, or caused by one of its records. */
function mailsOf(email: string, refs: string[]): SQL {
  const byAddress = sql`exists (select 1 from unnest(${outbox.to} || ${outbox.cc}) as address where lower(address) = ${email.toLowerCase()})
    or ${sameAddress(outbox.replyTo, email)}`;
  return refs.length > 0 ? sql`(${byAddress} or ${inArray(outbox.ref, refs)})` : sql`(${byAddress})`;
}

export type PersonData = Awaited<ReturnType<typeof findPersonData>>;

/** Everything held about `email`: callbacks with their history, requests with their documents and history, mails, a staff account. */
export async function findPersonData(db: Db | Tx, email: string) {
  const [callbacks, requests, [user]] = await Promise.all([
    db.select().from(contacts).where(sameAddress(contacts.email, email)).orderBy(asc(contacts.createdAt)),
    db.select().from(leads).where(sameAddress(leads.email, email)).orderBy(asc(leads.createdAt)),
    db.select().from(users).where(sameAddress(users.email, email)),
  ]);
  const leadIds = requests.map((row) => row.id);
  const contactIds = callbacks.map((row) => row.id);
  const refs = [...callbacks.map((row) => contactRef(row.id)), ...leadIds.map(leadRef)];
  const [files, events, callbackEvents, mails] = await Promise.all([
    leadIds.length ? db.select().from(leadFiles).where(inArray(leadFiles.leadId, leadIds)).orderBy(asc(leadFiles.createdAt)) : [],
    leadIds.length ? db.select().from(leadEvents).where(inArray(leadEvents.leadId, leadIds)).orderBy(asc(leadEvents.createdAt)) : [],
    contactIds.length ? db.select().from(contactEvents).where(inArray(contactEvents.contactId, contactIds)).orderBy(asc(contactEvents.createdAt)) : [],
    db.select().from(outbox).where(mailsOf(email, refs)).orderBy(asc(outbox.createdAt)),
  ]);
  return { callbacks, callbackEvents, requests, files, events, mails, user: user ?? null };
}

/** The counts an audit entry records: how much was found, never what. */
export const countsOf = (data: PersonData) => ({
  callbacks: data.callbacks.length,
  requests: data.requests.length,
  files: data.files.length,
  mails: data.mails.length,
  user: data.user !== null,
});

/** What an access's audit entry says besides the counts: the export's format, and the register's request it answers. */
export type AccessDetails = { format?: ExportFormat | undefined; registerId?: string | undefined };

/**
 * Records a look-up or export of someone's data, with counts and a request id (never the
 * address); an export says its format, and one made from a register's request names it
 * (`registerId`), which that request's timeline reads.
 */
export async function auditAccess(
  db: Db,
  actorId: string,
  action: 'personal data looked up' | 'personal data exported',
  data: PersonData,
  { format, registerId }: AccessDetails = {},
): Promise<string> {
  const requestId = randomUUID();
  await audit(db, actorId, action, `privacy-request:${requestId}`, {
    ...countsOf(data),
    ...(format ? { format } : {}),
    ...(registerId ? { registerId } : {}),
  });
  return requestId;
}

export type Erasure = {
  requestId: string;
  counts: ReturnType<typeof countsOf>;
  /** Documents and mails whose files the caller removes after the commit. */
  fileIds: string[];
  mailIds: string[];
  /** The register's requests from the address, kept without the name and address. */
  registerIds: string[];
};

export const OWN_ACCOUNT = 'You cannot erase your own account: another administrator must.';
/** A Broker may erase a customer's data, but a staff account is managed by Administrators only. */
export const STAFF_ACCOUNT = 'This address has a staff account: only an administrator can erase it.';

/**
 * Erases everything held about `email` in one transaction: callbacks and requests with their
 * documents, history, notes and mails, any other mail to or from the address, and a staff
 * account with that address (by an Administrator only; never the actor's own, never the last
 * administrator: a refusal erases nothing). The
 * register's requests from the address keep their reference, kind, dates and status, their
 * name and address replaced (accountability without the data). The audit entry records the
 * request's id, the erased records' ids and the counts, not the address; and `registerId`, the
 * register's request it answers when one is named (checked first: it holds this address).
 */
export async function erasePersonData(db: Db, actor: { id: string; role: Role }, email: string, registerId?: string): Promise<Erasure> {
  const actorId = actor.id;
  return db.transaction(async (tx) => {
    if (registerId) await checkRegisterLink(tx, registerId, email, true);
    const data = await findPersonData(tx, email);
    if (data.user) {
      if (!can(actor.role, 'administration')) throw new HttpError(403, STAFF_ACCOUNT);
      if (data.user.id === actorId) throw new HttpError(409, OWN_ACCOUNT);
      checkAdministrators(await lockAdministrators(tx), actorId, data.user.id);
    }
    const withRecords = await deleteRecordsWithMails(
      tx,
      data.callbacks.map((row) => row.id),
      data.requests.map((row) => row.id),
    );
    const others = data.mails.map((mail) => mail.id).filter((id) => !withRecords.mailIds.includes(id));
    const otherMails = others.length ? await tx.delete(outbox).where(inArray(outbox.id, others)).returning({ id: outbox.id }) : [];
    const [account] = data.user ? await tx.delete(users).where(eq(users.id, data.user.id)).returning({ id: users.id }) : [];
    // A change of someone's staff address to this one, still waiting for its link, is dropped (their account stays).
    await tx.update(users).set({ pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpiresAt: null }).where(sameAddress(users.pendingEmail, email));
    const registerIds = await blankErasedRequests(tx, email);
    // The log's before-and-after copies of what was erased (a staff account's name and address
    // among them), and any other change that held the address, keep their field, not the value.
    await eraseAuditValues(tx, [...withRecords.contactIds.map(contactRef), ...withRecords.leadIds.map(leadRef)], { email });
    if (account) await eraseAuditValues(tx, [`user:${account.id}`], { fields: USER_PERSONAL_FIELDS });
    // What this erasure removed, counted from the deletes: an erasure running at the same
    // time (or the retention job) may have taken some of what was found.
    const counts = {
      callbacks: withRecords.contactIds.length,
      requests: withRecords.leadIds.length,
      files: withRecords.fileIds.length,
      mails: withRecords.mailIds.length + otherMails.length,
      user: account !== undefined,
    };
    const requestId = randomUUID();
    await audit(tx, actorId, 'personal data erased', `privacy-request:${requestId}`, {
      ...counts,
      callbackIds: withRecords.contactIds,
      requestIds: withRecords.leadIds,
      userId: account?.id ?? null,
      registerIds,
      ...(registerId ? { registerId } : {}),
    });
    return { requestId, counts, fileIds: withRecords.fileIds, mailIds: [...withRecords.mailIds, ...otherMails.map((mail) => mail.id)], registerIds };
  });
}
