import * as v from 'valibot';
import { contactStatuses } from './contact-statuses.ts';
import { leadStatuses, quoteKinds } from './leads/kinds.ts';
import type { WebhookEvent } from './webhook.ts';

/**
 * What each webhook event carries in `data`: ids, references, statuses and links, never a
 * customer's name, email or phone (a receiver reads those with an API token). The server
 * builds its payloads to these types, the OpenAPI document publishes them with the examples
 * below (`webhooks`), and the tests check what a receiver really gets against them.
 */

const id = v.pipe(v.string(), v.uuid(), v.description('The record’s id, as the API names it'));
const moment = (what: string) => v.pipe(v.string(), v.isoTimestamp(), v.description(what));
const link = v.pipe(v.string(), v.url(), v.description('The record’s page in the back-office (staff sign in to open it)'));

const leadReceived = <K extends v.GenericSchema<string>>(kind: K) =>
  v.object({
    id,
    kind,
    reference: v.pipe(v.string(), v.description('The reference the customer was given')),
    product: v.pipe(v.string(), v.description('The form’s title')),
    receivedAt: moment('When the request was stored'),
    link,
  });
const statuses = v.picklist([...new Set([...contactStatuses, ...leadStatuses])]);

export const WEBHOOK_DATA_SCHEMAS = {
  'callback.received': v.object({
    id,
    subject: v.pipe(v.string(), v.description('The cover the visitor asked about, as they chose it')),
    receivedAt: moment('When the request was stored'),
    link,
  }),
  'quote.received': leadReceived(v.picklist(quoteKinds)),
  'renewal.received': leadReceived(v.literal('renewal')),
  'status.changed': v.object({
    record: v.picklist(['callback', 'quote', 'renewal']),
    id,
    reference: v.pipe(v.nullable(v.string()), v.description('A quote’s or renewal’s reference; null for a callback')),
    from: statuses,
    to: statuses,
    changedAt: moment('When staff moved it'),
  }),
  'post.published': v.object({
    id,
    title: v.string(),
    url: v.pipe(v.string(), v.url(), v.description('The post’s public address')),
    publishedAt: moment('When it went, or goes, public'),
  }),
} satisfies Record<WebhookEvent, v.GenericSchema>;

export type WebhookData = { [E in WebhookEvent]: v.InferOutput<(typeof WEBHOOK_DATA_SCHEMAS)[E]> };

/** The whole body of a delivery: Standard Webhooks' `type`, `timestamp` and `data`. */
export const webhookMessageSchema = <E extends WebhookEvent>(event: E) =>
  v.object({
    type: v.literal(event),
    timestamp: moment('When the event was queued'),
    data: WEBHOOK_DATA_SCHEMAS[event],
  });

const at = '2026-11-27T10:42:17.000Z';
const origin = 'https://www.example.ie';

/** One delivery of each event as a receiver gets it, for the API reference. */
export const WEBHOOK_EXAMPLES: { [E in WebhookEvent]: { type: E; timestamp: string; data: WebhookData[E] } } = {
  'callback.received': {
    type: 'callback.received',
    timestamp: at,
    data: {
      id: '0b7d4a52-3c1e-4f7a-9d0e-5a8b2c6f1e93',
      subject: 'Van insurance',
      receivedAt: at,
      link: `${origin}/admin/contacts/view/0b7d4a52-3c1e-4f7a-9d0e-5a8b2c6f1e93`,
    },
  },
  'quote.received': {
    type: 'quote.received',
    timestamp: at,
    data: {
      id: '6f2c9e14-8a3b-4d5c-b7e1-0f9a2d4c6b81',
      kind: 'van',
      reference: 'VQ-2026-000123',
      product: 'Van insurance quote',
      receivedAt: at,
      link: `${origin}/admin/quotes/view/6f2c9e14-8a3b-4d5c-b7e1-0f9a2d4c6b81`,
    },
  },
  'renewal.received': {
    type: 'renewal.received',
    timestamp: at,
    data: {
      id: '3a8e5d27-1b4c-4e6f-8a9d-2c7b0e5f4a16',
      kind: 'renewal',
      reference: 'RN-2026-000045',
      product: 'Policy renewal',
      receivedAt: at,
      link: `${origin}/admin/renewals/view/3a8e5d27-1b4c-4e6f-8a9d-2c7b0e5f4a16`,
    },
  },
  'status.changed': {
    type: 'status.changed',
    timestamp: at,
    data: { record: 'quote', id: '6f2c9e14-8a3b-4d5c-b7e1-0f9a2d4c6b81', reference: 'VQ-2026-000123', from: 'new', to: 'quoted', changedAt: at },
  },
  'post.published': {
    type: 'post.published',
    timestamp: at,
    data: { id: '9c1f3e68-5d2a-4b7c-a0e4-8f6d1b3c5a72', title: 'CVRT explained', url: `${origin}/blog/cvrt-explained`, publishedAt: at },
  },
};
