import { posts } from '../../stores/posts.ts';
import { go } from '../../stores/router.ts';
import { toast } from '../../../ui/dialogs.ts';
import { PostForm } from './PostForm.tsx';

/** /admin/posts/create */
export function PostCreate() {
  return (
    <section>
      <PostForm
        title="Create a post"
        submitLabel="Create post"
        onSubmit={async (values) => {
          await posts.create(values);
          toast('The post has been created.', 'Success!');
          go('/admin/posts');
        }}
      />
    </section>
  );
}
