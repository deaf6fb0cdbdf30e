import { useState } from 'react';
import { ApiError, messageOf } from '#src/api/client.ts';
import { ApiTokenCreateSchema, apiTokenLifetimes, apiTokenScopeNames, apiTokenScopes } from '#src/schemas/api-token.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { FormSection } from '#src/admin/kit/FormSection.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { createApiToken } from '#src/admin/stores/api-tokens.ts';
import './api-tokens.css';

/** The form keeps the chosen scopes as one comma-separated value; the schema sees them as a list. */
const toInput = (values: Record<string, string>) => ({
  name: values.name ?? '',
  scopes: (values.scopes ?? '').split(',').filter(Boolean),
  expires_in_days: values.expires_in_days ?? '',
});

const SCOPE_HINTS: Record<(typeof apiTokenScopes)[number], string> = {
  'callbacks:read': 'List callback requests and read one, with its history.',
  'leads:read': 'List quote and renewal requests and read one, with its answers.',
  'status:write': 'Move a callback, quote or renewal along the pipeline, with a note.',
};

/**
 * /admin/api-tokens/create: a name, scopes and a lifetime. The token is shown here once, to copy;
 * it is never shown again.
 */
export function ApiTokenCreate() {
  const [made, setMade] = useState<{ token: string; name: string } | null>(null);
  const form = useForm(ApiTokenCreateSchema, { name: '', scopes: '', expires_in_days: '90' }, { transform: toInput });
  const chosen = new Set((form.values.scopes ?? '').split(',').filter(Boolean));
  const toggle = (scope: string) => {
    const next = new Set(chosen);
    if (next.has(scope)) next.delete(scope);
    else next.add(scope);
    form.setValues({ ...form.values, scopes: apiTokenScopes.filter((s) => next.has(s)).join(',') });
    form.touch('scopes');
  };
  const submit = form.handleSubmit(async (input) => {
    try {
      const result = await createApiToken(input);
      toast(result.message);
      setMade({ token: result.token, name: result.apiToken.name });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  const scopesError = form.touched.scopes ? (form.errors.scopes ?? Object.entries(form.errors).find(([key]) => key.startsWith('scopes.'))?.[1]) : undefined;

  // Once made, the form is gone: the introduction would speak of choices no longer below it.
  const header = (
    <PageHeader
      breadcrumb={[{ label: 'API tokens', href: '/admin/api-tokens' }]}
      // Once made, the page is the new token's, not a form's.
      title={made ? 'Your new API token' : 'Create an API token'}
      description={
        made ? undefined : 'For a system that reads leads or moves them along. It can do only what you choose below, and never more than your own role allows.'
      }
    />
  );

  if (made)
    return (
      <section>
        {header}
        <div className="bo-panel bo-token-once">
          <h2>Copy your token now</h2>
          <p>
            This is the only time the token “{made.name}” is shown. Paste it into the other system’s settings now; if it is lost, revoke it and create another.
          </p>
          <label htmlFor="new-token">Token</label>
          <div className="bo-token-row">
            <input id="new-token" className="ui-input bo-token-value" readOnly value={made.token} onFocus={(event) => event.currentTarget.select()} />
            <button
              type="button"
              className="bo-button"
              onClick={() => {
                void navigator.clipboard.writeText(made.token).then(
                  () => toast('Token copied.'),
                  () => showError('Copying was refused by the browser: select the token and copy it.'),
                );
              }}
            >
              Copy
            </button>
          </div>
          <p className="bo-hint">
            Send it as <code>Authorization: Bearer</code> followed by the token.
          </p>
          <div className="bo-form-actions bo-form-actions-end">
            <a className="bo-button bo-button-primary" href="/admin/api-tokens">
              Done
            </a>
          </div>
        </div>
      </section>
    );

  return (
    <section>
      {header}
      <form className="bo-form" onSubmit={submit} noValidate>
        <FormSection title="The token" description="Its name tells tokens apart in the list and the audit log: the system that uses it, for example.">
          <FormField {...form.field('name')} label="Name" maxLength={100} autoComplete="off" required />
        </FormSection>
        <FormSection title="What it may do" description="Choose only what the other system needs.">
          <fieldset className="bo-token-scopes" aria-describedby={scopesError ? 'scopes-error' : undefined}>
            {/* The section's title says it on screen; the legend names the group for a screen reader. */}
            <legend className="visually-hidden">What it may do</legend>
            {apiTokenScopes.map((scope) => (
              <label key={scope} className="bo-token-scope">
                <input type="checkbox" className="bo-check" name="scopes" value={scope} checked={chosen.has(scope)} onChange={() => toggle(scope)} />
                <span>
                  <strong>{apiTokenScopeNames[scope]}</strong>
                  <span className="bo-hint">{SCOPE_HINTS[scope]}</span>
                </span>
              </label>
            ))}
            {scopesError && (
              <p id="scopes-error" className="ui-field-error" role="alert">
                {scopesError}
              </p>
            )}
          </fieldset>
        </FormSection>
        <FormSection title="Lifetime" description="The token stops working after this; revoking stops it at once.">
          <FormField {...form.field('expires_in_days')} as="select" label="Works for">
            {apiTokenLifetimes.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </FormField>
        </FormSection>
        <div className="bo-form-actions bo-form-actions-end">
          <a className="bo-button" href="/admin/api-tokens">
            Cancel
          </a>
          <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
            {form.submitting ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </form>
    </section>
  );
}
