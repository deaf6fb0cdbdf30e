import { useCallback, useEffect, useState } from 'react';
import { PostInputSchema, postStatuses } from '../../../schemas/post.ts';
import { slugify } from '../../../lib/slug.ts';
import { useForm } from '../../../ui/use-form.ts';
import { FormField } from '../../../ui/FormField.tsx';
import { TagInput } from '../../../ui/TagInput.tsx';
import { ApiError, messageOf } from '../../../api/client.ts';
import { showError } from '../../../ui/dialogs.ts';
import { previewMarkdown, type Post, type PostValues } from '../../stores/posts.ts';
import { readySiteBuilder } from '../../stores/site-builder.ts';
import type { ImageView } from '../../../schemas/upload.ts';
import { CoverUpload } from './CoverUpload.tsx';

type Props = { initial?: Post | null; submitLabel: string; onSubmit: (values: PostValues) => Promise<void> };

/** datetime-local works in local time without a zone; the API takes ISO timestamps. */
const toLocalInput = (iso: string | null | undefined) =>
  iso ? new Date(new Date(iso).getTime() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16) : '';
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** Create and edit a post: the same schema as the API, a Markdown preview and a search-result preview. */
export function PostForm({ initial, submitLabel, onSubmit }: Props) {
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [preview, setPreview] = useState<string | null>(null);
  const [cover, setCover] = useState<ImageView | null>(initial?.cover ?? null);
  // A save of a published post rebuilds the site: the builder gets ready while the post is written.
  useEffect(readySiteBuilder, []);
  const withExtras = useCallback((values: Record<string, string>) => ({ ...values, tags, publishedAt: fromLocalInput(values.publishedAt ?? '') }), [tags]);
  const form = useForm(
    PostInputSchema,
    {
      title: initial?.title ?? '',
      slug: initial?.slug ?? '',
      excerpt: initial?.excerpt ?? '',
      body: initial?.body ?? '',
      status: initial?.status ?? 'draft',
      publishedAt: toLocalInput(initial?.publishedAt),
      coverImage: initial?.coverImage ?? '',
      coverAlt: initial?.coverAlt ?? '',
      seoTitle: initial?.seoTitle && initial.seoTitle !== initial.title ? initial.seoTitle : '',
      seoDescription: initial?.seoDescription && initial.seoDescription !== initial.excerpt ? initial.seoDescription : '',
    },
    { transform: withExtras },
  );
  const values = form.values;
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSubmit(input);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) form.setServerErrors(error.errors);
      await showError(messageOf(error));
    }
  });
  const togglePreview = async () => {
    if (preview !== null) return setPreview(null);
    try {
      setPreview(await previewMarkdown(values.body ?? ''));
    } catch (error) {
      await showError(messageOf(error));
    }
  };
  const slugShown = values.slug || slugify(values.title ?? '') || 'your-post';

  return (
    <form className="admin-form admin-form-wide" onSubmit={submit} noValidate>
      <FormField {...form.field('title')} label="Title" required />
      <FormField {...form.field('slug')} label="Slug (web address)" placeholder={slugify(values.title ?? '')} aria-describedby="slug-hint" />
      <p id="slug-hint" className="admin-hint">
        Made from the title when left empty: /blog/{slugShown}
      </p>
      <FormField {...form.field('excerpt')} as="textarea" label="Excerpt" rows={2} />
      <FormField {...form.field('body')} as="textarea" label="Body (Markdown)" rows={14} required />
      <div className="admin-actions">
        <button type="button" className="admin-button secondary" aria-pressed={preview !== null} onClick={togglePreview}>
          {preview === null ? 'Preview' : 'Hide preview'}
        </button>
      </div>
      {preview !== null && (
        <section className="admin-preview" aria-label="Preview">
          {/* Sanitised by the server with the same rules as the published page. */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
      <TagInput id="tags" label="Tags" value={tags} onChange={setTags} hint="Press comma, Tab or Enter after each tag." />
      <FormField {...form.field('status')} as="select" label="Status">
        {postStatuses.map((status) => (
          <option key={status} value={status}>
            {status[0]!.toUpperCase() + status.slice(1)}
          </option>
        ))}
      </FormField>
      <FormField {...form.field('publishedAt')} type="datetime-local" label="Publish date" />
      <CoverUpload
        current={cover}
        error={form.touched.coverImage ? form.errors.coverImage : undefined}
        onUploaded={(image) => {
          setCover(image);
          form.setValues((current) => ({ ...current, coverImage: image._id }));
        }}
        onRemove={() => {
          setCover(null);
          form.setValues((current) => ({ ...current, coverImage: '' }));
        }}
      />
      <FormField {...form.field('coverAlt')} label="Cover image description (alt text)" required={Boolean(cover)} />
      <FormField {...form.field('seoTitle')} label="Search title (optional)" />
      <FormField {...form.field('seoDescription')} as="textarea" rows={2} label="Search description (optional)" />
      <section className="admin-serp" aria-label="Search result preview">
        <p className="admin-serp-title">{values.seoTitle || values.title || 'Post title'}</p>
        <p className="admin-serp-url">/blog/{slugShown}</p>
        <p className="admin-serp-text">{values.seoDescription || values.excerpt || 'The excerpt shows here.'}</p>
      </section>
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
