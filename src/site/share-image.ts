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

export async function renderShareImage({ title, brand, footer }: ShareCard): Promise<Buffer> {
  fonts ??= [
    { name: 'Figtree', data: font(500), weight: 500, style: 'normal' },
    { name: 'Figtree', data: font(700), weight: 700, style: 'normal' },
  ];
  const mark = `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${markViewBox}">${markShapes()}</svg>`).toString('base64')}`;
  const card = h(
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
  const svg = await satori(card as never, { ...SHARE_IMAGE_SIZE, fonts });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
}
