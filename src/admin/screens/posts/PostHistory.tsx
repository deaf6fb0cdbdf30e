import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { diffLines } from 'diff';
import { messageOf } from '#src/api/client.ts';
import type { PostRevisionFields, PostRevisionSummary, PostRevisionView } from '#src/schemas/post-revision.ts';
import { confirmChoice, showError, toast } from '#src/ui/dialogs.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { CollapsiblePanel } from '#src/admin/kit/CollapsiblePanel.tsx';
import type { Post } from '#src/admin/stores/posts.ts';
import { fetchRevision, fetchRevisions, restoreRevision } from '#src/admin/stores/posts.ts';
import './posts.css';

/** Whether the history is unfolded: one for the back-office, as a person opens it once while comparing. */
const $historyShown = atom(false);

/** The fields a comparison names, in the form's order and words. */
const COMPARED: { key: keyof PostRevisionFields; label: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'excerpt', label: 'Excerpt' },
  { key: 'status', label: 'Status' },
  { key: 'tags', label: 'Tags' },
  { key: 'coverAlt', label: 'Cover description' },
  { key: 'slug', label: 'Address' },
  { key: 'seoTitle', label: 'Search title' },
  { key: 'seoDescription', label: 'Search description' },
  { key: 'seoCanonical', label: 'Canonical address' },
  { key: 'seoHidden', label: 'Hidden from search engines' },
];

const shown = (value: string | string[] | boolean) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : (Array.isArray(value) ? value.join(', ') : value) || '(empty)';

/** The post now as the same fields, to set beside an earlier save. */
const fieldsNow = (post: Post): PostRevisionFields => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  body: post.body,
  status: post.status,
  publishedAt: post.publishedAt ?? '',
  coverImage: post.coverImage,
  coverAlt: post.coverAlt,
  seoImage: post.seoImage,
  seoTitle: post.seoTitle,
  seoDescription: post.seoDescription,
  seoCanonical: post.seoCanonical,
  seoHidden: post.seoHidden,
  tags: post.tags,
});

/** What changed from an earlier save to the post now: each field that differs, and the body line by line. */
function Comparison({ then, now }: { then: PostRevisionFields; now: PostRevisionFields }) {
  const changed = COMPARED.filter(({ key }) => shown(then[key]) !== shown(now[key]));
  const body = diffLines(then.body, now.body);
  const bodyChanged = body.some((part) => part.added || part.removed);
  if (changed.length === 0 && !bodyChanged && then.coverImage === now.coverImage) return <p className="bo-hint">The same as the post now.</p>;
  return (
    <div className="post-compare">
      {changed.length > 0 && (
        <dl className="bo-fields">
          {changed.map(({ key, label }) => (
            <div className="bo-fields-row" key={key}>
              <dt>{label}</dt>
              <dd>
                <del>{shown(then[key])}</del> <ins>{shown(now[key])}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {then.coverImage !== now.coverImage && <p className="bo-hint">The cover image is different.</p>}
      {bodyChanged && (
        <div className="post-compare-body">
          <p className="visually-hidden">The body, with removed lines struck through and added lines marked:</p>
          {body.map((part, index) =>
            part.added ? <ins key={index}>{part.value}</ins> : part.removed ? <del key={index}>{part.value}</del> : <span key={index}>{part.value}</span>,
          )}
        </div>
      )}
    </div>
  );
}

/** A post's saves, newest first, each to compare with the post now and to restore. */
export function PostHistory({ post }: { post: Post }) {
  const [revisions, setRevisions] = useState<PostRevisionSummary[] | null>(null);
  const [open, setOpen] = useState<PostRevisionView | null>(null);
  // Folded under its heading until wanted: the post's own fields come first. Kept across the
  // form being drawn again after a save or a restore, so the history stays where it was.
  const shown = useStore($historyShown);
  const setShown = (open: boolean) => $historyShown.set(open);

  useEffect(() => {
    fetchRevisions(post._id)
      .then(setRevisions)
      .catch((error: unknown) => void showError(messageOf(error)));
  }, [post._id]);

  const compare = async (revision: PostRevisionSummary) => {
    if (open?._id === revision._id) return setOpen(null);
    try {
      setOpen(await fetchRevision(post._id, revision._id));
    } catch (error) {
      await showError(messageOf(error));
    }
  };
  const restore = async (revision: PostRevisionSummary) => {
    const when = formatDateTime(revision.savedAt);
    if (
      !(await confirmChoice('Restore this version?', `The post goes back to how it was saved on ${when}. The current version stays in the history.`, 'Restore'))
    )
      return;
    try {
      toast(await restoreRevision(post._id, revision._id));
      setOpen(null);
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <CollapsiblePanel
      title="History"
      open={shown}
      onToggle={() => setShown(!shown)}
      meta={revisions ? `${revisions.length} ${revisions.length === 1 ? 'save' : 'saves'}` : undefined}
    >
      {!revisions ? (
        <Spinner label="Loading the history" />
      ) : (
        <ol className="bo-rows post-history">
          {revisions.map((revision, index) => (
            <li key={revision._id}>
              <div className="post-history-row">
                <span>
                  <strong>{formatDateTime(revision.savedAt)}</strong>
                  <span className="bo-cell-secondary">
                    {revision.savedBy ?? 'The site'}
                    {index === 0 ? ' · the version on screen' : ''}
                  </span>
                </span>
                {index > 0 && (
                  <span className="post-history-actions">
                    <button
                      type="button"
                      className="bo-button bo-button-quiet"
                      aria-expanded={open?._id === revision._id}
                      onClick={() => void compare(revision)}
                    >
                      Compare
                    </button>
                    <button type="button" className="bo-button" onClick={() => void restore(revision)}>
                      Restore
                    </button>
                  </span>
                )}
              </div>
              {open?._id === revision._id && <Comparison then={open.fields} now={fieldsNow(post)} />}
            </li>
          ))}
        </ol>
      )}
    </CollapsiblePanel>
  );
}
