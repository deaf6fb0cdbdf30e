import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../lib/chromium.ts';
import { startLocalServer } from '../lib/local-server.ts';

/**
 * `npm run measure:weight [path…]`: what a phone downloads to show a page (default `/` and
 * `/van-insurance`), by kind (HTML, CSS, font, image, script), as bytes on the wire
 * (brotli, as the server sends them) and decoded. Runs the real server on the built site.
 */
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/van-insurance'];
const kinds = { document: 'HTML', stylesheet: 'CSS', font: 'font', image: 'images', script: 'JS' } as const;
type Kind = (typeof kinds)[keyof typeof kinds];

const server = await startLocalServer();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const rows: string[] = [];
try {
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    const page = await context.newPage();
    const totals = new Map<Kind, { wire: number; decoded: number }>();
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const kind = kinds[request.resourceType() as keyof typeof kinds];
      if (!kind) return;
      pending.push(
        (async () => {
          const sizes = await request.sizes();
          const body = await (await request.response())?.body().catch(() => undefined);
          const sum = totals.get(kind) ?? { wire: 0, decoded: 0 };
          sum.wire += sizes.responseBodySize;
          sum.decoded += body?.length ?? sizes.responseBodySize;
          totals.set(kind, sum);
        })(),
      );
    });
    await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const cell = (kind: Kind) => {
      const sum = totals.get(kind) ?? { wire: 0, decoded: 0 };
      return `${(sum.wire / 1024).toFixed(1)} / ${(sum.decoded / 1024).toFixed(1)}`;
    };
    const all = [...totals.values()].reduce((sum, item) => ({ wire: sum.wire + item.wire, decoded: sum.decoded + item.decoded }), { wire: 0, decoded: 0 });
    rows.push(
      `| ${path} | ${cell('HTML')} | ${cell('CSS')} | ${cell('font')} | ${cell('images')} | ${cell('JS')} | ${(all.wire / 1024).toFixed(1)} / ${(all.decoded / 1024).toFixed(1)} |`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log('KB on the wire / decoded, at 390 px:\n');
console.log('| path | HTML | CSS | font | images | JS | total |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
