import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../lib/chromium.ts';
import { pages } from '#src/site/pages.ts';
import { startLocalServer } from '../lib/local-server.ts';

/**
 * `npm run audit:lighthouse [path…]`: Lighthouse with its default mobile settings (throttled
 * 4G, mid-range phone) on every public route, or the paths given, in Debian's Chromium
 * against the real server. Prints a table of the four category scores. Build first.
 */
const paths = process.argv.slice(2).length ? process.argv.slice(2) : pages.map((page) => page.path);
// PORT picks the server's port (a shared machine gives each person theirs); otherwise a random one.
const server = await startLocalServer(process.env.PORT ? { PORT: process.env.PORT } : {});
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', ...chromiumArgs],
});

const rows: string[] = [];
try {
  for (const path of paths) {
    const result = await lighthouse(`${server.base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
    const categories = result?.lhr.categories ?? {};
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const audits = result?.lhr.audits ?? {};
    const lcp = audits['largest-contentful-paint']?.displayValue ?? '';
    const bytes = audits['total-byte-weight']?.numericValue ?? 0;
    const html = await (await fetch(`${server.base}${path}`)).text();
    const inlineJs = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
      (sum, match) => sum + (match[1]?.length ?? 0),
      0,
    );
    const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    const downloadedJs = requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    rows.push(
      `| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${lcp} | ${Math.round(bytes / 1024)} KB | ${(inlineJs / 1024).toFixed(1)} KB | ${(downloadedJs / 1024).toFixed(1)} KB |`,
    );
    console.error(`audited ${path}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.log('| path | performance | accessibility | best practices | SEO | LCP | transfer | inline JS | JS downloaded on load |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
