import type { PostView } from '#src/schemas/post.ts';
import { formatPostDate, postPath } from '#src/lib/blog.ts';
import { PostCover } from './PostCover.tsx';

/**
 * One post in the blog list: cover (its own, else the default) with its topic, title link,
 * date and excerpt. No topic pills under the card: they read as a second set of filters beside
 * the real ones above the list.
 */
export function PostCard({ post, level = 2 }: { post: PostView /** The title's heading level: 3 under a section's own heading. */; level?: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3';
  return (
    <li className="post-card">
      <article>
        <PostCover post={post} className="post-card-cover" sizes="(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw" />
        <Title className="post-card-title">
          <a href={postPath(post.slug)}>{post.title}</a>
        </Title>
        <p className="post-meta">
          <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
        </p>
        {post.excerpt && <p className="post-card-excerpt">{post.excerpt}</p>}
      </article>
    </li>
  );
}
