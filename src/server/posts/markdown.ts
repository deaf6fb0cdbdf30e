import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Markdown to HTML that is safe to put in a page: only ordinary content elements survive, no
 * scripts, styles, event handlers or iframes, and links and images only with http(s), mailto
 * or tel addresses (so no `javascript:`).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'a', 'ul', 'ol', 'li', 'strong', 'em', 'code', 'pre', 'blockquote', 'hr', 'br', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A post's own headings sit under the page's h1 (the title): # becomes h2.
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener' } }),
  },
};

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, { ...OPTIONS, allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'rel'] } });
}
