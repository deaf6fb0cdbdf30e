import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { fitsHint, SEARCH_DESCRIPTION_FITS, SEARCH_TITLE_FITS } from '#src/schemas/search-listing.ts';
import { useStore } from '@nanostores/react';
import { PostInputSchema, type PostView } from '#src/schemas/post.ts';
import type { ImageView } from '#src/schemas/upload.ts';
import { slugify } from '#src/lib/slugify.ts';
import { readingMinutes } from '#src/lib/blog.ts';
import { useForm } from '#src/ui/use-form.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { TagInput } from '#src/ui/TagInput.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { ApiError, messageOf } from '#src/api/client.ts';
import { confirmChoice, showError } from '#src/ui/dialogs.ts';
import { Settings } from 'lucide-static';
import { CollapsiblePanel } from '#src/admin/kit/CollapsiblePanel.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { $login } from '#src/admin/stores/session.ts';
import { previewMarkdown, type Post, type PostValues } from '#src/admin/stores/posts.ts';
import { readySiteBuilder } from '#src/admin/stores/site-builder.ts';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { PostImageUpload } from './PostImageUpload.tsx';
import { BodyField, type BodyMode, BodyViewSwitch } from './BodyField.tsx';
import { PostPreview } from './PostPreview.tsx';
import { useAutosave } from './use-autosave.ts';
import { useFoldedSidebar } from '#src/admin/layout/use-folded-sidebar.ts';
import { PublishPopover } from './PublishPopover.tsx';
import { SettingsDrawer } from './SettingsDrawer.tsx';
import { DUBLIN_TIME_NOTE } from '#src/lib/dublin-time.ts';
import { fromLocalInput, type PublishAction, toLocalInput } from './publish-actions.ts';
import './posts.css';
import { DateInWords } from '#src/admin/kit/DateInWords.tsx';

type Props = {
  initial?: Post | null;
  /** Saves the post as `action` says (its values already carry the status it leaves the post in). */
  onSubmit: (values: PostValues, action: PublishAction) => Promise<void>;
  /** Saves a draft without being asked, answering when the server saved it: given for a draft being edited, never for a live post. */
  autosave?: (values: PostValues) => Promise<string>;
  /** What the screen is ("Edit a post"): the page's heading, small above the post's own title, which is what one sees. */
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
  /** More sections at the foot of the post's settings (sharing a draft, the post's history). */
  aside?: ReactNode;
  /** The settings open from the start: a restore from the history (in the settings) makes a new form, and the history stays in sight. */
  settingsOpenAtStart?: boolean;
};

const FORM_ID = 'post-form';

/** The settings' fields: a refusal in one of them opens the settings. */
const SETTINGS_FIELDS = ['slug', 'excerpt', 'publishedAt', 'coverImage', 'coverAlt', 'seoTitle', 'seoDescription', 'seoCanonical', 'seoImage'] as const;
const isSetting = (field: string) => (SETTINGS_FIELDS as readonly string[]).includes(field);

/**
 * Create and edit a post, checked by the same schema as the API. As in Ghost's editor the
 * writing is the page: a large title with no box, the body under it, at a reading width. The
 * post's settings (excerpt, tags, date, cover, search and sharing, its history) slide in from
 * the right on the header's Post settings. The header holds how it goes live: a draft is saved
 * or published (now or at a time), a live or scheduled post is updated or taken back to a
 * draft. The preview is the blog's own page in the site's styles. While a cover is uploading,
 * saving waits and says why.
 */
export function PostForm({ initial, onSubmit, autosave, title, meta, actions, aside, settingsOpenAtStart = false }: Props) {
  const id = useId();
  const { user } = useStore($login);
  // Writing wants the width, as in Ghost: the sidebar folds to icons while a post is open.
  useFoldedSidebar();
  const [tags, setTags] = useState<string[]>(initial?.tags ?? []);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [bodyMode, setBodyMode] = useState<BodyMode>('visual');
  const [preview, setPreview] = useState<PostView | null>(null);
  const [cover, setCover] = useState<ImageView | null>(initial?.cover ?? null);
  const [shareImage, setShareImage] = useState<PostView['shareImage']>(initial?.shareImage ?? null);
  // Either picture still uploading holds the save.
  const [coverUploading, setCoverUploading] = useState(false);
  const [shareUploading, setShareUploading] = useState(false);
  const uploading = coverUploading || shareUploading;
  // A save of a published post rebuilds the site: the builder gets ready while the post is written.
  useEffect(readySiteBuilder, []);
  const withExtras = useCallback(
    (values: Record<string, string>) => ({ ...values, tags, publishedAt: fromLocalInput(values.publishedAt ?? ''), seoHidden: values.seoHidden === 'true' }),
    [tags],
  );
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
      seoCanonical: initial?.seoCanonical ?? '',
      // The form keeps text; the box's 'true' or '' becomes the schema's yes or no on its way out.
      seoHidden: initial?.seoHidden ? 'true' : '',
      seoImage: initial?.seoImage ?? '',
    },
    { transform: withExtras },
  );
  const values = form.values;
  // Search and sharing folds away until wanted; a refused address or search text opens it.
  const [searchOpen, setSearchOpen] = useState(false);
  const searchErrors = (['slug', 'seoTitle', 'seoDescription', 'seoCanonical', 'seoImage'] as const).some((key) => form.touched[key] && form.errors[key]);
  // The settings slide in on the header's button; a save that a setting stops opens them (see `send`).
  const [settingsOpen, setSettingsOpen] = useState(settingsOpenAtStart);
  const settingsButton = useRef<HTMLButtonElement>(null);
  // The settings open under the header, which keeps Publish and this button in reach: they follow its height as it wraps.
  const header = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const follow = new ResizeObserver(() => element.parentElement?.style.setProperty('--bo-post-header', `${element.offsetHeight}px`));
    follow.observe(element);
    return () => follow.disconnect();
  }, []);
  const settingsErrors = SETTINGS_FIELDS.some((key) => form.touched[key] && form.errors[key]);
  /** The status the post has on the server: what the header offers follows it. */
  const saved = initial?.status ?? 'draft';
  /** The body as its editor wrote it (Markdown either way). */
  const setBody = (body: string) => form.setValues((current) => ({ ...current, body }));
  const autosaving = useAutosave({
    save: autosave,
    input: withExtras(values),
    refused: null,
    waiting: uploading,
    onFieldErrors: form.setServerErrors,
  });
  /** Saves as `action` says; `patch` (a new status and date) is kept in the form only once the server has it. */
  const send = (action: PublishAction, patch?: Record<string, string>) => {
    const sendChecked = form.handleSubmit(async (input) => {
      if (uploading) return;
      autosaving.cancel();
      try {
        // After any autosave under way: two saves of one post never overlap.
        await autosaving.serialised(() => onSubmit(input, action));
        if (patch) form.setValues((current) => ({ ...current, ...patch }));
      } catch (error) {
        if (error instanceof ApiError && error.errors.length) {
          form.setServerErrors(error.errors);
          if (error.errors.some(({ field }) => isSetting(field))) setSettingsOpen(true);
        }
        await showError(messageOf(error));
      }
    }, patch);
    // A setting the schema refuses stops the save: the settings open on it, so the message is seen.
    return (event?: Parameters<typeof sendChecked>[0]) => {
      if (SETTINGS_FIELDS.some((key) => form.errors[key])) setSettingsOpen(true);
      return sendChecked(event);
    };
  };
  const submit = send('save');
  const unpublish = async () => {
    const live = saved === 'published';
    const sure = await confirmChoice(
      live ? 'Unpublish this post?' : 'Unschedule this post?',
      live ? 'It leaves the blog now and becomes a draft again. You can publish it again later.' : 'It will not go live; it becomes a draft again.',
      live ? 'Unpublish' : 'Unschedule',
    );
    if (sure) await send('unpublish', { status: 'draft' })();
  };

  const slugShown = values.slug || slugify(values.title ?? '') || 'your-post';
  // A public post's old address will send its visitors on (the server records the redirect on save).
  const movingFrom = initial?.status === 'published' && values.slug && values.slug !== initial.slug ? initial.slug : null;
  const showPreview = async () => {
    setTab('preview');
    try {
      const bodyHtml = await previewMarkdown(values.body ?? '');
      const now = new Date().toISOString();
      setPreview({
        _id: initial?._id ?? 'draft',
        title: values.title || 'Untitled post',
        slug: slugShown,
        excerpt: values.excerpt ?? '',
        body: values.body ?? '',
        bodyHtml,
        readingMinutes: readingMinutes(bodyHtml),
        tags,
        author: initial?.author ?? (user ? `${user.first_name} ${user.last_name}` : null),
        status: (values.status as PostView['status']) ?? 'draft',
        publishedAt: fromLocalInput(values.publishedAt ?? '') || now,
        coverImage: cover?._id ?? '',
        cover,
        coverAlt: values.coverAlt ?? '',
        seoTitle: values.seoTitle || values.title || '',
        seoDescription: values.seoDescription || values.excerpt || '',
        seoCanonical: values.seoCanonical ?? '',
        seoHidden: values.seoHidden === 'true',
        seoImage: shareImage?._id ?? '',
        shareImage,
        createdAt: initial?.createdAt ?? now,
        updatedAt: now,
      });
    } catch (error) {
      setTab('write');
      await showError(messageOf(error));
    }
  };

  const searchTitle = values.seoTitle || values.title || 'Post title';
  const searchText = values.seoDescription || values.excerpt || 'The excerpt shows here.';
  /** How much of the search title and description will show: what is typed, or what stands in for it. */
  return (
    <>
      <div ref={header} className="bo-sticky-header bo-post-header">
        <PageHeader
          breadcrumb={[{ label: 'Posts', href: '/admin/posts' }]}
          title={title}
          meta={meta}
          actions={
            <>
              {uploading && (
                <span className="bo-hint" role="status">
                  Waiting for the {coverUploading ? 'cover' : 'share'} image to finish uploading…
                </span>
              )}
              {actions}
              {autosaving.enabled && (
                <span className="bo-hint bo-autosave" aria-live="polite">
                  {autosaving.note}
                </span>
              )}
              <button
                ref={settingsButton}
                type="button"
                className="bo-button bo-post-settings-button"
                aria-expanded={settingsOpen}
                aria-controls={`${id}-settings`}
                data-refused={settingsErrors || undefined}
                onClick={() => setSettingsOpen(!settingsOpen)}
              >
                <Icon svg={Settings} size={18} />
                Post settings
              </button>
              {saved === 'draft' ? (
                <>
                  <button type="submit" form={FORM_ID} className="bo-button" disabled={form.submitting || uploading}>
                    {form.submitting ? 'Saving…' : 'Save draft'}
                  </button>
                  <PublishPopover
                    busy={form.submitting}
                    disabled={uploading}
                    onPublish={() => void send('publish', { status: 'published', publishedAt: toLocalInput(new Date().toISOString()) })()}
                    onSchedule={(at) => void send('schedule', { status: 'scheduled', publishedAt: at })()}
                  />
                </>
              ) : (
                <>
                  <button type="button" className="bo-button" disabled={form.submitting || uploading} onClick={() => void unpublish()}>
                    {saved === 'published' ? 'Unpublish' : 'Unschedule'}
                  </button>
                  <button type="submit" form={FORM_ID} className="bo-button bo-button-primary" disabled={form.submitting || uploading}>
                    {form.submitting ? 'Saving…' : 'Update'}
                  </button>
                </>
              )}
            </>
          }
        />
      </div>
      <form id={FORM_ID} className="bo-post-editor" onSubmit={submit} noValidate>
        {/* The writing as a page, as Ghost's: no card around it, the title large above the body, at a reading width. */}
        <div className="bo-editor-main">
          {/* One line that wraps: a long title shows whole on a phone instead of scrolling sideways. */}
          <FormField
            {...form.field('title')}
            as="textarea"
            rows={1}
            label="Title"
            placeholder="Post title"
            required
            className="bo-title-field bo-grows"
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
          />
          {/* One row, as Ghost's: the formatting, and the switch at its end (the switch alone while previewing). */}
          <BodyField
            mode={bodyMode}
            onModeChange={setBodyMode}
            value={values.body ?? ''}
            error={form.errors.body}
            touched={Boolean(form.touched.body)}
            onChange={setBody}
            onTouch={() => form.touch('body')}
            barEnd={
              <BodyViewSwitch
                view={tab === 'preview' ? 'preview' : bodyMode}
                onChange={(view) => {
                  if (view === 'preview') return void showPreview();
                  setTab('write');
                  setBodyMode(view);
                }}
              />
            }
            replaced={tab === 'preview' ? preview ? <PostPreview post={preview} /> : <Spinner label="Preparing the preview" /> : undefined}
          />
        </div>
        <SettingsDrawer id={`${id}-settings`} title="Post settings" open={settingsOpen} onClose={() => setSettingsOpen(false)} opener={settingsButton}>
          <Panel title="Details">
            <div className="bo-form-fields">
              <FormField {...form.field('excerpt')} as="textarea" label="Excerpt" rows={3} aria-describedby={`${id}-excerpt`} />
              <p id={`${id}-excerpt`} className="bo-hint">
                A sentence or two under the title in the blog's list, and in search results unless a search description is set.
              </p>
              <TagInput id="tags" label="Tags" value={tags} onChange={setTags} hint="Press comma, Tab or Enter after each tag." />
              {saved !== 'draft' && (
                <>
                  <FormField {...form.field('publishedAt')} type="datetime-local" label="Publish date" aria-describedby={`${id}-date`} />
                  <DateInWords value={String(values.publishedAt ?? '')} />
                  <p id={`${id}-date`} className="bo-hint">
                    {saved === 'scheduled' ? 'The post goes live at this time; Update keeps a new one.' : 'Shown as the post’s date on the blog.'}{' '}
                    {DUBLIN_TIME_NOTE}.
                  </p>
                </>
              )}
            </div>
          </Panel>
          <Panel title="Cover image">
            <div className="bo-form-fields">
              <PostImageUpload
                current={cover}
                error={form.touched.coverImage ? form.errors.coverImage : undefined}
                onBusy={setCoverUploading}
                onUploaded={(image, alt) => {
                  setCover(image);
                  // The library's alt text fills an empty description; one already written stays.
                  form.setValues((current) => ({ ...current, coverImage: image._id, coverAlt: current.coverAlt || alt || '' }));
                }}
                onRemove={() => {
                  setCover(null);
                  form.setValues((current) => ({ ...current, coverImage: '' }));
                }}
              />
              <FormField {...form.field('coverAlt')} label="Alt text" required={Boolean(cover)} aria-describedby={`${id}-alt`} />
              <p id={`${id}-alt`} className="bo-hint">
                What the image shows, for people who cannot see it.
              </p>
            </div>
          </Panel>
          <CollapsiblePanel
            title="Search and sharing"
            open={searchOpen || searchErrors}
            onToggle={() => setSearchOpen(!(searchOpen || searchErrors))}
            summary={`/blog/${slugShown}`}
          >
            <div className="bo-form-fields">
              <FormField {...form.field('slug')} label="Address" placeholder={slugify(values.title ?? '')} aria-describedby={`${id}-slug`} />
              <p id={`${id}-slug`} className="bo-hint bo-break">
                /blog/{slugShown}
                {movingFrom && ` · Saving sends /blog/${movingFrom} here with a permanent redirect.`}
              </p>
              <FormField {...form.field('seoTitle')} label="Search title (optional)" aria-describedby={`${id}-seo-title`} />
              <p id={`${id}-seo-title`} className="bo-hint">
                {fitsHint(values.seoTitle ?? '', values.title ?? '', SEARCH_TITLE_FITS, 'title')}
              </p>
              <FormField {...form.field('seoDescription')} as="textarea" rows={3} label="Search description (optional)" aria-describedby={`${id}-seo-text`} />
              <p id={`${id}-seo-text`} className="bo-hint">
                {fitsHint(values.seoDescription ?? '', values.excerpt ?? '', SEARCH_DESCRIPTION_FITS, 'excerpt')}
              </p>
              <section className="bo-serp" aria-label="Search result preview">
                <p className="bo-serp-url">/blog/{slugShown}</p>
                <p className="bo-serp-title">{searchTitle}</p>
                <p className="bo-serp-text">{searchText}</p>
              </section>
              <FormField
                {...form.field('seoCanonical')}
                label="Canonical address (optional)"
                placeholder="/blog/another-post or https://…"
                aria-describedby={`${id}-seo-canonical`}
              />
              <p id={`${id}-seo-canonical`} className="bo-hint">
                Only when this post repeats words published elsewhere: search engines then list that address instead.
              </p>
              <label className="bo-check-line">
                <input
                  type="checkbox"
                  checked={values.seoHidden === 'true'}
                  onChange={(event) => form.setValues((current) => ({ ...current, seoHidden: event.target.checked ? 'true' : '' }))}
                />
                <span>Hide from search engines</span>
              </label>
              {values.seoHidden === 'true' && (
                <p className="bo-hint">Readers still find it on the blog; search engines are asked not to list it, and the sitemap leaves it out.</p>
              )}
              <fieldset className="bo-fieldset">
                <legend className="ui-label">Share image (optional)</legend>
                <p className="bo-hint">
                  Shown when the post is shared on social networks and in messages; without one, the cover is shared. Best at 1200 × 630 pixels.
                </p>
                <PostImageUpload
                  id="share"
                  noun="share image"
                  current={shareImage}
                  error={form.touched.seoImage ? form.errors.seoImage : undefined}
                  onBusy={setShareUploading}
                  onUploaded={(image, alt) => {
                    setShareImage({ ...image, alt: alt ?? '' });
                    form.setValues((current) => ({ ...current, seoImage: image._id }));
                  }}
                  onRemove={() => {
                    setShareImage(null);
                    form.setValues((current) => ({ ...current, seoImage: '' }));
                  }}
                />
              </fieldset>
            </div>
          </CollapsiblePanel>
          {aside}
        </SettingsDrawer>
      </form>
    </>
  );
}
