import { markdownToHtml } from 'satteri';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown to HTML that is safe to put in a page: only ordinary content elements survive, no
 * scripts, styles, event handlers or iframes, and links and images only with http(s), mailto
 * or tel addresses (so no `javascript:`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'a',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'code',
    'pre',
    'blockquote',
    'hr',
    'br',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A post's own headings sit under the page's h1 (the title): # becomes h2.
    h1: 'h2',
    // Other sites' links are not endorsed; this site's own pages, mail and phone links are followed as any page's are.
    a: (tagName, attribs) => ({
      tagName,
      attribs: isOwnOrContactLink(attribs.href ?? '') ? { ...attribs, rel: '' } : { ...attribs, rel: 'nofollow noopener' },
    }),
  },
};

/** A path of this site ('/van-insurance', not '//host'), or a mailto: or tel: link. */
const isOwnOrContactLink = (href: string) => (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) || /^(mailto|tel):/i.test(href);

/**
 * Satteri parses in Rust in time close to linear in the input (marked, used before, took
 * seconds on 24 KB of `[_a` and overflowed its stack on 5,000 `>`). Front matter is off, or
 * a post opening with `---` would lose its first lines; footnotes are off because their
 * anchors and ids would not survive the sanitiser anyway.
 */
const FEATURES = { gfm: { footnotes: false }, frontmatter: false, rawHtml: false } as const;

/**
 * Synchronous and CPU-bound: the server calls it only through render-markdown.ts, which runs
 * it on a worker thread under a time limit.
 */
export function markdownToSafeHtml(markdown: string): string {
  const { html } = markdownToHtml(markdown, { features: FEATURES });
  return sanitizeHtml(html, OPTIONS);
}
