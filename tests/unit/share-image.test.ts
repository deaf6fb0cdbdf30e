import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appIconSvg, markSvg } from '#src/site/brand-mark.ts';
import { absoluteUrl, pageFor, pages, shareImageFor } from '#src/site/pages.ts';
import { cardTitle, renderShareImage, SHARE_IMAGE_SIZE } from '#src/site/share-image.ts';

describe('share cards and icons', () => {
  it('every page of the table shares its own card, drawn from its title', () => {
    expect(shareImageFor(pageFor('/'))).toBe('/og/home.png');
    expect(shareImageFor(pageFor('/van-insurance'))).toBe('/og/van-insurance.png');
    expect(new Set(pages.map(shareImageFor)).size).toBe(pages.length);
    expect(absoluteUrl(shareImageFor(pageFor('/faqs')))).toMatch(/\/og\/faqs\.png$/);
  });

  it('takes the brand off the title it draws', () => {
    expect(cardTitle('Van Insurance Ireland | Acme Vans', 'Acme Vans')).toBe('Van Insurance Ireland');
    expect(cardTitle('Acme Vans | Van, Fleet and Truck', 'Acme Vans')).toBe('Van, Fleet and Truck');
  });

  it('draws a 1200 × 630 PNG', async () => {
    const png = await renderShareImage({ title: 'Van Insurance Ireland', brand: 'Acme Vans', footer: 'Regulated by the Central Bank of Ireland' });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height]);
  }, 20_000);

  it('makes square app icons and an SVG favicon from the one mark', async () => {
    const meta = await sharp(Buffer.from(appIconSvg(180)))
      .png()
      .metadata();
    expect([meta.width, meta.height]).toEqual([180, 180]);
    expect(markSvg()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 40 44">/);
    // Drawn inline twice on every page (header and footer): no id that could repeat.
    expect(markSvg()).not.toMatch(/\sid=|url\(#/);
  });
});
