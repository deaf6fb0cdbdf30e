import type { PostView } from '#src/schemas/post.ts';
import { CoverPicture } from './CoverPicture.tsx';
import { coverOf, DefaultCover } from './DefaultCover.tsx';

/**
 * A post's cover (its own picture, else the default for its topic) with the post's topic as an
 * HTML label in its top-left corner: the same place on every card and page, whatever the
 * picture, and never drawn into the picture itself. It is the card's only statement of its
 * topic, so screen readers hear it too.
 */
export function PostCover({ post, className, sizes, priority = false }: { post: PostView; className: string; sizes: string; priority?: boolean }) {
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
