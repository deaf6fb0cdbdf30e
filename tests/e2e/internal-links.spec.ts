import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * Every built page's links and pictures on this site resolve to a built file (or to an address
 * the server answers itself), and no page carries template text (`${`) that escaped a build:
 * the About us page once linked to the literal text {`/fraud-prevention-${siteToken}`}.
 */
const dist = process.env.DIST_DIR ?? 'dist';
const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));

/** Addresses the server answers itself rather than from a built file. */
const SERVED_BY_THE_APP = [/^\/api\//, /^\/media\//, /^\/admin(\/|$)/, /^\/rss\.xml$/, /^\/sitemap\.xml$/, /^\/robots\.txt$/, /^\/metrics$/];

/** The addresses on this site a page links to or loads (href and src), without query or fragment. */
function internalAddresses(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src)="(\/(?!\/)[^"#?]*)/g)) found.add(match[1]!);
  return [...found];
}

/** Links that are no kind of address: not on this site (/…), nor web, mail, phone, this page's query or a place on it. */
function malformedLinks(html: string): string[] {
  return [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]!).filter((href) => !/^(\/|https?:|mailto:|tel:|#|\?)/.test(href));
}

/** Whether the build has a file for an address, as the server looks it up (exact, .html, or a folder's index). */
function isBuilt(address: string): boolean {
  const path = decodeURIComponent(address).replace(/\/$/, '') || '/';
  if (path === '/') return existsSync(join(dist, 'index.html'));
  return [path, `${path}.html`, join(path, 'index.html')].some((candidate) => existsSync(join(dist, candidate)));
}

test('the build has pages to check', () => {
  expect(pages.length).toBeGreaterThan(30);
});

for (const file of pages) {
  test(`every link on this site resolves, and no template text is left, in ${file}`, () => {
    const html = readFileSync(join(dist, file), 'utf8');
    const broken = internalAddresses(html).filter((address) => !SERVED_BY_THE_APP.some((pattern) => pattern.test(address)) && !isBuilt(address));
    expect(broken, file).toEqual([]);
    expect(malformedLinks(html), file).toEqual([]);
    // Outside scripts and JSON-LD, where `${` is code, not words.
    const words = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(words.includes('${'), file).toBe(false);
  });
}

test('the check finds a link to nothing and template text', () => {
  expect(internalAddresses('<a href="/no-such-page">x</a><img src="/_astro/x.css"><a href="//elsewhere.example/">y</a>')).toEqual([
    '/no-such-page',
    '/_astro/x.css',
  ]);
  expect(isBuilt('/no-such-page')).toBe(false);
  // What the About us page once held: template text rendered as a link relative to the page.
  expect(malformedLinks('<a href="%7B%60/fraud-prevention-$%7BsiteToken%7D%60%7D">x</a><a href="tel:+35361">y</a>')).toEqual([
    '%7B%60/fraud-prevention-$%7BsiteToken%7D%60%7D',
  ]);
  expect(isBuilt('/')).toBe(true);
});
