import { posts } from '#src/admin/stores/posts.ts';
import { go } from '#src/admin/stores/router.ts';
import { toast } from '#src/ui/dialogs.ts';
import { PostForm } from './PostForm.tsx';
import { DONE } from './publish-actions.ts';

/** /admin/posts/create */
export function PostCreate() {
  return (
    <section>
      <PostForm
        title="Create a post"
        onSubmit={async (values, action) => {
          await posts.create(values);
          toast(action === 'save' ? 'The post has been created.' : DONE[action], 'Success!');
          go('/admin/posts');
        }}
      />
    </section>
  );
}
