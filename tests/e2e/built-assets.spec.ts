import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { absoluteUrl, pages, shareImageFor } from '#src/site/pages.ts';

/** What the build writes besides the pages: share cards, icons, and browser code free of server-side facts. */
const dist = process.env.DIST_DIR ?? 'dist';
const htmlOf = (path: string) => readFileSync(join(dist, path === '/' ? 'index.html' : `${path.slice(1)}.html`), 'utf8');

test('every page of the table has its own 1200 × 630 share card, named in its Open Graph and Twitter tags', async () => {
  for (const page of pages) {
    const image = shareImageFor(page);
    const meta = await sharp(join(dist, image)).metadata();
    expect([page.path, meta.width, meta.height]).toEqual([page.path, 1200, 630]);
    const html = htmlOf(page.path);
    expect(html).toContain(`<meta property="og:image" content="${absoluteUrl(image)}">`);
    expect(html).toContain(`<meta name="twitter:image" content="${absoluteUrl(image)}">`);
  }
});

test('the favicon, app icons and manifest are built from the mark', async () => {
  expect(readFileSync(join(dist, 'favicon.svg'), 'utf8')).toMatch(/^<svg /);
  for (const [name, size] of [
    ['apple-touch-icon', 180],
    ['icon-192', 192],
    ['icon-512', 512],
  ] as const) {
    const meta = await sharp(join(dist, 'icons', `${name}.png`)).metadata();
    expect([name, meta.width, meta.height]).toEqual([name, size, size]);
  }
  const manifest = JSON.parse(readFileSync(join(dist, 'site.webmanifest'), 'utf8')) as { name: string; icons: unknown[] };
  expect(manifest.icons).toHaveLength(2);
  expect(htmlOf('/')).toContain('<link rel="manifest" href="/site.webmanifest">');
});

test('no browser script carries the site facts’ checks (they are read at build time only)', () => {
  const scripts = readdirSync(join(dist, '_astro')).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  const leaking = scripts.filter((file) => /CENTRAL_BANK_REFERENCE|must look like C12345/.test(readFileSync(join(dist, '_astro', file), 'utf8')));
  expect(leaking).toEqual([]);
});

test('the font is served from our origin, preloaded, and the only one', () => {
  const html = htmlOf('/van-insurance');
  const preload = html.match(/<link rel="preload" href="(\/_astro\/figtree-latin-wght-normal\.[\w-]+\.woff2)" as="font" type="font\/woff2" crossorigin>/);
  expect(preload).not.toBeNull();
  const fonts = readdirSync(join(dist, '_astro')).filter((file) => /\.(woff2?|ttf|otf)$/.test(file));
  expect(fonts).toEqual([preload![1]!.replace('/_astro/', '')]);
  expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
});
