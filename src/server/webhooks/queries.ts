import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { WebhookDeliveryStatus, WebhookEndpointInput, WebhookEndpointUpdate, WebhookEvent } from '#src/schemas/webhook.ts';
import type { WebhookData } from '#src/schemas/webhook-payloads.ts';
import { audit } from '../audit.ts';
import { auditChanges, changesDetail } from '../audit-changes.ts';
import { encryptSecret } from '../auth/crypto.ts';
import type { Db, Tx } from '../db/client.ts';
import { type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';
import { newWebhookSecret } from './signing.ts';
import { postAddress } from '../redirects/served.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

export const NO_SUCH_ENDPOINT = 'There is no such webhook address. It may have been deleted.';
export const NO_SUCH_DELIVERY = 'There is no such webhook delivery. Its address may have been deleted.';

/**
 * The insert that queues `event` for every endpoint that is on and asked for it, once per row
 * of `source`, whose `data` column is the event's data (Standard Webhooks' `type`,
 * `timestamp`, `data` envelope). A statement may run it in a WITH beside the record it tells of.
 */
export function webhookDeliveriesFrom(source: SQL, event: WebhookEvent): SQL {
  return sql`insert into ${webhookDeliveries} (endpoint_id, message_id, event, payload)
    select endpoint.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${event}::text,
      jsonb_build_object('type', ${event}::text, 'timestamp', now(), 'data', source.data)
    from ${source} as source cross join ${webhookEndpoints} as endpoint
    where endpoint.enabled and ${event}::text = any(endpoint.events)`;
}

/**
 * Queues `event` in the caller's transaction: the deliveries exist exactly when the change
 * they tell of was committed. Data carry what the event needs and no more: ids, references,
 * statuses and links, never a customer's details (a receiver reads those with an API token).
 */
export async function queueWebhookEvent<E extends WebhookEvent>(tx: Tx | Db, event: E, ...data: WebhookData[E][]): Promise<void> {
  if (data.length === 0) return;
  // One statement for any number of events (a bulk action's rows): one delivery per event and endpoint.
  await tx.execute(webhookDeliveriesFrom(sql`(select value as data from jsonb_array_elements(${JSON.stringify(data)}::jsonb))`, event));
}

type StatusChange = Omit<WebhookData['status.changed'], 'changedAt'>;

/** Callbacks, quotes or renewals moved to another status, on a record's page or by a bulk action. */
export function queueStatusChanged(tx: Tx, ...changes: StatusChange[]) {
  const changedAt = new Date().toISOString();
  return queueWebhookEvent(tx, 'status.changed', ...changes.map((change) => ({ ...change, changedAt })));
}

/** A post became public: now, or when its scheduled time came. */
export function queuePostPublished(tx: Tx | Db, origin: string, post: { id: string; slug: string; title: string; publishedAt: Date | null }) {
  return queueWebhookEvent(tx, 'post.published', {
    id: post.id,
    title: post.title,
    url: `${origin}${postAddress(post.slug)}`,
    publishedAt: (post.publishedAt ?? new Date()).toISOString(),
  });
}

export async function listEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
}

export async function findEndpoint(db: Db | Tx, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_ENDPOINT);
  return row;
}

/** Makes an endpoint with a new signing secret, which is answered this once. */
export async function createEndpoint(db: Db, actorId: string, key: Buffer, input: WebhookEndpointInput): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url: input.url, description: input.description, events: input.events, secretSealed: encryptSecret(key, secret), createdBy: actorId })
      .returning();
    await audit(tx, actorId, 'webhook endpoint created', `webhook:${row!.id}`, { events: input.events });
    return { row: row!, secret };
  });
}

/** An endpoint's fields in an entry's changes: what its form edits, never its secret. */
const endpointFields = (row: WebhookEndpointRow) => ({ url: row.url, description: row.description, events: row.events, enabled: row.enabled });

/** Changes an endpoint; turning it on clears what turned it off. */
export async function updateEndpoint(db: Db, actorId: string, id: string, change: WebhookEndpointUpdate): Promise<WebhookEndpointRow> {
  return db.transaction(async (tx) => {
    // Held until this change commits: the entry's "before" is what this change replaced.
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!before) throw new HttpError(404, NO_SUCH_ENDPOINT);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...change, ...(change.enabled === true ? { disabledReason: null, consecutiveFailures: 0 } : {}) })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    // The signing secret is never among them: it changes only by rotation, audited without it.
    await audit(tx, actorId, 'webhook endpoint changed', `webhook:${id}`, {
      fields: Object.keys(change),
      ...changesDetail(auditChanges(endpointFields(before), endpointFields(row!))),
    });
    return row!;
  });
}

export async function rotateEndpointSecret(db: Db, actorId: string, key: Buffer, id: string): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    await findEndpoint(tx, id);
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secretSealed: encryptSecret(key, secret) })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await audit(tx, actorId, 'webhook secret rotated', `webhook:${id}`);
    return { row: row!, secret };
  });
}

/** Deletes an endpoint and its delivery log. */
export async function deleteEndpoint(db: Db, actorId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
    if (!gone) throw new HttpError(404, NO_SUCH_ENDPOINT);
    await audit(tx, actorId, 'webhook endpoint deleted', `webhook:${id}`);
  });
}

const DELIVERY_ORDER: KeyPart[] = [
  { expr: webhookDeliveries.createdAt, type: 'timestamptz' },
  { expr: webhookDeliveries.id, type: 'uuid' },
];

/** One page of an endpoint's deliveries, newest first. */
export function listDeliveries(
  db: Db,
  endpointId: string,
  status: WebhookDeliveryStatus | undefined,
  paging: ListRequest,
): Promise<ListPage<WebhookDeliveryRow>> {
  const where = and(eq(webhookDeliveries.endpointId, endpointId), status ? eq(webhookDeliveries.status, status) : undefined);
  return keysetPage(db, {
    table: webhookDeliveries,
    id: webhookDeliveries.id,
    keys: DELIVERY_ORDER,
    where,
    paging,
    select: (query) =>
      db
        .select({ ...getTableColumns(webhookDeliveries), ...keyColumns(DELIVERY_ORDER) })
        .from(webhookDeliveries)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

/** Every attempt at one delivery, newest first (a delivery has at most MAX_ATTEMPTS). */
export async function listAttempts(db: Db, deliveryId: string): Promise<WebhookAttemptRow[]> {
  const [delivery] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) throw new HttpError(404, NO_SUCH_DELIVERY);
  return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(desc(webhookAttempts.attemptedAt));
}

/** Sends a delivery again as a new entry in the log, with the same `webhook-id` and payload. */
export async function redeliver(db: Db, actorId: string, deliveryId: string): Promise<WebhookDeliveryRow> {
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    if (!original) throw new HttpError(404, NO_SUCH_DELIVERY);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: original.endpointId, messageId: original.messageId, event: original.event, payload: original.payload })
      .returning();
    await audit(tx, actorId, 'webhook redelivered', `webhook:${original.endpointId}`, { delivery: deliveryId });
    return row!;
  });
}

export const RETRY_REFUSED = {
  delivered: 'This delivery has already been delivered. Use Send again to send it once more.',
  sending: 'This delivery is being sent right now. Wait a moment and look at its tries.',
  turnedOff: 'This webhook is turned off. Turn it on first, then retry.',
} as const;

/**
 * Brings a retrying or failed delivery's next try forward to now, in place (the same entry in
 * the log, so its tries stay together). One conditional update: it only touches a delivery
 * that is failed, or queued and not claimed by a sender at this moment (a claim stamps
 * `last_attempt_at` after the last recorded try and holds a lease in `next_attempt_at`), so a
 * second click re-schedules the same single delivery and can never send it twice. A failed
 * delivery gets one more try; the sender fails it again if that try fails.
 */
export async function retryDeliveryNow(db: Db, actorId: string, deliveryId: string): Promise<WebhookDeliveryRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'queued', nextAttemptAt: sql`now()` })
      .where(
        sql`${webhookDeliveries.id} = ${deliveryId}
          and (${webhookDeliveries.status} = 'failed' or (${webhookDeliveries.status} = 'queued' and not (
            ${webhookDeliveries.nextAttemptAt} > now() and ${webhookDeliveries.lastAttemptAt} is not null
            and ${webhookDeliveries.lastAttemptAt} > coalesce(
              (select max(${webhookAttempts.attemptedAt}) from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id}),
              '-infinity'::timestamptz))))
          and exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.id} = ${webhookDeliveries.endpointId} and ${webhookEndpoints.enabled})`,
      )
      .returning();
    if (!row) {
      const [found] = await tx
        .select({ status: webhookDeliveries.status, enabled: webhookEndpoints.enabled })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!found) throw new HttpError(404, NO_SUCH_DELIVERY);
      if (found.status === 'delivered') throw new HttpError(409, RETRY_REFUSED.delivered);
      throw new HttpError(409, found.enabled ? RETRY_REFUSED.sending : RETRY_REFUSED.turnedOff);
    }
    await audit(tx, actorId, 'webhook retried now', `webhook:${row.endpointId}`, { delivery: deliveryId });
    return row;
  });
}
