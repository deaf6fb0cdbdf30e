/**
 * The brand's mark, drawn for this site: a shield crossed by a road that sweeps up to the
 * right, its centre line dashed. No letter hides in it, and it reads at 24 px. One drawing
 * for the header and footer logo, the favicon (which the back-office shows too), the app
 * icons and the share images.
 */
export const markViewBox = '0 0 40 44';

/** The brand's colours (src/styles/tokens.css: --colour-accent and --colour-brand). */
const ORANGE = '#b8420f';
const NAVY = '#0b3d5c';

const SHIELD = 'M20 1.5 37 7.6v13.1c0 10.3-7.1 18.6-17 21.8C10.1 39.3 3 31 3 20.7V7.6Z';
/** The road's two edges meet the shield's outline exactly, so nothing needs clipping (no ids on the page). */
const ROAD = 'M4.42 28.43C14.58 26.27 24.32 25.35 37 18.1v2.6c0 2.78-.52 5.41-1.47 7.84-9.11 4.3-17.62 5.66-25.94 7.72-2.26-2.23-4.03-4.88-5.17-7.83Z';
/** The centre line: four dashes, a whole one at each end. */
const CENTRE_LINE = 'M8.6 32.05C16.7 30.22 24.9 28.88 34.2 24.4';

/** The mark's shapes: the shield, the road and its centre line (defaults: orange, white and navy). */
export function markShapes({ shield = ORANGE, road = '#ffffff', line = NAVY }: { shield?: string; road?: string; line?: string } = {}): string {
  return [
    `<path fill="${shield}" d="${SHIELD}"/>`,
    `<path fill="${road}" d="${ROAD}"/>`,
    `<path fill="none" stroke="${line}" stroke-width="1.7" stroke-linecap="round" stroke-dasharray="3.4 4.4" d="${CENTRE_LINE}"/>`,
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
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${NAVY}"/><svg x="${(size - markWidth) / 2}" y="${pad}" width="${markWidth}" height="${markHeight}" viewBox="${markViewBox}">${markShapes()}</svg></svg>`;
}
