import type { APIRoute } from 'astro';
import { absoluteUrl, pages } from '../site/pages.ts';
import { readBlogSnapshot } from '../site/blog-snapshot.ts';
import { postPath } from '../site/blog.ts';

/** sitemap.xml from the page table (every public route meant as a landing page) and the posts published at build time. */
export const GET: APIRoute = () => {
  const pageUrls = pages.filter((page) => page.inSitemap).map((page) => `  <url><loc>${absoluteUrl(page.path)}</loc></url>`);
  const postUrls = readBlogSnapshot().posts.map((post) => `  <url><loc>${absoluteUrl(postPath(post.slug))}</loc><lastmod>${post.updatedAt}</lastmod></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...pageUrls, ...postUrls].join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
