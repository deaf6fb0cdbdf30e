/**
 * The brand's mark, drawn for this site: a shield over a road. One drawing for the header
 * and footer logo, the favicon, the app icons and the share images.
 */
export const markViewBox = '0 0 40 44';

/** The mark's shapes; `shield` and `line` are the two colours (defaults: the brand's orange on white lines). */
export function markShapes({ shield = '#b8420f', line = '#ffffff' }: { shield?: string; line?: string } = {}): string {
  return [
    `<path fill="${shield}" d="M20 1.5 37 7.6v13.1c0 10.3-7.1 18.6-17 21.8C10.1 39.3 3 31 3 20.7V7.6Z"/>`,
    `<path fill="none" stroke="${line}" stroke-width="2.4" stroke-linejoin="round" d="M15.2 35.5 18.6 12h2.8l3.4 23.5"/>`,
    `<path fill="none" stroke="${line}" stroke-width="1.6" stroke-linecap="round" d="M20 15.5v3.4M20 22.2v3.6M20 29.2v3.9"/>`,
  ].join('');
}

/** The mark as a standalone SVG file (the favicon). */
export function markSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${markViewBox}">${markShapes()}</svg>\n`;
}

/** A square app icon: the mark centred on the brand's navy, `size` px wide (as SVG, for sharp). */
export function appIconSvg(size: number): string {
  const pad = size * 0.18;
  const markHeight = size - 2 * pad;
  const markWidth = (markHeight * 40) / 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#0b3d5c"/><svg x="${(size - markWidth) / 2}" y="${pad}" width="${markWidth}" height="${markHeight}" viewBox="${markViewBox}">${markShapes()}</svg></svg>`;
}
