import type { APIRoute, GetStaticPaths } from 'astro';
import { siteFacts } from '#src/site/facts.ts';
import { pages, shareImageSlug } from '#src/site/pages.ts';
import { cardTitle } from '#src/site/share-image.ts';
import { cachedShareImage } from '#src/site/share-image-cache.ts';

/** One share card per page of the page table, drawn from its title at build time (src/site/share-image.ts), or the same card kept from an earlier build. */
export const getStaticPaths = (() =>
  pages.map((page) => ({ params: { slug: shareImageSlug(page.path) }, props: { title: page.title } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const facts = siteFacts();
  const png = await cachedShareImage({
    title: cardTitle(props.title as string, facts.brand),
    brand: facts.brand,
    footer: `Regulated by the Central Bank of Ireland · ${facts.salesPhone}`,
  });
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
