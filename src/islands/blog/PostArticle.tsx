import type { PostView } from '../../schemas/post.ts';
import { formatPostDate, readingMinutes } from '../../site/blog.ts';
import { CoverPicture } from './CoverPicture.tsx';
import { TagLinks } from './TagLinks.tsx';
import './blog.css';

/** One post, read in full. `bodyHtml` was sanitised by the server when the post was saved. */
export function PostArticle({ post, brand }: { post: PostView; brand: string }) {
  return (
    <article className="post">
      <header className="post-header">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <a href="/">Home</a>
            </li>
            <li>
              <a href="/blog">Blog</a>
            </li>
            <li aria-current="page">{post.title}</li>
          </ol>
        </nav>
        <h1>{post.title}</h1>
        <p className="post-meta">
          <time dateTime={post.publishedAt ?? undefined}>{formatPostDate(post.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span>By {post.author ?? brand}</span>
          <span aria-hidden="true"> · </span>
          <span>{readingMinutes(post.bodyHtml)} min read</span>
        </p>
      </header>
      {post.cover && <CoverPicture image={post.cover} alt={post.coverAlt} sizes="(min-width: 1024px) 48rem, 100vw" className="post-cover" priority />}
      <div className="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      <footer className="post-footer">
        <TagLinks tags={post.tags} />
        <p>
          <a href="/blog">All articles</a>
        </p>
      </footer>
    </article>
  );
}
