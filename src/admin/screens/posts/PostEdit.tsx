import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Spinner } from '../../../ui/Spinner.tsx';
import { messageOf } from '../../../api/client.ts';
import { showError, showSuccess } from '../../../ui/dialogs.ts';
import { $posts, fetchPost, posts, selectPost } from '../../stores/posts.ts';
import { go } from '../../stores/router.ts';
import { PostForm } from './PostForm.tsx';

/** /admin/posts/edit/{id} */
export function PostEdit({ id }: { id: string }) {
  const { currentPost } = useStore($posts);
  useEffect(() => {
    selectPost(null);
    fetchPost(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/posts');
    });
  }, [id]);
  if (!currentPost || currentPost._id !== id) return <Spinner label="Loading the post" />;
  return (
    <section>
      <h1>Edit a Post</h1>
      <PostForm
        key={currentPost._id}
        initial={currentPost}
        submitLabel="Save Changes"
        onSubmit={async (values) => {
          await posts.update(id, values);
          await showSuccess('The post has been saved.', 'Success!');
          go('/admin/posts');
        }}
      />
    </section>
  );
}
