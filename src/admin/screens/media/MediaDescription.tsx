import { ApiError, messageOf } from '#src/api/client.ts';
import { MEDIA_LIMITS, MediaUpdateSchema, type MediaDetailView } from '#src/schemas/media.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { mediaList } from '#src/admin/stores/media.ts';

/** What a picture shows (alt text) and its caption: kept with the upload and offered wherever it is chosen. */
export function MediaDescription({ item }: { item: MediaDetailView }) {
  const form = useForm(MediaUpdateSchema, { alt: item.alt, caption: item.caption });
  const submit = form.handleSubmit(async (input) => {
    try {
      await mediaList.update(item._id, input);
      toast('Saved.');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  return (
    <form className="bo-form-fields" onSubmit={submit} noValidate>
      {item.kind === 'image' && (
        <div>
          <FormField {...form.field('alt')} as="textarea" rows={2} label="Alt text" maxLength={MEDIA_LIMITS.alt} aria-describedby="alt-hint" />
          <p id="alt-hint" className="bo-hint">
            What the image shows, for people who cannot see it ("A white van outside a Limerick garage"). Offered wherever the image is chosen.
          </p>
        </div>
      )}
      <FormField {...form.field('caption')} as="textarea" rows={3} label="Caption or note" maxLength={MEDIA_LIMITS.caption} />
      <div className="bo-form-actions bo-form-actions-end">
        <button type="submit" className="bo-button bo-button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
