import type { WebhookEndpointView, WebhookEvent } from '#src/schemas/webhook.ts';
import { WEBHOOK_EVENT_LABELS } from '#src/schemas/webhook.ts';
import { recordHref } from '#src/admin/record-links.ts';
import { statusLabel } from '#src/admin/kit/StatusBadge.tsx';

/** An endpoint's events as staff read them, in the form's order. */
export const eventLabels = (events: readonly WebhookEvent[]): string => events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ');

/** On or off, as the badge says it ('on' and 'off' are the words the switch uses too). */
export const endpointState = (endpoint: WebhookEndpointView): 'on' | 'off' => (endpoint.enabled ? 'on' : 'off');

/** The toast after turning an endpoint on or off, from its list or its own screen. */
export const turnedMessage = (enabled: boolean): string => (enabled ? 'Webhook turned on.' : 'Webhook turned off.');

/** A payload's kind of record as the back-office's record links know it (src/admin/record-links.ts). */
const RECORD_KINDS = { callback: ['contact', null], quote: ['lead', 'quote'], renewal: ['lead', 'renewal'], post: ['post', null] } as const;
const EVENT_RECORDS: Record<WebhookEvent, keyof typeof RECORD_KINDS | null> = {
  'callback.received': 'callback',
  'quote.received': 'quote',
  'renewal.received': 'renewal',
  'status.changed': null,
  'post.published': 'post',
};

/** Each kind as the Mail list's About names it ("Quote: VQ-2026-000005"). */
const KIND_LABELS: Record<keyof typeof RECORD_KINDS, string> = { callback: 'Callback', quote: 'Quote', renewal: 'Renewal', post: 'Post' };

/**
 * The record a delivery was about, named as the Mail list's About names one ("Quote:
 * VQ-2026-000123", "Post: CVRT explained", "Callback: Van insurance") and linked, from its
 * payload (the shapes of src/schemas/webhook-payloads.ts). A callback's status change carries no
 * subject: it is named by the change ("Callback: New to Contacted"), so its rows say more than
 * the kind. Null for a payload that names none.
 */
export function deliveryRecord(event: WebhookEvent, payload: unknown): { text: string; href: string } | null {
  const data = (payload as { data?: Record<string, unknown> } | null)?.data;
  if (!data || typeof data.id !== 'string') return null;
  const kind =
    EVENT_RECORDS[event] ?? (typeof data.record === 'string' && Object.hasOwn(RECORD_KINDS, data.record) ? (data.record as keyof typeof RECORD_KINDS) : null);
  if (!kind) return null;
  const change = typeof data.from === 'string' && typeof data.to === 'string' ? `${statusLabel(data.from)} to ${statusLabel(data.to)}` : undefined;
  const name = [data.reference, data.title, data.subject, change].find((value): value is string => typeof value === 'string' && value !== '');
  const [recordKind, leadKind] = RECORD_KINDS[kind];
  return { text: name ? `${KIND_LABELS[kind]}: ${name}` : KIND_LABELS[kind], href: recordHref(recordKind, data.id, leadKind) ?? '' };
}
