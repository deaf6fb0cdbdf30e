import { posts } from '../../stores/posts.ts';
import { go } from '../../stores/router.ts';
import { showSuccess } from '../../../ui/dialogs.ts';
import { PostForm } from './PostForm.tsx';

/** /admin/posts/create */
export function PostCreate() {
  return (
    <section>
      <h1>Create a Post</h1>
      <PostForm
        submitLabel="Create Post"
        onSubmit={async (values) => {
          await posts.create(values);
          await showSuccess('The post has been created.', 'Success!');
          go('/admin/posts');
        }}
      />
    </section>
  );
}
