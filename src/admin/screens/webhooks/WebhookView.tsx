import { toastOutcome } from '#src/admin/toast-outcome.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { KeyRound, Power, PowerOff, RotateCw, Send } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { WEBHOOK_EVENT_LABELS, type WebhookAttemptView, type WebhookDeliveryView, webhookDeliveryStatuses, webhookEvents } from '#src/schemas/webhook.ts';
import { confirmChoice, showError, toast } from '#src/ui/dialogs.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { deleteRecord } from '#src/admin/delete-flow.ts';
import { formatDateTime } from '#src/admin/format.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';
import { Fields } from '#src/admin/kit/Fields.tsx';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { CollapsiblePanel } from '#src/admin/kit/CollapsiblePanel.tsx';
import { StatusBadge, statusLabel } from '#src/admin/kit/StatusBadge.tsx';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { go } from '#src/admin/stores/router.ts';
import {
  $currentWebhook,
  $deliveryAttempts,
  loadDeliveryAttempts,
  openDeliveryLog,
  redeliverWebhook,
  retryWebhookNow,
  rotateWebhookSecret,
  webhookDeliveries,
  webhookList,
} from '#src/admin/stores/webhooks.ts';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { SigningSecret } from './SigningSecret.tsx';
import { deliveryRecord, endpointState, turnedMessage } from './webhook-words.ts';
import { WebhookForm } from './WebhookForm.tsx';
import './webhooks.css';

async function redeliver(delivery: WebhookDeliveryView) {
  await toastOutcome(redeliverWebhook(delivery.id));
}

/** A delivery's payload or answer as the receiver saw it: JSON laid out, other text as it came. */
function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** The record a delivery was about, from its payload: null for one that names none. */
const aboutOf = (delivery: WebhookDeliveryView) => deliveryRecord(delivery.event, delivery.payload);

/** A queued delivery that has already failed is retrying: said apart from one not yet tried. */
const deliveryState = (delivery: WebhookDeliveryView) => (delivery.status === 'queued' && delivery.attempts > 0 ? 'retrying' : delivery.status);

/** Retrying or failed: its next try can be brought forward to now (in place, as the same entry). */
const canRetryNow = (delivery: WebhookDeliveryView) => ['retrying', 'failed'].includes(deliveryState(delivery));

/** Tries a retrying or failed delivery now; the fresh delivery, or null when the server refused. */
async function retryNow(delivery: WebhookDeliveryView): Promise<WebhookDeliveryView | null> {
  try {
    const { message, delivery: fresh } = await retryWebhookNow(delivery.id);
    toast(message);
    return fresh;
  } catch (error) {
    await showError(messageOf(error));
    return null;
  }
}

/** The delivery log: event, status, the record it was about, attempts, the answer's status and when; a row's event opens its payload and answer. */
function deliveriesList(
  onOpen: (delivery: WebhookDeliveryView) => void,
  onRetried: (delivery: WebhookDeliveryView) => void,
  header: Pick<ListDescriptor<WebhookDeliveryView>, 'title' | 'breadcrumb' | 'description' | 'actions'>,
): ListDescriptor<WebhookDeliveryView> {
  return {
    ...header,
    noun: { one: 'delivery', many: 'deliveries' },
    primary: 'event',
    columns: [
      {
        key: 'event',
        label: 'Event',
        cell: (delivery) => (
          <button type="button" className="bo-button bo-button-link" onClick={() => onOpen(delivery)}>
            {WEBHOOK_EVENT_LABELS[delivery.event]}
          </button>
        ),
        // As wide as the longest event's name ("Quote request received"): About takes the rest.
        width: '13rem',
      },
      { key: 'status', label: 'Status', cell: (delivery) => <StatusBadge status={deliveryState(delivery)} />, width: '7rem', card: 'badge' },
      // Which record the event was about, one click away, as the Mail list's About column.
      {
        key: 'about',
        label: 'About',
        cell: (delivery) => {
          const record = aboutOf(delivery);
          if (!record) return <NoValue label="No record" />;
          return record.href ? <a href={record.href}>{record.text}</a> : record.text;
        },
        text: (delivery) => aboutOf(delivery)?.text ?? '',
        empty: (delivery) => !aboutOf(delivery),
        truncate: 2,
        priority: 3,
        card: 'text',
      },
      // The endpoint's answer and how many tries it took, in one column that reads the same on a
      // phone's card ("503 · 2 tries") as at a desk: two bare numbers each took a labelled line there.
      {
        key: 'answer',
        label: 'Reply',
        cell: (delivery) => (
          <>
            {delivery.responseStatus === null ? <span className="bo-muted">No reply</span> : String(delivery.responseStatus)}
            {` · ${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`}
          </>
        ),
        width: '9rem',
        nowrap: true,
        card: 'meta',
        priority: 2,
      },
      {
        key: 'when',
        label: 'Created',
        cell: (delivery) => <DateTimeCell at={delivery.createdAt} />,
        width: DATE_TIME_COLUMN_WIDTH,
        nowrap: true,
        card: 'meta',
      },
    ],
    rowId: (delivery) => delivery.id,
    rowName: (delivery) => `the ${WEBHOOK_EVENT_LABELS[delivery.event].toLowerCase()} delivery of ${formatDateTime(delivery.createdAt)}`,
    // As every list's menu: the way to the delivery first (as its event's name opens it), then, for
    // a failed one alone, Retry now: tried again at once, as the same entry.
    rowActions: (delivery) => [
      { label: 'View', onSelect: () => onOpen(delivery) },
      ...(delivery.status === 'failed'
        ? [
            {
              label: 'Retry now',
              onSelect: () =>
                void retryNow(delivery).then((fresh) => {
                  if (fresh) onRetried(fresh);
                }),
            },
          ]
        : []),
    ],
    filters: [
      {
        key: 'status',
        label: 'Status',
        kind: 'select',
        any: 'Any status',
        options: webhookDeliveryStatuses.map((status) => ({ value: status, label: statusLabel(status) })),
      },
    ],
    empty: {
      icon: Send,
      title: 'No deliveries yet',
      text: 'Each event this webhook sends shows here, newest first, with the other system’s reply.',
    },
  };
}

/** What one attempt came to, in a few words: "Replied 503 in 120 ms", "Connection refused after 3 ms". */
function attemptOutcome(attempt: WebhookAttemptView): string {
  const took = `${attempt.durationMs.toLocaleString('en-IE')} ms`;
  if (attempt.error === null) return `Replied ${attempt.responseStatus} in ${took}`;
  // The server words a bad reply "Replied 503." too: one verb, with the time as a good reply has it.
  const error = attempt.error.replace(/\.$/, '');
  return error.startsWith('Replied ') ? error.replace(/^(Replied \d+)/, `$1 in ${took}`) : `${error} (after ${took})`;
}

/** Every attempt at the open delivery, newest first, each with the start of its answer. */
function AttemptList({ delivery }: { delivery: WebhookDeliveryView }) {
  const state = useStore($deliveryAttempts);
  useEffect(() => {
    void loadDeliveryAttempts(delivery.id);
  }, [delivery.id]);
  if (state.failed) return <p role="alert">{state.failed}</p>;
  if (state.isLoading && state.attempts.length === 0) return <Spinner label="Loading the tries" />;
  if (state.attempts.length === 0) return <p className="bo-muted">Not tried yet: it is sent within a few seconds.</p>;
  return (
    <ol className="bo-webhook-attempts" aria-label="Tries, newest first">
      {state.attempts.map((attempt) => (
        <li key={attempt.id}>
          <span className="bo-webhook-attempt-line">
            <StatusBadge status={attempt.error === null ? 'delivered' : 'failed'} />
            <span>{attemptOutcome(attempt)}</span>
            <span className="bo-muted">{formatDateTime(attempt.attemptedAt)}</span>
          </span>
          {attempt.responseBody ? (
            <details className="bo-fold">
              <summary>Their reply</summary>
              <pre className="bo-webhook-code">{attempt.responseBody}</pre>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * One delivery in full, laid out as every record's panel is: a header with what it was (the
 * event), its status badge and when, and its action (Retry now while retrying or failed, Send
 * again once delivered); under it the facts in a
 * definition list, every try with the reply, and the message id and JSON folded for whoever
 * looks after the receiving system.
 */
function DeliveryPanel({ delivery, onClose, onRetried }: { delivery: WebhookDeliveryView; onClose(): void; onRetried(delivery: WebhookDeliveryView): void }) {
  const panel = useRef<HTMLElement>(null);
  const [retrying, setRetrying] = useState(false);
  const titleId = useId();
  const record = deliveryRecord(delivery.event, delivery.payload);
  const label = WEBHOOK_EVENT_LABELS[delivery.event];
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves focus to the panel each time another delivery is opened
  useEffect(() => {
    panel.current?.focus();
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [delivery.id]);
  return (
    <section ref={panel} id="webhook-delivery" tabIndex={-1} className="bo-panel bo-webhook-delivery" aria-labelledby={titleId}>
      <header className="bo-panel-header bo-webhook-delivery-header">
        <div className="bo-webhook-delivery-heading">
          <h2 id={titleId}>{label}</h2>
          <p className="bo-webhook-delivery-meta">
            <StatusBadge status={deliveryState(delivery)} />
            <span>{formatDateTime(delivery.createdAt)}</span>
          </p>
        </div>
        <span className="bo-webhook-delivery-actions">
          {/* Retrying or failed: its next try brought forward to now. Disabled while asking, though the server refuses a second send anyway. */}
          {canRetryNow(delivery) && (
            <button
              type="button"
              className="bo-button bo-button-primary"
              disabled={retrying}
              onClick={() => {
                setRetrying(true);
                void retryNow(delivery).then((fresh) => {
                  setRetrying(false);
                  if (fresh) onRetried(fresh);
                });
              }}
            >
              <Icon svg={RotateCw} size={16} />
              Retry now
            </button>
          )}
          {/* Delivered: sent again as a new entry, for a receiver that lost one it took. */}
          {delivery.status === 'delivered' && (
            <button type="button" className="bo-button" onClick={() => void redeliver(delivery)}>
              <Icon svg={Send} size={16} />
              Send again
            </button>
          )}
          <button type="button" className="bo-button bo-button-quiet" onClick={onClose}>
            Close
          </button>
        </span>
      </header>
      <div className="bo-panel-body">
        <Fields
          rows={[
            { label: 'Event', value: <code>{delivery.event}</code> },
            { label: 'About', value: record ? <a href={record.href}>{record.text}</a> : <NoValue label="No record" /> },
            { label: 'Reply code', value: delivery.responseStatus === null ? <NoValue label="None" /> : String(delivery.responseStatus) },
            { label: 'Tries', value: String(delivery.attempts) },
            ...(delivery.nextAttemptAt && delivery.status === 'queued' ? [{ label: 'Next try', value: formatDateTime(delivery.nextAttemptAt) }] : []),
            ...(delivery.lastError ? [{ label: 'Error', value: delivery.lastError }] : []),
          ]}
        />
        <h3 className="bo-webhook-heading">Each try, newest first</h3>
        <AttemptList delivery={delivery} />
        {/* The message id and JSON are for whoever looks after the receiving system: folded, as a mail's headers are. */}
        <details className="bo-details">
          <summary>Technical details</summary>
          <Fields rows={[{ label: 'Message id', value: <code>{delivery.messageId}</code> }]} />
          <h3 className="bo-webhook-heading">What was sent</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a phone, so it takes focus for a keyboard to scroll it (axe scrollable-region-focusable) */}
          <pre className="bo-webhook-code bo-webhook-json" tabIndex={0}>
            {shown(delivery.payload)}
          </pre>
        </details>
      </div>
    </section>
  );
}

/**
 * /admin/webhooks/{id} (the mail sent when an endpoint is turned off links here): change the
 * endpoint, turn it off or on, replace its secret, delete it, and its delivery log.
 */
export function WebhookView({ id }: { id: string }) {
  const endpoint = useStore($currentWebhook);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<WebhookDeliveryView | null>(null);
  const [busy, setBusy] = useState(false);
  // The log is what this screen is most often opened for (the turned-off mail links here): the form waits folded.
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    webhookList.select(null);
    openDeliveryLog(id);
    setSecret(null);
    setOpen(null);
    webhookList.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/webhooks');
    });
  }, [id]);

  if (!endpoint || endpoint.id !== id) return <Spinner label="Loading the webhook" />;

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const turn = (enabled: boolean) =>
    act(async () => {
      await webhookList.update(id, { enabled });
      toast(turnedMessage(enabled));
    });
  const rotate = async () => {
    if (
      !(await confirmChoice(
        'Replace the signing secret?',
        'Deliveries are signed with the new secret from now on: the other system refuses them until it has the new one.',
        'Replace secret',
      ))
    )
      return;
    await act(async () => {
      const result = await rotateWebhookSecret(id);
      toast(result.message);
      setSecret(result.secret);
    });
  };
  const remove = async () => {
    if (await deleteRecord(() => webhookList.remove(id))) go('/admin/webhooks');
  };

  // A retried delivery shows its fresh state (due now) if it is the one open.
  const retried = (fresh: WebhookDeliveryView) => setOpen((current) => (current?.id === fresh.id ? fresh : current));
  const descriptor = deliveriesList(setOpen, retried, {
    // Named as staff named it; the address under the name (or the title, when it has none).
    title: endpoint.description || endpoint.url,
    breadcrumb: [{ label: 'Webhooks', href: '/admin/webhooks' }],
    description: endpoint.description ? endpoint.url : undefined,
    actions: (
      <>
        {/* Delete behind "More actions", as on every record: not beside the working buttons. */}
        <RecordMenu onDelete={() => void remove()} />
        <button type="button" className="bo-button" onClick={() => void rotate()} disabled={busy}>
          <Icon svg={KeyRound} size={16} />
          Replace secret
        </button>
        <button type="button" className="bo-button" onClick={() => void turn(!endpoint.enabled)} disabled={busy}>
          <Icon svg={endpoint.enabled ? PowerOff : Power} size={16} />
          {endpoint.enabled ? 'Turn off' : 'Turn on'}
        </button>
      </>
    ),
  });

  return (
    <div className="bo-webhook-screen">
      <ListScreen source={webhookDeliveries} descriptor={descriptor}>
        <div className="bo-webhook-top">
          <p className="bo-webhook-state">
            <StatusBadge status={endpointState(endpoint)} />{' '}
            {endpoint.enabled
              ? endpoint.lastDeliveryAt
                ? `Last delivery ${formatDateTime(endpoint.lastDeliveryAt)}.`
                : 'Nothing delivered yet.'
              : (endpoint.disabledReason ?? 'Turned off by an Administrator: events are not sent until it is turned on.')}
          </p>
          {secret && <SigningSecret secret={secret} title="Copy the new signing secret now" />}
          <CollapsiblePanel
            title="Address and events"
            meta={`${endpoint.events.length} of ${webhookEvents.length} events`}
            open={editing}
            onToggle={() => setEditing(!editing)}
          >
            <WebhookForm
              key={`${endpoint.url} ${endpoint.description} ${endpoint.events.join()}`}
              initial={endpoint}
              submitLabel="Save changes"
              busyLabel="Saving…"
              onSubmit={async (values) => {
                const { message } = await webhookList.update(id, values);
                toast(message);
              }}
            />
          </CollapsiblePanel>
          {open && <DeliveryPanel delivery={open} onClose={() => setOpen(null)} onRetried={retried} />}
          <h2 className="bo-webhook-log-title">Delivery log</h2>
        </div>
      </ListScreen>
    </div>
  );
}
