import type { APIRoute } from 'astro';
import { markSvg } from '../site/brand-mark.ts';

/** The favicon: the brand's mark, from the same drawing as the logo. */
export const GET: APIRoute = () => new Response(markSvg(), { headers: { 'content-type': 'image/svg+xml' } });
