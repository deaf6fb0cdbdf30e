import type { APIRoute } from 'astro';
import { siteFacts } from '../site/facts.ts';

/** The web app manifest: the brand's name, colours and app icons (src/pages/icons). */
export const GET: APIRoute = () => {
  const { brand } = siteFacts();
  const manifest = {
    name: brand,
    short_name: brand.split(' ')[0],
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#0b3d5c',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
  return new Response(`${JSON.stringify(manifest, null, 2)}\n`, { headers: { 'content-type': 'application/manifest+json' } });
};
