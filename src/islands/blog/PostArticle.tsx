import type { PostView } from '#src/schemas/post.ts';
import { telHref } from '#src/lib/phone.ts';
import { formatPostDate, readingMinutes } from '#src/lib/blog.ts';
import { CoverPicture } from './CoverPicture.tsx';
import { DefaultCover } from './DefaultCover.tsx';
import { TagLinks } from './TagLinks.tsx';
import './blog.css';

/** The broker's name (the byline's fallback), sales phone and quote choice (the call to action). */
export type PostSiteFacts = { brand: string; salesPhone: string; quoteHref: string };

/**
 * One post, read in full, ending with a way to act on it: a quote or a call. `bodyHtml` was
 * sanitised by the server when the post was saved.
 */
export function PostArticle({ post, site }: { post: PostView; site: PostSiteFacts }) {
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
          <span>By {post.author ?? site.brand}</span>
          <span aria-hidden="true"> · </span>
          <span>{readingMinutes(post.bodyHtml)} min read</span>
        </p>
      </header>
      {post.cover ? (
        <CoverPicture image={post.cover} alt={post.coverAlt} sizes="(min-width: 1024px) 48rem, 100vw" className="post-cover" priority />
      ) : (
        <DefaultCover slug={post.slug} tags={post.tags} className="post-cover" />
      )}
      <div className="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      <aside className="cta-panel" aria-labelledby="post-cta-heading">
        <h2 id="post-cta-heading">Talk to a broker about your cover</h2>
        <p>Prices from the insurers that suit your business, and a broker who stays with you from quote to claim.</p>
        <p className="actions">
          <a className="button" href={site.quoteHref}>
            Get a quote
          </a>
          <a className="button secondary" href={telHref(site.salesPhone)}>
            Call {site.salesPhone}
          </a>
        </p>
      </aside>
      <footer className="post-footer">
        <TagLinks tags={post.tags} />
        <p>
          <a href="/blog">All articles</a>
        </p>
      </footer>
    </article>
  );
}
