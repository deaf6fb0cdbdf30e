import type { PostView } from '#src/schemas/post.ts';
import type { ImageView } from '#src/schemas/image-view.ts';
import { formatPostDate } from '#src/lib/blog.ts';
import { initialsOf } from '#src/lib/initials.ts';
import { CoverPicture } from './CoverPicture.tsx';

/** What About us says of the writer besides their name: their role, and their photo once staff chose one. */
export type BylinePerson = { role: string; photo: ImageView | null };

/**
 * Who wrote a post, when, and how long it takes to read, under its title. A person signs with
 * their portrait as the About us cards show it (their photo, else their initials in the navy
 * circle, trust.css) and their role when About us introduces them; a post no person signs is
 * the broker's, with no portrait. The portrait is decorative: the name beside it says who.
 */
export function PostByline({ post, brand, person }: { post: PostView; brand: string; person?: BylinePerson | null }) {
  const name = post.author;
  const photo = name ? person?.photo : null;
  return (
    <div className="post-byline">
      {name && (
        <div className={photo ? 'portrait portrait-small' : 'portrait portrait-small portrait-monogram'}>
          {photo ? <CoverPicture image={photo} alt="" sizes="3.5rem" /> : <span aria-hidden="true">{initialsOf(name)}</span>}
        </div>
      )}
      <p className="post-byline-text">
        <span className="post-byline-name">By {name ?? brand}</span>
        {name && person?.role && (
          <span className="post-byline-role">
            <span className="visually-hidden">, </span>
            {person.role}
          </span>
        )}
        <span className="post-byline-when">
          <span className="visually-hidden">. </span>
          <span className="post-meta-part">
            <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
            <Separator />
          </span>{' '}
          <span className="post-meta-part">{post.readingMinutes} min read</span>
        </span>
      </p>
    </div>
  );
}

/**
 * The dot after a byline's part, kept on the part's line (a wrapped line never starts with it):
 * seen, not read; a screen reader hears a comma instead.
 */
export function Separator() {
  return (
    <>
      <span aria-hidden="true"> ·</span>
      <span className="visually-hidden">,</span>
    </>
  );
}
