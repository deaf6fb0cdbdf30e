import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outbox, type RecipientOutcome } from '../db/schema.ts';
import { MailNotSent, type Delivery, type MailTransport } from '../mail/transport.ts';
import type { Logger } from '../log.ts';
import type { RecurringJob } from './runner.ts';

/**
 * How long a claimed mail is reserved for the process that claimed it. A process that dies
 * mid-send leaves the mail to another one after this: delivery is at least once (the
 * Message-ID stays the same, so a receiver can drop the second copy).
 */
const LEASE_SECONDS = 300;
/** Mails claimed at once; they are sent concurrently over the transport's connection pool. */
export const BATCH_SIZE = 50;
/** Pause when there was nothing due (or the database failed) before looking again. */
const IDLE_MS = 2000;

/** Retry delays double from 30 s up to an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export type OutboxDeps = { db: Db; transport: MailTransport; from: string; log: Logger; maxAttempts: number };
type OutboxRow = typeof outbox.$inferSelect;
type MailStatus = OutboxRow['status'];

const key = (address: string) => address.toLowerCase();

/** Every address once, `to` first. */
function addressesOf(mail: OutboxRow): string[] {
  const seen = new Set<string>();
  return [...mail.to, ...mail.cc].filter((address) => !seen.has(key(address)) && seen.add(key(address)));
}

/**
 * Where a mail stands after an attempt. Sent: every `to` address accepted it and no copy is
 * still deferred. Failed: a `to` address refused it for good (5xx), or the attempts ran out
 * before every `to` accepted it. Otherwise it stays queued for another attempt.
 */
export function statusAfter(mail: Pick<OutboxRow, 'to' | 'cc'>, results: Map<string, RecipientOutcome>, attempts: number, maxAttempts: number): MailStatus {
  const result = (address: string) => results.get(key(address))?.result ?? 'deferred';
  const to = mail.to.map(result);
  const exhausted = attempts >= maxAttempts;
  if (to.includes('refused')) return 'failed';
  if (to.some((r) => r === 'deferred')) return exhausted ? 'failed' : 'queued';
  return mail.cc.map(result).includes('deferred') && !exhausted ? 'queued' : 'sent';
}

/** One line per address that did not accept, for the row's last error. */
const problems = (results: RecipientOutcome[]) =>
  results
    .filter((r) => r.result !== 'accepted')
    .map((r) => `${r.address}: ${r.result}${r.response ? ` (${r.response})` : ''}`)
    .join('; ')
    .slice(0, 1000) || null;

/** What one attempt came to, to be recorded with the rest of its batch. */
type Outcome = { mail: OutboxRow; status: MailStatus; recipients: RecipientOutcome[]; lastError: string | null; delay: number };

/** One attempt at one claimed mail: only the addresses that have not answered for good yet. */
async function attempt(deps: OutboxDeps, mail: OutboxRow): Promise<Outcome> {
  const { transport, from } = deps;
  const results = new Map(mail.recipients.map((r) => [key(r.address), r]));
  const envelopeTo = addressesOf(mail).filter((address) => (results.get(key(address))?.result ?? 'deferred') === 'deferred');
  const at = new Date().toISOString();
  let answers: Delivery[];
  let failure: string | null = null;
  try {
    answers = await transport.send({
      id: mail.id,
      from,
      to: mail.to,
      cc: mail.cc,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      messageId: mail.messageId,
      envelopeTo,
    });
  } catch (error) {
    const permanent = error instanceof MailNotSent && error.permanent;
    failure = error instanceof Error ? error.message : String(error);
    answers = envelopeTo.map((address) => ({
      address,
      result: permanent ? 'refused' : 'deferred',
      code: error instanceof MailNotSent ? error.code : undefined,
      response: failure!.slice(0, 300),
    }));
  }
  for (const answer of answers) results.set(key(answer.address), { ...answer, at });
  const recipients = [...results.values()];
  return {
    mail,
    status: statusAfter(mail, results, mail.attempts, deps.maxAttempts),
    recipients,
    lastError: failure?.slice(0, 1000) ?? problems(recipients),
    delay: retryDelaySeconds(mail.attempts),
  };
}

/**
 * Records a batch's outcomes in one statement (one database round trip per batch, not per
 * mail). Fenced by the attempt count: if a lease ran out and another process claimed a mail
 * meanwhile, that process's answer wins. Returns the ids recorded.
 */
async function record(db: Db, outcomes: Outcome[]): Promise<Set<string>> {
  if (outcomes.length === 0) return new Set();
  const rows = outcomes.map((o) => ({
    id: o.mail.id,
    attempts: o.mail.attempts,
    status: o.status,
    recipients: o.recipients,
    last_error: o.lastError,
    delay: o.delay,
  }));
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`.
  const recorded = (await db.execute(sql`
    update ${outbox} set
      status = v.status,
      recipients = v.recipients,
      last_error = v.last_error,
      sent_at = case when v.status = 'sent' then now() else ${outbox.sentAt} end,
      failed_at = case when v.status = 'failed' then now() else ${outbox.failedAt} end,
      next_attempt_at = case when v.status = 'queued' then now() + make_interval(secs => v.delay) else ${outbox.nextAttemptAt} end
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, attempts integer, status text, recipients jsonb, last_error text, delay integer)
    where ${outbox.id} = v.id and ${outbox.attempts} = v.attempts and ${outbox.status} = 'queued'
    returning ${outbox.id} as id`)) as unknown as { rows: { id: string }[] };
  return new Set(recorded.rows.map((row) => row.id));
}

/**
 * Claims up to `batchSize` due mails (SKIP LOCKED, with a lease, so several processes share
 * the queue without taking the same mail), sends them concurrently and records the batch.
 */
export async function sendDueMail(deps: OutboxDeps, batchSize = BATCH_SIZE): Promise<{ claimed: number; sent: number; failed: number }> {
  const { db, log } = deps;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'queued'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(inArray(outbox.id, due))
    .returning();
  const outcomes = await Promise.all(claimed.map((mail) => attempt(deps, mail)));
  // Should this fail (the database gone), the leases bring the mails back: at least once.
  const recorded = await record(db, outcomes);
  for (const { mail, status, lastError, delay } of outcomes) {
    if (!recorded.has(mail.id)) log.error('mail result not recorded: claimed again by another process', { mailId: mail.id, attempts: mail.attempts });
    else if (status === 'failed') log.error('mail failed; it will not be sent', { mailId: mail.id, ref: mail.ref, attempts: mail.attempts, error: lastError });
    else if (status === 'queued') log.error('mail not sent; will retry', { mailId: mail.id, attempts: mail.attempts, retryInSeconds: delay, error: lastError });
  }
  const counted = (wanted: MailStatus) => outcomes.filter((o) => o.status === wanted && recorded.has(o.mail.id)).length;
  return { claimed: claimed.length, sent: counted('sent'), failed: counted('failed') };
}

/** Whether a mail is due now (one look along the queued mails' partial index). */
export async function mailDue(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from ${outbox} where ${outbox.status} = 'queued' and ${outbox.nextAttemptAt} <= now()) as due`,
  )) as unknown as { rows: { due: boolean }[] };
  return result.rows[0]?.due === true;
}

/**
 * The sender as a recurring job: a run sends batch after batch while mail is due and no stop is
 * asked; the runner starts the next run `idleMs` later (on PostgreSQL, when `mailDue` finds mail).
 */
export function outboxJob(deps: OutboxDeps, options: { idleMs?: number; batchSize?: number } = {}): RecurringJob {
  return {
    name: 'outbox',
    everyMs: options.idleMs ?? IDLE_MS,
    isDue: () => mailDue(deps.db),
    async run({ shouldStop }) {
      while (!shouldStop() && (await sendDueMail(deps, options.batchSize)).claimed > 0);
    },
  };
}
