import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type MailDraft = {
  /** The recipients the mail is for: it counts as sent only once each of them accepted it. */
  to: string[];
  /** Copies: delivered when their servers accept them, but a refused copy does not fail the mail. */
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** What caused the mail, e.g. `contact:<id>`. */
  ref?: string;
};

/**
 * Queues a mail. Call it with the transaction that writes the record the mail is about, so
 * either both are stored or neither is; the outbox job sends it afterwards. Its Message-ID
 * is fixed here, so every attempt sends the same one and receivers can drop a duplicate.
 */
export async function enqueueMail(tx: Tx | Db, draft: MailDraft): Promise<void> {
  const id = randomUUID();
  await tx.insert(outbox).values({
    id,
    to: draft.to,
    cc: draft.cc ?? [],
    subject: draft.subject,
    text: draft.text,
    html: draft.html ?? null,
    replyTo: draft.replyTo ?? null,
    messageId: `<${id}@outbox>`,
    ref: draft.ref ?? null,
  });
}
