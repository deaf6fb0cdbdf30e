import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { ExternalLink } from 'lucide-static';
import { Spinner } from '#src/ui/Spinner.tsx';
import { messageOf } from '#src/api/client.ts';
import { showError, toast } from '#src/ui/dialogs.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { $postRestores, $posts, fetchPost, posts, selectPost } from '#src/admin/stores/posts.ts';
import { go } from '#src/admin/stores/router.ts';
import { PostForm } from './PostForm.tsx';
import { PostHistory } from './PostHistory.tsx';
import { DONE } from './publish-actions.ts';
import { SharePreview } from '#src/admin/components/SharePreview.tsx';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { deleteRecord } from '#src/admin/delete-flow.ts';

/** /admin/posts/edit/{id} */
export function PostEdit({ id }: { id: string }) {
  const { currentPost } = useStore($posts);
  const restores = useStore($postRestores);
  // A restore made on this screen (the count is the whole visit's): its new form opens on the history it came from.
  const restoresOnArrival = useRef(restores);
  useEffect(() => {
    selectPost(null);
    fetchPost(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/posts');
    });
  }, [id]);
  if (!currentPost || currentPost._id !== id) return <Spinner label="Loading the post" />;
  const remove = async () => {
    if (await deleteRecord(() => posts.remove(id))) go('/admin/posts');
  };
  return (
    <section>
      <PostForm
        // A restored version is a new form: its fields start from what was restored. An autosave
        // changes the post on screen too, but the form (and the cursor in it) stays.
        key={`${currentPost._id}:${restores}`}
        title="Edit a post"
        meta={
          <>
            <StatusBadge status={currentPost.status} />
            {currentPost.status === 'scheduled' && currentPost.publishedAt && <span>Goes live {formatDateTime(currentPost.publishedAt)}</span>}
            <span>Last saved {formatDateTime(currentPost.updatedAt)}</span>
          </>
        }
        // Delete where it is on every record: the last of More actions, before the working buttons.
        actions={
          <>
            <RecordMenu onDelete={() => void remove()} />
            {currentPost.status === 'published' && (
              <a className="bo-button" href={`/blog/${currentPost.slug}`} target="_blank" rel="noopener">
                <Icon svg={ExternalLink} size={16} />
                View on the site
              </a>
            )}
          </>
        }
        initial={currentPost}
        settingsOpenAtStart={restores !== restoresOnArrival.current}
        // After a save or a restore, the history is read again.
        aside={
          <>
            <SharePreview target={{ kind: 'post', id: currentPost._id }} shows="the post as last saved" />
            <PostHistory key={currentPost.updatedAt} post={currentPost} />
          </>
        }
        // A draft saves itself as it is written; changes to a live or scheduled post wait for Update.
        autosave={currentPost.status === 'draft' ? async (values) => (await posts.update(id, values)).item.updatedAt : undefined}
        // The editor stays open after a save, as Ghost's does: the header then offers what comes next.
        onSubmit={async (values, action) => {
          await posts.update(id, values);
          toast(DONE[action], 'Success!');
        }}
      />
    </section>
  );
}
