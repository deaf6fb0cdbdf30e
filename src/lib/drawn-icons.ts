/**
 * Icons drawn for the site in Lucide's style (24 × 24, a 2 px round stroke), for things the
 * Lucide set has no picture of: a van (Lucide's `truck` is a box lorry, which is the truck
 * page's) and a fleet (two vans, one behind the other). The site draws them as it draws a
 * Lucide icon (src/site/icon-svg.ts); the back-office's icon picker offers them beside Lucide's.
 */
const VAN =
  '<path d="M4.5 17H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h11l5 5h2a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1h-1.5" />' +
  '<path d="M8.5 17h7" /><path d="M14 5v5h5" /><circle cx="6.5" cy="17" r="2" /><circle cx="17.5" cy="17" r="2" />';

export const drawnIconBodies: Readonly<Record<string, string>> = {
  van: VAN,
  fleet:
    '<path d="M8 6.5V4a1 1 0 0 1 1-1h8l3.5 3.5H21a1 1 0 0 1 1 1V13a1 1 0 0 1-1 1h-1.5" />' +
    `<g transform="translate(0 6) scale(0.78)" stroke-width="2.4">${VAN}</g>`,
};

/** A drawn icon as a whole SVG, in the shape lucide-static exports its icons. */
export function drawnIconSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${drawnIconBodies[name] ?? ''}</svg>`;
}
