import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { joinedWords } from '../support/joined-words.ts';

/**
 * Every built page, read as a visitor reads it: no word runs into a link or other inline
 * element ("set out in our<a>summary</a>"). Astro 7's default whitespace compression
 * ('jsx') dropped the space at a line break before an inline element; astro.config.mjs
 * sets compressHTML: true, which keeps it.
 */
const dist = process.env.DIST_DIR ?? 'dist';
const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));

test('the build has pages to read', () => {
  expect(pages.length).toBeGreaterThan(30);
});

for (const file of pages) {
  test(`no word touches an inline element's text in ${file}`, () => {
    const html = readFileSync(join(dist, file), 'utf8');
    expect(joinedWords(html), relative('.', join(dist, file))).toEqual([]);
  });
}

test('the check finds a word run into a link', () => {
  expect(joinedWords('<p>set out in our<a href="/x">summary</a>, or call<a href="tel:1">061</a> now</p>')).toHaveLength(2);
  expect(joinedWords('<p>set out in our <a href="/x">summary</a>, or call (<a href="tel:1">061</a>).</p>')).toEqual([]);
});
