import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { pages } from '#src/site/pages.ts';
import { leadKinds } from '#src/schemas/leads/index.ts';
import { chromiumArgs, chromiumPath, irishDateFields } from '../lib/chromium.ts';
import { startLocalServer } from '../lib/local-server.ts';
import { findOutsideWindow, findSmallTargets } from '../lib/page-checks.ts';

/**
 * `npm run screenshots [path…]`: a full-page PNG of every public route of the page table (or
 * the paths given) at 1366 and 390 px wide, into `screenshots/` (git-ignored), named
 * `<route>-<width>.png`, for a person to review. Runs the real server on the built site,
 * so build first. `SCREENSHOT_WIDTHS=320,1024` takes other widths; a page wider than its
 * window (horizontal scroll) is reported, and below 768 px every control smaller than a
 * finger (44 × 44 px; links inside running text excepted, as WCAG 2.5.5 allows).
 * Then each page is swept from 320 to 1920 px in steps of SCREENSHOT_SWEEP_STEP (20 px; 0
 * skips it), reporting every width where it scrolls sideways or an element leaves the window:
 * a header can fit at 1024 and 1366 and still overflow at 1280.
 */
const paths = process.argv.slice(2).length ? process.argv.slice(2) : pages.map((page) => page.path);
const widths = (process.env.SCREENSHOT_WIDTHS ?? '1366,390').split(',').map(Number);
const outDir = join(process.cwd(), 'screenshots');
mkdirSync(outDir, { recursive: true });

// PORT, when given, keeps the server on the port the caller was given (several checkouts may run at once).
const server = await startLocalServer(process.env.PORT ? { PORT: process.env.PORT } : {});
// An Irish visitor's browser: date fields day, month, year (see irishDateFields), Dublin's clock.
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...chromiumArgs, ...irishDateFields] });
const overflowing: string[] = [];
const smallTargets: string[] = [];
const sweepStep = Number(process.env.SCREENSHOT_SWEEP_STEP ?? '20');
/**
 * A thank-you page as a visitor lands on it, with a request's reference (?ref=), which it shows
 * (a real request's, as the form's redirect carries it). Numbers as a season's requests would
 * run, this year's and one per kind: a run of zeros ending 123 read as sample data in review.
 */
const referenceNumbers = ['004817', '000962', '001375', '002648', '003091'];
const sampleReference = Object.fromEntries(
  Object.values(leadKinds).map((kind, index) => [
    kind.thankYou,
    `?ref=${kind.prefix}-${new Date().getUTCFullYear()}-${referenceNumbers[index % referenceNumbers.length]}`,
  ]),
);

try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      deviceScaleFactor: 1,
      isMobile: width < 768,
      hasTouch: width < 768,
      locale: 'en-IE',
      timezoneId: 'Europe/Dublin',
    });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(`${server.base}${path}${sampleReference[path] ?? ''}`, { waitUntil: 'networkidle' });
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) overflowing.push(`${path} at ${width} px is ${scrollWidth} px wide`);
      if (width < 768) for (const target of await page.evaluate(findSmallTargets)) smallTargets.push(`${path} at ${width} px: ${target}`);
      const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '_');
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });
    }
    await context.close();
  }
  if (sweepStep > 0) {
    const page = await browser.newPage({ viewport: { width: 1920, height: 900 }, deviceScaleFactor: 1 });
    for (const path of paths) {
      await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
      for (let width = 320; width <= 1920; width += sweepStep) {
        await page.setViewportSize({ width, height: 900 });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) overflowing.push(`${path} at ${width} px is ${scrollWidth} px wide`);
        for (const element of await page.evaluate(findOutsideWindow)) overflowing.push(`${path} at ${width} px: ${element} outside the window`);
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${paths.length * widths.length} screenshots in ${outDir}`);
if (sweepStep > 0) console.log(`Swept ${paths.length} pages from 320 to 1920 px in ${sweepStep} px steps.`);
if (overflowing.length) {
  console.log(`Horizontal scroll:\n  ${overflowing.join('\n  ')}`);
  process.exitCode = 1;
}
if (smallTargets.length) {
  console.log(`Targets under 44 px:\n  ${smallTargets.join('\n  ')}`);
  process.exitCode = 1;
}
