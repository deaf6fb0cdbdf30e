import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { FileText, Plus } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { postStatuses } from '#src/schemas/post-statuses.ts';
import type { TagCount } from '#src/schemas/post.ts';
import type { PostStatusCounts } from '#src/schemas/post-view.ts';
import { showError } from '#src/ui/dialogs.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import type { ListDescriptor, ListView } from '#src/admin/list/descriptor.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { statusOptions } from '#src/admin/list/pipeline-parts.ts';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { $posts, bulkPosts, fetchTags, posts, type Post } from '#src/admin/stores/posts.ts';
import { postBulkStatuses } from '#src/schemas/post-bulk.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';

const edit = (post: Post) => `/admin/posts/edit/${post._id}`;

const create = (
  <a className="bo-button bo-button-primary" href="/admin/posts/create">
    <Icon svg={Plus} size={16} />
    New post
  </a>
);

/** The list's views: every post, then each status, with how many posts it holds. */
function postViews(counts: PostStatusCounts | null): ListView[] {
  const counted = (status: keyof PostStatusCounts) => (counts ? { count: counts[status] } : {});
  return [
    { label: 'All', filter: {} },
    { label: 'Published', filter: { status: 'published' }, ...counted('published') },
    { label: 'Scheduled', filter: { status: 'scheduled' }, ...counted('scheduled') },
    { label: 'Drafts', filter: { status: 'draft' }, ...counted('draft') },
  ];
}

function postsList(tags: readonly TagCount[], views: ListView[], brand: string): ListDescriptor<Post> {
  return {
    title: 'Posts',
    description: 'The blog: drafts, scheduled and published posts.',
    noun: { one: 'post', many: 'posts' },
    primary: 'title',
    secondary: (post) => `/blog/${post.slug}`,
    // The tags step aside below 960 px of list; they then follow the address.
    secondaryColumns: ['tags'],
    columns: [
      { key: 'title', label: 'Title', cell: (post) => post.title, text: (post) => post.title, truncate: 2 },
      { key: 'status', label: 'Status', cell: (post) => <StatusBadge status={post.status} />, width: '7.5rem', card: 'badge' },
      {
        key: 'tags',
        label: 'Tags',
        cell: (post) => (post.tags.length > 0 ? post.tags.join(', ') : <NoValue label="No tags" />),
        text: (post) => post.tags.join(', '),
        empty: (post) => post.tags.length === 0,
        truncate: true,
        width: '12rem',
        priority: 3,
        card: 'meta',
      },
      {
        key: 'author',
        label: 'Author',
        // A post with no author (the seeded ones, or a deleted account's) is the business's, as the blog's structured data names it (src/site/structured-data.ts).
        cell: (post) => post.author ?? brand,
        text: (post) => post.author ?? brand,
        truncate: true,
        width: '8.5rem',
        // The first to step aside as the list narrows: the title has the room. Not on a phone's card
        // either, so a card holds what the desk's table holds at 1,366 px.
        priority: 4,
        card: 'omit',
      },
      {
        key: 'published',
        label: 'Publish date',
        cell: (post) => (post.publishedAt ? <DateTimeCell at={post.publishedAt} /> : <NoValue label="Not yet" />),
        width: DATE_TIME_COLUMN_WIDTH,
        nowrap: true,
        priority: 2,
      },
    ],
    rowId: (post) => post._id,
    rowName: (post) => post.title,
    rowHref: edit,
    openLabel: 'Edit',
    remove: { run: (post) => posts.remove(post._id) },
    views,
    filters: [
      { key: 'q', label: 'Search', kind: 'search', scope: 'Title, text or tag' },
      { key: 'status', label: 'Status', kind: 'select', any: 'Any status', options: statusOptions(postStatuses) },
      { key: 'tag', label: 'Tag', kind: 'select', any: 'All tags', options: tags.map((tag) => ({ value: tag.name, label: `${tag.name} (${tag.count})` })) },
    ],
    // As the callbacks list's bar: publish now or make drafts (the editor's Publish and Unpublish), or delete after "Are you sure?".
    bulk: {
      statuses: statusOptions(postBulkStatuses),
      onStatus: (ids, status) => bulkPosts({ action: 'status', ids, status: status as (typeof postBulkStatuses)[number] }),
      onDelete: (ids) => bulkPosts({ action: 'delete', ids }),
    },
    actions: create,
    empty: {
      icon: FileText,
      title: 'No posts yet',
      text: 'Write the first article for the blog: news, guides and answers to what customers ask.',
      action: create,
    },
  };
}

/** /admin/posts: every post, with search, status and tag filters and paging (in the address), published, made drafts or deleted in bulk. */
export function PostsList({ brand }: { brand: string }) {
  const { tags, statusCounts } = useStore($posts);
  useEffect(() => {
    fetchTags().catch((error: unknown) => void showError(messageOf(error)));
  }, []);
  return <ListScreen source={posts} descriptor={postsList(tags, postViews(statusCounts), brand)} />;
}
