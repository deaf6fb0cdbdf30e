import { useState } from 'react';
import { toast } from '#src/ui/dialogs.ts';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { createWebhook } from '#src/admin/stores/webhooks.ts';
import { SigningSecret } from './SigningSecret.tsx';
import { WebhookForm } from './WebhookForm.tsx';

/**
 * /admin/webhooks/create: an address, a description and events. The endpoint's signing secret is
 * shown here once, to copy; it is never shown again.
 */
export function WebhookCreate() {
  const [made, setMade] = useState<{ id: string; secret: string } | null>(null);
  return (
    <section>
      <PageHeader
        breadcrumb={[{ label: 'Webhooks', href: '/admin/webhooks' }]}
        title="Create a webhook"
        description="Each event goes to the address as it happens, signed so the other system can tell it came from this site, and is tried again for a day if that system does not reply."
      />
      {made ? (
        <SigningSecret secret={made.secret} title="Copy the signing secret now">
          <div className="bo-form-actions bo-form-actions-end">
            <a className="bo-button" href={`/admin/webhooks/${made.id}`}>
              View the webhook
            </a>
            <a className="bo-button bo-button-primary" href="/admin/webhooks">
              Done
            </a>
          </div>
        </SigningSecret>
      ) : (
        <WebhookForm
          submitLabel="Create webhook"
          busyLabel="Creating…"
          cancelHref="/admin/webhooks"
          onSubmit={async (values) => {
            const result = await createWebhook(values);
            toast(result.message);
            setMade({ id: result.endpoint.id, secret: result.secret });
          }}
        />
      )}
    </section>
  );
}
