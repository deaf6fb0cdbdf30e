import { posts } from '../../stores/posts.ts';
import { go } from '../../stores/router.ts';
import { toast } from '../../../ui/dialogs.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { PostForm } from './PostForm.tsx';

/** /admin/posts/create */
export function PostCreate() {
  return (
    <section>
      <PageHeader breadcrumb={[{ label: 'Posts', href: '/admin/posts' }]} title="Create a post" />
      <PostForm
        formId="post-form"
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
