import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/client.ts';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
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

/** A new mail's id and its Message-ID, made from it: every attempt at the mail sends the same one. */
export function newMailIdentity(): { id: string; messageId: string } {
  const id = randomUUID();
  return { id, messageId: `<${id}@outbox>` };
}

/**
 * Queues a mail. Call it with the transaction that writes the record the mail is about, so
 * either both are stored or neither is; the outbox job sends it afterwards. Its Message-ID
 * is fixed here, so every attempt sends the same one and receivers can drop a duplicate.
 */
export async function enqueueMail(tx: Tx | Db, draft: MailDraft): Promise<void> {
  await queueing(tx, [draft]);
}

/**
 * The insert that queues `drafts` (as enqueueMail does), not yet run: a statement can run it in
 * a WITH beside the record the mails are about, so both are stored in one round trip.
 */
export function queueing(tx: Tx | Db, drafts: MailDraft[]) {
  return tx.insert(outbox).values(
    drafts.map((draft) => {
      const { id, messageId } = newMailIdentity();
      return {
        id,
        to: draft.to,
        cc: draft.cc ?? [],
        subject: draft.subject,
        text: draft.text,
        html: draft.html ?? null,
        replyTo: draft.replyTo ?? null,
        messageId,
        ref: draft.ref ?? null,
      };
    }),
  );
}

/** A value given now, or a placeholder filled each time a prepared statement runs. */
type Bound<T> = T | Placeholder;

/**
 * The same queueing as an `INSERT … SELECT` from `source` (the name of a WITH query in the
 * statement it goes into): one mail per row of it, none when it is empty. `ref` may read the
 * row (`sql\`'contact:' || contact.id\``), so a record and its mail are stored by one statement.
 * Its values may be placeholders, so the statement can be prepared once; `id` and
 * `messageId` come from newMailIdentity.
 */
export function queueMailFrom(
  source: SQL,
  draft: {
    id: Bound<string>;
    messageId: Bound<string>;
    to: Bound<string[]>;
    cc: Bound<string[]>;
    subject: Bound<string>;
    text: Bound<string>;
    html: Bound<string | null>;
    replyTo: Bound<string | null>;
    ref: SQL;
  },
): SQL {
  return sql`insert into ${outbox} (id, "to", cc, subject, text, html, reply_to, message_id, ref)
    select ${draft.id}::uuid, ${sql.param(draft.to, outbox.to)}::text[], ${sql.param(draft.cc, outbox.cc)}::text[], ${draft.subject}::text, ${draft.text}::text, ${draft.html}::text,
      ${draft.replyTo}::text, ${draft.messageId}::text, ${draft.ref} from ${source}`;
}
