import * as v from 'valibot';
import { noControlCharacter } from './fields.ts';
import { ListPagingSchema } from './paging.ts';

/**
 * Webhooks: HTTPS endpoints of the broker's other systems (a broker management system, a CRM,
 * Slack or Teams through their connectors) told of events as they happen, signed as the
 * Standard Webhooks specification describes (docs/how-to/receive-webhooks.md). Administrators keep
 * them on the Webhooks screen.
 */

export const webhookEvents = ['callback.received', 'quote.received', 'renewal.received', 'status.changed', 'post.published'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

/** Each event's name on screens, in the order the form lists them. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'callback.received': 'Callback received',
  'quote.received': 'Quote request received',
  'renewal.received': 'Renewal request received',
  'status.changed': 'Status changed',
  'post.published': 'Post published',
};

export const webhookDeliveryStatuses = ['queued', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** Longer than any real endpoint address; a receiver's own limit is far below it. */
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_MESSAGES = {
  url: 'Enter the receiving address, starting with https:// (for example https://crm.example.ie/hooks/broker).',
  notHttps: 'Webhooks are sent over HTTPS only: enter an address starting with https://.',
  credentials: 'Leave the user name and password out of the address; the signature proves the sender.',
  events: 'Choose at least one event to send.',
  description: `Keep the name to ${WEBHOOK_DESCRIPTION_MAX} characters.`,
} as const;

/**
 * The address as a URL, or null where it is none: a pipe runs every check after a failed one,
 * so these must not throw on what `v.url` has already refused (an empty field, "crm").
 */
const parsed = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** The endpoint's address: https (http too where private addresses are allowed, for development), no credentials in it. */
export const webhookUrl = (allowPlainHttp: boolean) =>
  v.pipe(
    v.string(WEBHOOK_MESSAGES.url),
    v.trim(),
    v.nonEmpty(WEBHOOK_MESSAGES.url),
    v.maxLength(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.url),
    v.url(WEBHOOK_MESSAGES.url),
    v.check((value) => {
      const protocol = parsed(value)?.protocol;
      return protocol === undefined || protocol === 'https:' || (allowPlainHttp && protocol === 'http:');
    }, WEBHOOK_MESSAGES.notHttps),
    v.check((value) => {
      const url = parsed(value);
      return url === null || (url.username === '' && url.password === '');
    }, WEBHOOK_MESSAGES.credentials),
  );

const events = v.pipe(
  v.array(v.picklist(webhookEvents, WEBHOOK_MESSAGES.events), WEBHOOK_MESSAGES.events),
  v.minLength(1, WEBHOOK_MESSAGES.events),
  v.transform((list) => webhookEvents.filter((event) => list.includes(event))),
);

const description = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(WEBHOOK_DESCRIPTION_MAX, WEBHOOK_MESSAGES.description), noControlCharacter), '');

/** The form's schema; the server builds it with its own setting for plain HTTP. */
export const webhookEndpointInput = (allowPlainHttp = false) => v.object({ url: webhookUrl(allowPlainHttp), description, events });
export const WebhookEndpointInputSchema = webhookEndpointInput();
export type WebhookEndpointInput = v.InferOutput<typeof WebhookEndpointInputSchema>;

export const webhookEndpointUpdate = (allowPlainHttp = false) =>
  v.partial(v.object({ url: webhookUrl(allowPlainHttp), description, events, enabled: v.boolean() }));
export const WebhookEndpointUpdateSchema = webhookEndpointUpdate();
export type WebhookEndpointUpdate = v.InferOutput<typeof WebhookEndpointUpdateSchema>;

export const WebhookDeliveryListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  status: v.optional(v.picklist(webhookDeliveryStatuses)),
});
export type WebhookDeliveryListQuery = v.InferOutput<typeof WebhookDeliveryListQuerySchema>;

export const WebhookEndpointViewSchema = v.object({
  id: v.string(),
  url: v.string(),
  description: v.string(),
  events: v.array(v.picklist(webhookEvents)),
  enabled: v.boolean(),
  /** Why it was turned off by the sender (it kept failing), or null. */
  disabledReason: v.nullable(v.string()),
  consecutiveFailures: v.number(),
  lastDeliveryAt: v.nullable(v.string()),
  createdAt: v.string(),
});
export type WebhookEndpointView = v.InferOutput<typeof WebhookEndpointViewSchema>;

export const WebhookDeliveryViewSchema = v.object({
  id: v.string(),
  endpointId: v.string(),
  /** The `webhook-id` header: the same on a redelivery, so a receiver can drop a duplicate. */
  messageId: v.string(),
  event: v.picklist(webhookEvents),
  status: v.picklist(webhookDeliveryStatuses),
  attempts: v.number(),
  responseStatus: v.nullable(v.number()),
  responseBody: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
  payload: v.unknown(),
  createdAt: v.string(),
  lastAttemptAt: v.nullable(v.string()),
  nextAttemptAt: v.nullable(v.string()),
});
export type WebhookDeliveryView = v.InferOutput<typeof WebhookDeliveryViewSchema>;

/** One attempt at a delivery: when, what the receiver answered, or why nothing came back. */
export const WebhookAttemptViewSchema = v.object({
  id: v.string(),
  attemptedAt: v.string(),
  responseStatus: v.nullable(v.number()),
  responseBody: v.nullable(v.string()),
  error: v.nullable(v.string()),
  durationMs: v.number(),
});
export type WebhookAttemptView = v.InferOutput<typeof WebhookAttemptViewSchema>;
