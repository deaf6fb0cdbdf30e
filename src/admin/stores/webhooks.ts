import { atom, map } from 'nanostores';
import { messageOf } from '#src/api/client.ts';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type {
  WebhookAttemptView,
  WebhookDeliveryStatus,
  WebhookDeliveryView,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointView,
} from '#src/schemas/webhook.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';

export type WebhookListState = Paging & Outcome & { endpoints: WebhookEndpointView[]; isLoading: boolean };

export const $webhookList = map<WebhookListState>({ endpoints: [], ...emptyList(20) });

/** The endpoint on its own screen. */
export const $currentWebhook = atom<WebhookEndpointView | null>(null);

/**
 * Webhook endpoints: the API answers every one at once (a broker keeps a handful), so the list
 * is one page. Adding and rotating answer the signing secret, which is handed to the screen to
 * show once and kept in no store.
 */
export const webhookList = createListDetailStore<WebhookListState, WebhookEndpointView, WebhookEndpointView, WebhookEndpointUpdate>({
  store: $webhookList,
  items: keySlot($webhookList, 'endpoints'),
  loading: keySlot($webhookList, 'isLoading'),
  current: { get: () => $currentWebhook.get(), set: (item) => $currentWebhook.set(item) },
  calls: {
    async list({ page_size }) {
      const result = await unwrap(apiClient.webhooks.$get());
      const total = result.endpoints.length;
      return { message: result.message, items: result.endpoints, page: 0, page_size, total_pages: 1, total_items: total };
    },
    get: async (id) => (await unwrap(apiClient.webhooks.get[':id'].$get({ param: pathParams({ id }) }))).endpoint,
    async update(id, values) {
      const result = await unwrap(apiClient.webhooks.update[':id'].$put({ param: pathParams({ id }), json: values }));
      return { message: result.message, item: result.endpoint };
    },
    remove: async (id) => (await unwrap(apiClient.webhooks.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
});

/** Adds an endpoint; its signing secret is in this answer only. */
export async function createWebhook(values: WebhookEndpointInput): Promise<{ message: string; secret: string; endpoint: WebhookEndpointView }> {
  const result = await unwrap(apiClient.webhooks.create.$post({ json: values }));
  return { message: result.message, secret: result.secret, endpoint: result.endpoint };
}

/** Replaces an endpoint's signing secret; the new one is in this answer only. */
export async function rotateWebhookSecret(id: string): Promise<{ message: string; secret: string }> {
  const result = await unwrap(apiClient.webhooks['rotate-secret'][':id'].$post({ param: pathParams({ id }) }));
  $currentWebhook.set(result.endpoint);
  return { message: result.message, secret: result.secret };
}

export type WebhookDeliveryFilter = { status?: string };

export type WebhookDeliveryListState = Paging &
  Outcome & { deliveries: WebhookDeliveryView[]; filter: WebhookDeliveryFilter; isLoading: boolean; endpointId: string | null };

export const $webhookDeliveries = map<WebhookDeliveryListState>({ deliveries: [], filter: {}, endpointId: null, ...emptyList(20) });

/** One endpoint's delivery log, newest first: the endpoint is `endpointId` of the state, set by its screen before the first load. */
export const webhookDeliveries = createListDetailStore<WebhookDeliveryListState, WebhookDeliveryView, WebhookDeliveryView, never, WebhookDeliveryFilter>({
  store: $webhookDeliveries,
  items: keySlot($webhookDeliveries, 'deliveries'),
  loading: keySlot($webhookDeliveries, 'isLoading'),
  filter: keySlot($webhookDeliveries, 'filter'),
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const id = $webhookDeliveries.get().endpointId;
      if (!id) throw new Error('No webhook endpoint is open.');
      const query = {
        page: String(page),
        page_size: String(page_size),
        ...(filter.status ? { status: filter.status as WebhookDeliveryStatus } : {}),
        ...(cursor ? { cursor } : {}),
      };
      const result = await unwrap(apiClient.webhooks.deliveries[':id'].$get({ param: pathParams({ id }), query }));
      return { ...result, items: result.deliveries };
    },
  },
});

/** Opens an endpoint's delivery log: a fresh first page, no filter carried over from another endpoint. */
export function openDeliveryLog(endpointId: string): void {
  if ($webhookDeliveries.get().endpointId !== endpointId)
    $webhookDeliveries.set({ ...$webhookDeliveries.get(), endpointId, deliveries: [], filter: {}, page: 0 });
}

/** Sends a delivery again as a new entry in the log, then reloads the log; answers the server's message. */
export async function redeliverWebhook(deliveryId: string): Promise<string> {
  const { message } = await unwrap(apiClient.webhooks.redeliver[':id'].$post({ param: pathParams({ id: deliveryId }) }));
  await webhookDeliveries.load(0);
  return message;
}

/** Brings a retrying or failed delivery's next try forward to now; the server refuses one being sent. */
export async function retryWebhookNow(deliveryId: string): Promise<{ message: string; delivery: WebhookDeliveryView }> {
  const { message, delivery } = await unwrap(apiClient.webhooks['retry-now'][':id'].$post({ param: pathParams({ id: deliveryId }) }));
  await webhookDeliveries.load(0);
  return { message, delivery };
}

/** The attempts of the delivery open on the endpoint's screen, newest first; `failed` when they could not be read. */
export type DeliveryAttemptsState = { deliveryId: string | null; attempts: WebhookAttemptView[]; isLoading: boolean; failed: string | null };

export const $deliveryAttempts = map<DeliveryAttemptsState>({ deliveryId: null, attempts: [], isLoading: false, failed: null });

/** Reads every attempt at one delivery; an answer for a delivery no longer open is dropped. */
export async function loadDeliveryAttempts(deliveryId: string): Promise<void> {
  $deliveryAttempts.set({ deliveryId, attempts: [], isLoading: true, failed: null });
  try {
    const { attempts } = await unwrap(apiClient.webhooks.attempts[':id'].$get({ param: pathParams({ id: deliveryId }) }));
    if ($deliveryAttempts.get().deliveryId === deliveryId) $deliveryAttempts.set({ deliveryId, attempts, isLoading: false, failed: null });
  } catch (error) {
    if ($deliveryAttempts.get().deliveryId === deliveryId) $deliveryAttempts.set({ deliveryId, attempts: [], isLoading: false, failed: messageOf(error) });
  }
}
