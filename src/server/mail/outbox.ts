import type { Db, Tx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type MailDraft = {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** What caused the mail, e.g. `contact:<id>`. */
  ref?: string;
};

/**
 * Queues a mail. Call it with the transaction that writes the record the mail is about, so
 * either both are stored or neither is; the outbox job sends it afterwards.
 */
export async function enqueueMail(tx: Tx | Db, draft: MailDraft): Promise<void> {
  await tx.insert(outbox).values({
    to: draft.to,
    subject: draft.subject,
    text: draft.text,
    html: draft.html ?? null,
    replyTo: draft.replyTo ?? null,
    ref: draft.ref ?? null,
  });
}
