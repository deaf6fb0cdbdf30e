import { ApiError, messageOf } from '#src/api/client.ts';
import { REDIRECT_PATH_MAX, RedirectInputSchema, type RedirectValues } from '#src/schemas/redirect.ts';
import { showError } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { FormSection } from '#src/admin/kit/FormSection.tsx';

type Props = {
  initial?: { from: string; to: string; status: number };
  submitLabel: string;
  onSubmit(values: RedirectValues): Promise<void>;
};

/** A redirect's old address, new address and kind; the server checks the same schema, then loops, chains and the site's own pages. */
export function RedirectForm({ initial, submitLabel, onSubmit }: Props) {
  const form = useForm(RedirectInputSchema, { from: initial?.from ?? '', to: initial?.to ?? '', status: String(initial?.status ?? 301) });
  const submit = form.handleSubmit(async () => {
    try {
      await onSubmit(form.values as RedirectValues);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 409) && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  return (
    <form className="bo-form" onSubmit={submit} noValidate>
      <FormSection
        title="Addresses"
        description="Both on this site, starting with /. Only an address the site has no page for can be redirected: a page always wins."
      >
        <div>
          <FormField
            {...form.field('from')}
            label="Old address"
            aria-describedby="from-hint"
            maxLength={REDIRECT_PATH_MAX}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <p id="from-hint" className="bo-hint">
            The address people, links or search engines still use, for example /blog/old-post.
          </p>
        </div>
        <div>
          <FormField
            {...form.field('to')}
            label="New address"
            aria-describedby="to-hint"
            maxLength={REDIRECT_PATH_MAX}
            autoComplete="off"
            spellCheck={false}
            required
          />
          <p id="to-hint" className="bo-hint">
            Where visitors should land instead, for example /van-insurance.
          </p>
        </div>
      </FormSection>
      <FormSection
        title="Kind"
        description="Permanent: the page has moved for good, and search engines move its place in results to the new address. Temporary: for a campaign, or while a page is away."
      >
        <FormField {...form.field('status')} as="select" label="Kind of redirect">
          <option value="301">Permanent (301)</option>
          <option value="302">Temporary (302)</option>
        </FormField>
      </FormSection>
      <div className="bo-form-actions bo-form-actions-end">
        <a className="bo-button" href="/admin/redirects">
          Cancel
        </a>
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
