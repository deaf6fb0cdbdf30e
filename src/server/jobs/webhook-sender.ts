import { eq, inArray, sql } from 'drizzle-orm';
import { WEBHOOK_EVENT_LABELS } from '#src/schemas/webhook.ts';
import { audit } from '../audit.ts';
import { decryptSecret } from '../auth/crypto.ts';
import type { Db } from '../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import type { Logger } from '../log.ts';
import { safeError } from '../log-safe-error.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { RecurringJob } from './runner.ts';
import { type SendOutcome, sendWebhook } from '../webhooks/send.ts';
import { signedHeaders } from '../webhooks/signing.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../webhooks/queries.ts';

/**
 * Sends queued webhook deliveries (src/server/webhooks/), as the outbox job sends mail: a
 * batch is claimed with SKIP LOCKED under a lease, so several workers never send one delivery
 * at once and a worker that dies leaves it to another after the lease. A failure is retried
 * after RETRY_DELAYS_SECONDS; after the last, the delivery is failed (it can be redelivered
 * from the log). An endpoint that fails DISABLE_AFTER_FAILURES attempts in a row is turned off
 * and the Administrator who made it is told by mail.
 */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
export const DISABLE_AFTER_FAILURES = 15;
const LEASE_SECONDS = 120;
const BATCH_SIZE = 10;
const IDLE_MS = 2000;

export type WebhookSenderDeps = { db: Db; log: Logger; secretKey: Buffer; allowPrivate: boolean; origin: string };

type Claimed = { delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow };

async function claim(db: Db): Promise<Claimed[]> {
  const deliveries = (await db.execute(sql`update ${webhookDeliveries} set attempts = attempts + 1, last_attempt_at = now(),
      next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (select id from ${webhookDeliveries} where status = 'queued' and next_attempt_at <= now()
      order by next_attempt_at limit ${BATCH_SIZE} for update skip locked)
    returning id`)) as unknown as { rows: { id: string }[] };
  const ids = deliveries.rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids));
  return rows;
}

/** Turns the endpoint off and tells its maker, once: only the attempt that crossed the limit does. */
async function turnOff(deps: WebhookSenderDeps, endpoint: WebhookEndpointRow, lastError: string | null) {
  const reason = `Turned off after ${DISABLE_AFTER_FAILURES} failed attempts in a row. Last: ${lastError ?? 'no answer'}`;
  await deps.db.transaction(async (tx) => {
    const [off] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason.slice(0, 1000) })
      .where(sql`${webhookEndpoints.id} = ${endpoint.id} and ${webhookEndpoints.enabled}`)
      .returning({ id: webhookEndpoints.id });
    if (!off) return;
    await audit(tx, null, 'webhook endpoint turned off', `webhook:${endpoint.id}`, { failures: DISABLE_AFTER_FAILURES });
    const [owner] = endpoint.createdBy ? await tx.select({ email: users.email }).from(users).where(eq(users.id, endpoint.createdBy)) : [];
    if (!owner) return;
    const link = `${deps.origin}/admin/webhooks/${endpoint.id}`;
    await enqueueMail(tx, {
      to: [owner.email],
      subject: 'A webhook address was turned off',
      text: [
        `The webhook to ${endpoint.url} failed ${DISABLE_AFTER_FAILURES} times in a row, so it was turned off.`,
        `Events it asked for: ${endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}.`,
        `Last problem: ${lastError ?? 'no answer'}`,
        '',
        `See its delivery log, fix the receiver, then turn it on again and redeliver what it missed: ${link}`,
      ].join('\n'),
      ref: `webhook:${endpoint.id}`,
    });
  });
}

/** Keeps the attempt in the log and moves the delivery on: delivered, queued for a retry, or failed. */
async function record(deps: WebhookSenderDeps, { delivery, endpoint }: Claimed, outcome: SendOutcome, durationMs: number) {
  const last = delivery.attempts >= MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_SECONDS[Math.min(delivery.attempts, RETRY_DELAYS_SECONDS.length) - 1] ?? 0;
  const failures = await deps.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      responseStatus: outcome.status,
      responseBody: outcome.body,
      error: outcome.ok ? null : outcome.error,
      durationMs: Math.round(durationMs),
    });
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.ok ? 'delivered' : last ? 'failed' : 'queued',
        responseStatus: outcome.status,
        responseBody: outcome.body,
        lastError: outcome.ok ? null : outcome.error,
        ...(outcome.ok ? {} : { nextAttemptAt: sql`now() + make_interval(secs => ${delay})` }),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [counted] = await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: outcome.ok ? 0 : sql`${webhookEndpoints.consecutiveFailures} + 1`, lastDeliveryAt: sql`now()` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failures: webhookEndpoints.consecutiveFailures });
    return counted?.failures ?? 0;
  });
  if (failures >= DISABLE_AFTER_FAILURES) await turnOff(deps, endpoint, outcome.error);
}

/** Sends one claimed delivery and records what came of it. */
async function deliver(deps: WebhookSenderDeps, claimed: Claimed) {
  const { delivery, endpoint } = claimed;
  if (!endpoint.enabled) {
    await deps.db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'The address is turned off; send it again once it is on.' })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const body = JSON.stringify(delivery.payload);
  const secret = decryptSecret(deps.secretKey, endpoint.secretSealed);
  const started = performance.now();
  const outcome = await sendWebhook(endpoint.url, body, signedHeaders(secret, delivery.messageId, body), deps.allowPrivate);
  await record(deps, claimed, outcome, performance.now() - started);
}

/** Sends what is due now; the number of deliveries attempted. */
export async function sendDueWebhooks(deps: WebhookSenderDeps): Promise<number> {
  const batch = await claim(deps.db);
  await Promise.all(
    batch.map((claimed) => deliver(deps, claimed).catch((error: unknown) => deps.log.error('webhook delivery failed to record', { error: safeError(error) }))),
  );
  return batch.length;
}

/** Whether a delivery is due now (one look along the queued deliveries' index). */
export async function webhooksDue(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from ${webhookDeliveries} where status = 'queued' and next_attempt_at <= now()) as due`,
  )) as unknown as { rows: { due: boolean }[] };
  return result.rows[0]?.due === true;
}

/** Every IDLE_MS, sends what is due, batch after batch while batches come full and no stop is asked. */
export function webhookJob(deps: WebhookSenderDeps, everyMs = IDLE_MS): RecurringJob {
  return {
    name: 'webhook',
    everyMs,
    isDue: () => webhooksDue(deps.db),
    async run({ shouldStop }) {
      while (!shouldStop() && (await sendDueWebhooks(deps)) === BATCH_SIZE);
    },
  };
}
