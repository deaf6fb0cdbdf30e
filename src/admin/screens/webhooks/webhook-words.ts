import type { WebhookEndpointView, WebhookEvent } from '#src/schemas/webhook.ts';
import { WEBHOOK_EVENT_LABELS } from '#src/schemas/webhook.ts';

/** An endpoint's events as staff read them, in the form's order. */
export const eventLabels = (events: readonly WebhookEvent[]): string => events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ');

/** On or off, as the badge says it ('on' and 'off' are the words the switch uses too). */
export const endpointState = (endpoint: WebhookEndpointView): 'on' | 'off' => (endpoint.enabled ? 'on' : 'off');
