import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { drawnIconBodies } from '../lib/drawn-icons.ts';

/**
 * An icon from the Lucide set (lucide-static) as inline SVG markup, read when the page is
 * built: no request, no script, and it takes the text colour. Decorative: the words beside it
 * name the thing, so it is hidden from assistive technology. Icon.astro draws it in a
 * component; HTML built as a string (a product text's parts) takes it from here.
 */
export function iconBody(name: string): string {
  // The few the site draws itself (a van, a fleet), which Lucide has no picture of.
  const drawn = drawnIconBodies[name];
  if (drawn) return drawn;
  const file = createRequire(import.meta.url).resolve(`lucide-static/icons/${name}.svg`);
  return readFileSync(file, 'utf8')
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '');
}

export function iconSvg(name: string, className?: string): string {
  const classes = ['icon', className].filter(Boolean).join(' ');
  return `<svg class="${classes}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${iconBody(name)}</svg>`;
}
