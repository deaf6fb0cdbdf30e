import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { MailTransport } from '../mail/transport.ts';
import type { Logger } from '../log.ts';

/** How long a claimed mail is reserved for the process that claimed it. */
const LEASE_SECONDS = 300;
/** Retry delays double from 30 s up to an hour; a mail is never given up on. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * Sends the mails that are due. Each batch is claimed with SKIP LOCKED and a lease, so several
 * app processes can run this job at once without sending a mail twice.
 */
export async function sendDueMail(deps: { db: Db; transport: MailTransport; from: string; log: Logger }, batchSize = 20): Promise<number> {
  const { db, transport, from, log } = deps;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(inArray(outbox.id, due))
    .returning();

  let sent = 0;
  for (const mail of claimed) {
    try {
      await transport.send({ id: mail.id, from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, replyTo: mail.replyTo });
      await db.update(outbox).set({ sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, mail.id));
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = retryDelaySeconds(mail.attempts);
      await db
        .update(outbox)
        .set({ lastError: message.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
        .where(eq(outbox.id, mail.id));
      log.error('mail not sent; will retry', { mailId: mail.id, attempts: mail.attempts, retryInSeconds: delay, error: message });
    }
  }
  return sent;
}

/** Runs the sender every few seconds in this process; returns a stop function that waits for the current run. */
export function startOutboxJob(deps: Parameters<typeof sendDueMail>[0], everyMs = 5000): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = sendDueMail(deps).catch((error: unknown) =>
      deps.log.error('outbox job failed', { error: error instanceof Error ? error.message : String(error) }),
    );
  };
  tick();
  const timer = setInterval(() => {
    if (!stopped) tick();
  }, everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
