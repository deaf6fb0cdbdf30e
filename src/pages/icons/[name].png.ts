import type { APIRoute, GetStaticPaths } from 'astro';
import sharp from 'sharp';
import { appIconSvg } from '#src/site/brand-mark.ts';

/** App icons made from the mark at build time: Apple's touch icon and the web manifest's two sizes. */
export const appIcons = { 'apple-touch-icon': 180, 'icon-192': 192, 'icon-512': 512 } as const;

export const getStaticPaths = (() => Object.keys(appIcons).map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const size = appIcons[params.name as keyof typeof appIcons];
  const png = await sharp(Buffer.from(appIconSvg(size)))
    .png()
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
