import { Plus, Webhook } from 'lucide-static';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpointView } from '#src/schemas/webhook.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';
import { Breakable } from '#src/admin/kit/Breakable.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { webhookList } from '#src/admin/stores/webhooks.ts';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { endpointState, eventLabels, turnedMessage } from './webhook-words.ts';

const view = (endpoint: WebhookEndpointView) => `/admin/webhooks/${endpoint.id}`;

/** On or off from the list, as on the endpoint's screen: a toast, or the refusal in a dialog. */
const turn = async (endpoint: WebhookEndpointView, enabled: boolean) => {
  try {
    await webhookList.update(endpoint.id, { enabled });
    toast(turnedMessage(enabled));
  } catch (error) {
    await showError(messageOf(error));
  }
};

const add = (
  <a className="bo-button bo-button-primary" href="/admin/webhooks/create">
    <Icon svg={Plus} size={16} />
    New webhook
  </a>
);

/** Webhook endpoints as data: name and address, events, on or off (and why it was turned off), last delivery. */
const webhooksList: ListDescriptor<WebhookEndpointView> = {
  title: 'Webhooks',
  description: 'Each webhook tells one of the broker’s other systems of callbacks, requests, status changes and posts as they happen.',
  noun: { one: 'webhook', many: 'webhooks' },
  primary: 'url',
  // The system's name first, as staff know it, and its address under it; the address alone when it has no name.
  secondary: (endpoint) => (endpoint.description ? endpoint.url : undefined),
  columns: [
    // Broken at its slashes and dots, not mid-word, on two lines before it is cut.
    {
      key: 'url',
      label: 'Sends to',
      cell: (endpoint) => endpoint.description || <Breakable text={endpoint.url} />,
      text: (endpoint) => endpoint.description || endpoint.url,
      truncate: 2,
    },
    {
      key: 'events',
      label: 'Events',
      cell: (endpoint) => (
        <span className="bo-webhook-events">
          {endpoint.events.map((event) => (
            <span key={event} className="bo-badge">
              {WEBHOOK_EVENT_LABELS[event]}
            </span>
          ))}
        </span>
      ),
      text: (endpoint) => eventLabels(endpoint.events),
      card: 'text',
    },
    {
      key: 'state',
      label: 'Sending',
      cell: (endpoint) => (
        <>
          <StatusBadge status={endpointState(endpoint)} />
          {endpoint.disabledReason && <span className="bo-cell-secondary">{endpoint.disabledReason}</span>}
        </>
      ),
      width: '11rem',
    },
    {
      key: 'lastDelivery',
      label: 'Last delivery',
      cell: (endpoint) => (endpoint.lastDeliveryAt ? <DateTimeCell at={endpoint.lastDeliveryAt} /> : <span className="bo-muted">Never</span>),
      width: DATE_TIME_COLUMN_WIDTH,
      nowrap: true,
      priority: 2,
    },
  ],
  rowId: (endpoint) => endpoint.id,
  rowName: (endpoint) => `the webhook to ${endpoint.url}`,
  rowHref: view,
  // The same menu as every other list's rows: View, the endpoint's switch, and Delete last.
  rowActions: (endpoint) => [{ label: endpoint.enabled ? 'Turn off' : 'Turn on', onSelect: () => void turn(endpoint, !endpoint.enabled) }],
  remove: { run: (endpoint) => webhookList.remove(endpoint.id) },
  actions: add,
  empty: {
    icon: Webhook,
    title: 'No webhooks yet',
    text: 'A webhook tells another system, such as a broker management system, a CRM or a Slack or Teams channel, of a new callback, request or post the moment it happens. Add the address that system gives you and choose its events.',
    action: add,
  },
};

/** /admin/webhooks: Create and every endpoint, each opening its own screen. */
export function WebhooksList() {
  return <ListScreen source={webhookList} descriptor={webhooksList} />;
}
