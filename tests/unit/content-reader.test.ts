import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SNAPSHOT_NAME } from '#src/site/snapshot-dir.ts';
import { contentDescription, contentFor } from '#src/site/content.ts';
import { SNAPSHOT_DIR_VARIABLE } from '#src/site/snapshot-dir.ts';

/** The build's reader of the published content: values as the pages need them, or a loud failure naming the section. */

type Element = { name: string; fieldType: string; value: unknown };
const previousDir = process.env[SNAPSHOT_DIR_VARIABLE];
afterEach(() => {
  if (previousDir === undefined) delete process.env[SNAPSHOT_DIR_VARIABLE];
  else process.env[SNAPSHOT_DIR_VARIABLE] = previousDir;
});

/** A snapshot folder of its own for each case (the reader keeps one snapshot per file). */
function publish(sections: Record<string, Element[]>) {
  const dir = mkdtempSync(join(tmpdir(), 'content-reader-'));
  const snapshot = { sections: Object.fromEntries(Object.entries(sections).map(([namePath, elements]) => [namePath, { namePath, elements }])) };
  writeFileSync(join(dir, CONTENT_SNAPSHOT_NAME), JSON.stringify(snapshot));
  process.env[SNAPSHOT_DIR_VARIABLE] = dir;
}

describe('the content reader', () => {
  it('gives text with site facts filled in, Markdown sanitised, lists and key facts', () => {
    publish({
      'Home/Hero': [
        { name: 'Heading', fieldType: 'text', value: 'Call {salesPhone} <b>now</b>' },
        { name: 'Lead', fieldType: 'markdown', value: 'See [us](/about-us) <script>alert(1)</script> and [them](https://example.com).' },
      ],
      'Van insurance/Key facts': [
        {
          name: 'Facts',
          fieldType: 'list',
          value: [
            { icon: 'truck', title: 'Use', text: 'Declare it.' },
            { icon: 'shield', text: 'Cover.' },
          ],
        },
      ],
    });
    const hero = contentFor('/').section('Hero');
    // Text stays text: the page escapes it.
    expect(hero.text('Heading')).toBe('Call 061 555 0140 <b>now</b>');
    const lead = hero.markdown('Lead');
    expect(lead).toContain('<a href="/about-us">us</a>');
    expect(lead).toContain('<a href="https://example.com" rel="nofollow noopener">them</a>');
    expect(lead).not.toContain('<script');
    expect(contentFor('/van-insurance').section('Key facts').keyFacts('Facts')).toEqual([
      { icon: 'truck', title: 'Use', text: 'Declare it.' },
      { icon: 'shield', text: 'Cover.' },
    ]);
  });

  it('fails the build with the name path when a section or element is missing or of the wrong type', () => {
    publish({ 'Home/Hero': [{ name: 'Heading', fieldType: 'markdown', value: 'Hi' }] });
    expect(() => contentFor('/').section('How it works')).toThrow('Content section "Home/How it works" (used by /) is missing');
    const hero = contentFor('/').section('Hero');
    expect(() => hero.text('Lead')).toThrow('Content "Home/Hero" › "Lead" is missing');
    expect(() => hero.text('Heading')).toThrow('is a markdown element; the page needs text or longText');
    // A page reads only the sections its seed file declares.
    expect(() => contentFor('/').section('Secret')).toThrow('which its seed file does not declare');
  });

  it('refuses a value the API would refuse, an unknown site fact, an icon that is not a name and a list link that is not a link', () => {
    publish({
      'Home/Hero': [
        { name: 'Heading', fieldType: 'text', value: 'x'.repeat(501) },
        { name: 'Lead', fieldType: 'text', value: 'Call {nightPhone}' },
      ],
      'Home/What we insure': [{ name: 'Cards', fieldType: 'list', value: [{ link: 'javascript:alert(1)', icon: 'truck', title: 'T', text: 'x' }] }],
      'Van insurance/Key facts': [{ name: 'Facts', fieldType: 'list', value: [{ icon: '../../etc/passwd', text: 'x' }] }],
    });
    const hero = contentFor('/').section('Hero');
    expect(() => hero.text('Heading')).toThrow('has a value the page cannot use');
    expect(() => hero.text('Lead')).toThrow('unknown site fact {nightPhone}');
    expect(() => contentFor('/').section('What we insure').list('Cards', ['link', 'icon', 'title', 'text'])).toThrow('is not a link');
    expect(() => contentFor('/van-insurance').section('Key facts').keyFacts('Facts')).toThrow('is not an icon name');
  });

  it('takes a page description from a Description element in its root section, when there is one', () => {
    publish({ 'Van insurance': [{ name: 'Description', fieldType: 'text', value: 'Our own description.' }], Home: [] });
    expect(contentDescription('/van-insurance')).toBe('Our own description.');
    expect(contentDescription('/')).toBeUndefined();
    expect(contentDescription('/privacy-statement')).toBeUndefined();
  });
});
