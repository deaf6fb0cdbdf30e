import type { PostView } from '#src/schemas/post.ts';
import { CoverPicture } from './CoverPicture.tsx';
import { coverOf, DefaultCover } from './DefaultCover.tsx';

/**
 * A post's cover (its own picture, else the default for its topic) with the post's topic as an
 * HTML label in its top-left corner: the same place on every card and page, whatever the
 * picture, and never drawn into the picture itself. On a card it is the only statement of the
 * topic, so screen readers hear it; a post's page names its topics in links, so there it is hidden.
 */
export function PostCover({
  post,
  className,
  sizes,
  priority = false,
  topicSaid = false,
}: {
  post: PostView;
  className: string;
  sizes: string;
  priority?: boolean;
  /** The page names the topics itself (a post's page, in its topic links): the label is then hidden from screen readers. */
  topicSaid?: boolean;
}) {
  const { label } = coverOf(post.tags, post.slug);
  return (
    <div className="post-cover-frame">
      {post.cover ? (
        <CoverPicture image={post.cover} alt={post.coverAlt} sizes={sizes} className={className} priority={priority} />
      ) : (
        <DefaultCover slug={post.slug} tags={post.tags} className={className} />
      )}
      {label && <span className="post-cover-topic">{label}</span>}
    </div>
  );
}
