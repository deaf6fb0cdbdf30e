import type { APIRoute } from 'astro';
import { siteFacts } from '../site/facts.ts';
import { cachedShareImage } from '../site/share-image-cache.ts';

/** The share card for pages outside the page table (a blog post without a cover, the RSS feed). */
export const GET: APIRoute = async () => {
  const facts = siteFacts();
  const png = await cachedShareImage({
    title: 'Van, fleet, truck and public liability insurance in Ireland',
    brand: facts.brand,
    footer: `Regulated by the Central Bank of Ireland · ${facts.salesPhone}`,
  });
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
