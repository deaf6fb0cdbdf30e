import type { PostView } from '#src/schemas/post.ts';
import { telHref } from '#src/lib/phone.ts';
import { PostByline, type BylinePerson } from './PostByline.tsx';
import { PostCover } from './PostCover.tsx';
import { TagLinks } from './TagLinks.tsx';
import './blog.css';

/** The broker's name (the byline's fallback), sales phone and quote choice (the call to action). */
export type PostSiteFacts = { brand: string; salesPhone: string; quoteHref: string };

/** The words of the band that ends a post: the built page draws them in the site's ProductCta band. */
export const POST_CTA = {
  heading: 'Talk to a broker about your cover',
  text: 'Prices from the insurers that suit your business, and a broker who stays with you from quote to claim.',
  quoteLabel: 'Get a quote',
} as const;

/**
 * One post, read in full, ending with a way to act on it: a quote or a call. `bodyHtml` was
 * sanitised by the server when the post was saved. The built page (/blog/{slug}) closes with
 * the site's own call-to-action band after the article (ProductCta.astro, the product pages'),
 * so it asks for `withCta={false}`; the reader and the editor's preview draw it here, in the
 * same button size.
 */
export function PostArticle({
  post,
  site,
  withCta = true,
  person = null,
}: {
  post: PostView;
  site: PostSiteFacts;
  withCta?: boolean;
  /** The writer as About us introduces them (the built page knows the team; the reader and the preview do not). */
  person?: BylinePerson | null;
}) {
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
        <PostByline post={post} brand={site.brand} person={person} />
      </header>
      <PostCover post={post} className="post-cover" sizes="(min-width: 1024px) 48rem, 100vw" priority topicSaid />
      <div className="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      {withCta && (
        <aside className="cta-panel" aria-labelledby="post-cta-heading">
          <h2 id="post-cta-heading">{POST_CTA.heading}</h2>
          <p>{POST_CTA.text}</p>
          <p className="actions">
            <a className="button large" href={site.quoteHref}>
              {POST_CTA.quoteLabel}
            </a>
            <a className="button secondary large" href={telHref(site.salesPhone)}>
              Call {site.salesPhone}
            </a>
          </p>
        </aside>
      )}
      <footer className="post-footer">
        <TagLinks tags={post.tags} />
        <p>
          <a href="/blog">All articles</a>
        </p>
      </footer>
    </article>
  );
}
