import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../../tests/support/chromium.ts';
import { pages } from '../site/pages.ts';
import { startLocalServer } from './local-server.ts';

/**
 * `npm run audit:lighthouse [path…]`: Lighthouse with its default mobile settings (throttled
 * 4G, mid-range phone) on every public route, or the paths given, in Debian's Chromium
 * against the real server. Prints a table of the four category scores. Build first.
 */
const paths = process.argv.slice(2).length ? process.argv.slice(2) : pages.map((page) => page.path);
const server = await startLocalServer();
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
    rows.push(`| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${lcp} | ${Math.round(bytes / 1024)} KB |`);
    console.error(`audited ${path}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.log('| path | performance | accessibility | best practices | SEO | LCP | transfer |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
