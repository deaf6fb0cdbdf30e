import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { pages } from '../site/pages.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { startLocalServer } from './local-server.ts';

/**
 * `npm run screenshots [path…]`: a full-page PNG of every public route of the page table (or
 * the paths given) at 1366 and 390 px wide, into `screenshots/` (git-ignored), named
 * `<route>-<width>.png`, for a person to review. Runs the real server on the built site,
 * so build first. `SCREENSHOT_WIDTHS=320,1024` takes other widths; a page wider than its
 * window (horizontal scroll) is reported, and below 768 px every control smaller than a
 * finger (44 × 44 px; links inside running text excepted, as WCAG 2.5.5 allows).
 */
const paths = process.argv.slice(2).length ? process.argv.slice(2) : pages.map((page) => page.path);
const widths = (process.env.SCREENSHOT_WIDTHS ?? '1366,390').split(',').map(Number);
const outDir = join(process.cwd(), 'screenshots');
mkdirSync(outDir, { recursive: true });

const server = await startLocalServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const overflowing: string[] = [];
const smallTargets: string[] = [];

/** Controls under 44 px in either direction, as "tag 'text' w×h"; a link in a sentence is not one. */
function findSmallTargets(): string[] {
  const controls = document.querySelectorAll<HTMLElement>('a[href], button, select, textarea, input:not([type="hidden"]), summary, [role="button"]');
  const small: string[] = [];
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || control.closest('.visually-hidden, [aria-hidden="true"], .skip-link')) continue;
    if (getComputedStyle(control).visibility === 'hidden') continue;
    // A radio or tick box is hit through its label, which is the target to measure.
    const label = control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox') ? control.closest('label') : null;
    // A card's link stretched over the card by an absolutely placed ::after: the card is the target.
    const stretched = getComputedStyle(control, '::after').position === 'absolute' ? control.offsetParent : null;
    // A switch's track is drawn smaller than its target, which an absolutely placed ::before makes 44 px.
    if (control.getAttribute('role') === 'switch' && getComputedStyle(control, '::before').position === 'absolute') continue;
    const target = label ?? stretched ?? control;
    const { width, height } = target.getBoundingClientRect();
    if (width >= 44 && height >= 44) continue;
    const inSentence =
      control.tagName === 'A' && control.parentElement && /\S/.test((control.parentElement.textContent ?? '').replace(control.textContent ?? '', ''));
    if (inSentence && getComputedStyle(control).display === 'inline') continue;
    small.push(
      `${control.tagName.toLowerCase()} '${(control.textContent || control.getAttribute('aria-label') || control.id).trim().slice(0, 40)}' ${Math.round(width)}×${Math.round(height)}`,
    );
  }
  return small;
}
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      deviceScaleFactor: 1,
      isMobile: width < 768,
      hasTouch: width < 768,
    });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) overflowing.push(`${path} at ${width} px is ${scrollWidth} px wide`);
      if (width < 768) for (const target of await page.evaluate(findSmallTargets)) smallTargets.push(`${path} at ${width} px: ${target}`);
      const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '_');
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${paths.length * widths.length} screenshots in ${outDir}`);
if (overflowing.length) {
  console.log(`Horizontal scroll:\n  ${overflowing.join('\n  ')}`);
  process.exitCode = 1;
}
if (smallTargets.length) {
  console.log(`Targets under 44 px:\n  ${smallTargets.join('\n  ')}`);
  process.exitCode = 1;
}
