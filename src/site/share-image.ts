import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import { markShapes, markViewBox } from './brand-mark.ts';

/**
 * A page's share card (Open Graph and Twitter), drawn at build time from its title: the
 * brand's navy, the mark and name, the title in Figtree (from @fontsource/figtree: satori
 * reads WOFF, not WOFF2) and the regulatory line. 1200 × 630 PNG.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const require = createRequire(import.meta.url);
const font = (weight: 500 | 700) => readFileSync(require.resolve(`@fontsource/figtree/files/figtree-latin-${weight}-normal.woff`));
let fonts: { name: string; data: Buffer; weight: 500 | 700; style: 'normal' }[] | undefined;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, string | number>; children?: unknown } };
const h = (type: string, style: Record<string, string | number>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, children },
});

export type ShareCard = { title: string; brand: string; footer: string };

/** The card's title: the page title without the " | Brand" every title ends with. */
export function cardTitle(pageTitle: string, brand: string): string {
  return pageTitle.replace(new RegExp(`\\s*\\|\\s*${brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`), '').replace(new RegExp(`^${brand}\\s*\\|\\s*`), '');
}

const loadFonts = () =>
  (fonts ??= [
    { name: 'Figtree', data: font(500), weight: 500, style: 'normal' },
    { name: 'Figtree', data: font(700), weight: 700, style: 'normal' },
  ]);

/** How the PNG is written; part of the cache key (share-image-cache.ts). */
const PNG_OPTIONS = { compressionLevel: 9, palette: true } as const;

/** The card's layout as satori draws it: everything the picture depends on besides the fonts and the libraries. */
function cardTree({ title, brand, footer }: ShareCard): Node {
  const mark = `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${markViewBox}">${markShapes()}</svg>`).toString('base64')}`;
  return h(
    'div',
    {
      // Satori adds padding to the size (content-box): the box is the card less its padding.
      width: `${SHARE_IMAGE_SIZE.width - 144}px`,
      height: `${SHARE_IMAGE_SIZE.height - 128}px`,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      background: 'linear-gradient(135deg, #072a40 0%, #0b3d5c 60%, #1d5f86 100%)',
      color: '#ffffff',
      fontFamily: 'Figtree',
    },
    [
      h('div', { display: 'flex', alignItems: 'center', gap: '20px' }, [
        h('img', { width: '64px', height: '70px' }, undefined, { src: mark, width: 64, height: 70 }),
        h('div', { fontSize: '36px', fontWeight: 700 }, brand),
      ]),
      h(
        'div',
        { display: 'flex', fontSize: title.length > 60 ? '56px' : '68px', fontWeight: 700, lineHeight: 1.1, letterSpacing: '-1px', maxWidth: '1000px' },
        title,
      ),
      h('div', { display: 'flex', fontSize: '26px', fontWeight: 500, color: '#dcebf5', borderTop: '4px solid #e0652a', paddingTop: '20px' }, footer),
    ],
  );
}

/**
 * What the card's picture is made from, as one string: the layout, the fonts' bytes and the
 * versions of satori and sharp. Two cards with the same inputs are the same PNG, so a build
 * reuses an earlier one (share-image-cache.ts) instead of drawing it again.
 */
export function shareImageInputs(card: ShareCard): string {
  const versions = { satori: (require('satori/package.json') as { version: string }).version, sharp: sharp.versions };
  const fontBytes = loadFonts().map(({ weight, data }) => `${weight}:${createHash('sha256').update(data).digest('hex')}`);
  return JSON.stringify({ versions, fonts: fontBytes, size: SHARE_IMAGE_SIZE, png: PNG_OPTIONS, tree: cardTree(card) });
}

export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const svg = await satori(cardTree(card) as never, { ...SHARE_IMAGE_SIZE, fonts: loadFonts() });
  return sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer();
}
