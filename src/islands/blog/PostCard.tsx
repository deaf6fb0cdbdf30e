import type { PostView } from '#src/schemas/post.ts';
import { formatPostDate, postPath } from '#src/lib/blog.ts';
import { PostCover } from './PostCover.tsx';
import { Separator } from './PostByline.tsx';

/**
 * One post in the blog list: cover (its own, else the default) with its topic, title link,
 * byline (the writer when a person signs it, the date, the reading time: as on the post's page,
 * without the portrait) and excerpt. No topic pills under the card: they read as a second set of filters beside
 * the real ones above the list. The `lead` card (the newest post, first on the list's first
 * page) spans the row, its cover beside its words from 768 px, under a "Latest article" label.
 */
export function PostCard({
  post,
  level = 2,
  lead = false,
}: {
  post: PostView;
  /** The title's heading level: 3 under a section's own heading. */
  level?: 2 | 3;
  lead?: boolean;
}) {
  const Title = level === 2 ? 'h2' : 'h3';
  const words = (
    <>
      {lead && <p className="post-card-kicker">Latest article</p>}
      <Title className="post-card-title">
        <a href={postPath(post.slug)}>{post.title}</a>
      </Title>
      <p className="post-meta">
        {post.author && (
          <>
            {/* A name may wrap (a long one would not fit a phone's card); the date and reading time never do. */}
            <span>
              By {post.author}
              <Separator />
            </span>{' '}
          </>
        )}
        <span className="post-meta-part">
          <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
          <Separator />
        </span>{' '}
        <span className="post-meta-part">{post.readingMinutes} min read</span>
      </p>
      {post.excerpt && <p className="post-card-excerpt">{post.excerpt}</p>}
    </>
  );
  return (
    <li className={lead ? 'post-card post-card-lead' : 'post-card'}>
      <article>
        <PostCover
          post={post}
          className="post-card-cover"
          sizes={lead ? '(min-width: 1024px) 40rem, (min-width: 768px) 55vw, 100vw' : '(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw'}
        />
        {lead ? <div className="post-card-words">{words}</div> : words}
      </article>
    </li>
  );
}
