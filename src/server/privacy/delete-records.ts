import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { contacts, leadFiles, leads, outbox } from '../db/schema.ts';

/** The mails' `ref` of records (see enqueueMail): how a record's mails are found. */
export const contactRef = (id: string) => `contact:${id}`;
export const leadRef = (id: string) => `lead:${id}`;

export type DeletedWithRecords = {
  /** The callbacks and requests this call deleted (one deleted meanwhile by someone else is not among them). */
  contactIds: string[];
  leadIds: string[];
  fileIds: string[];
  mailIds: string[];
};

/**
 * Deletes callbacks and requests with everything kept about them: a request's documents'
 * rows and its history (status changes and notes, by foreign-key cascade), a callback's own
 * dependants the same way, and the mails either caused. Runs inside the caller's
 * transaction; returns what it deleted, the documents' and mails' ids included, whose files
 * the caller removes after the commit (removeLeadFiles, removeMailFiles).
 */
export async function deleteRecordsWithMails(tx: Tx, contactIds: readonly string[], leadIds: readonly string[]): Promise<DeletedWithRecords> {
  const deleted: DeletedWithRecords = { contactIds: [], leadIds: [], fileIds: [], mailIds: [] };
  if (leadIds.length > 0) {
    // The documents' rows would cascade too, but their ids are needed to remove the files.
    const files = await tx
      .delete(leadFiles)
      .where(inArray(leadFiles.leadId, [...leadIds]))
      .returning({ id: leadFiles.id });
    deleted.fileIds = files.map((file) => file.id);
    deleted.leadIds = (
      await tx
        .delete(leads)
        .where(inArray(leads.id, [...leadIds]))
        .returning({ id: leads.id })
    ).map((row) => row.id);
  }
  if (contactIds.length > 0) {
    deleted.contactIds = (
      await tx
        .delete(contacts)
        .where(inArray(contacts.id, [...contactIds]))
        .returning({ id: contacts.id })
    ).map((row) => row.id);
  }
  const refs = [...contactIds.map(contactRef), ...leadIds.map(leadRef)];
  const mails = refs.length > 0 ? await tx.delete(outbox).where(inArray(outbox.ref, refs)).returning({ id: outbox.id }) : [];
  deleted.mailIds = mails.map((mail) => mail.id);
  return deleted;
}
