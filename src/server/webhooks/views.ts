import type { WebhookAttemptView, WebhookDeliveryView, WebhookEndpointView } from '#src/schemas/webhook.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './queries.ts';

/** An endpoint as the API answers it: never its secret. */
export function toWebhookEndpointView(row: WebhookEndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWebhookDeliveryView(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    lastError: row.lastError,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
  };
}

export function toWebhookAttemptView(row: WebhookAttemptRow): WebhookAttemptView {
  return {
    id: row.id,
    attemptedAt: row.attemptedAt.toISOString(),
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
  };
}
