import type { APIRoute } from 'astro';
import { absoluteUrl, pages } from '../site/pages.ts';

/** sitemap.xml from the page table: every public route meant as a landing page. */
export const GET: APIRoute = () => {
  const urls = pages
    .filter((page) => page.inSitemap)
    .map((page) => `  <url><loc>${absoluteUrl(page.path)}</loc></url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
