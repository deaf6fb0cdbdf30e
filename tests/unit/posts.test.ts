import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { slugify } from '#src/lib/slugify.ts';
import { PostInputSchema } from '#src/schemas/post.ts';
import { markdownToSafeHtml } from '#src/lib/markdown.ts';
import { fieldErrors } from '#src/server/http/envelope.ts';

describe('slugs', () => {
  it.each([
    ['Van Insurance for Convicted Drivers', 'van-insurance-for-convicted-drivers'],
    ['Seán’s Guide to Driver CPC — 2026!', 'sean-s-guide-to-driver-cpc-2026'],
    ['  Tools & Equipment  ', 'tools-and-equipment'],
    ['€2.6m or €6.5m?', '2-6m-or-6-5m'],
    ['---', ''],
  ])('%j becomes %j', (title, slug) => expect(slugify(title)).toBe(slug));

  it('caps the length without a trailing hyphen', () => {
    const slug = slugify('a '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('Markdown is rendered to safe HTML', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload=alert(1)><circle/></svg>',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<object data="x.swf"></object>',
    '<form action="https://evil.example"><input name=a></form>',
    '<a href="https://ok.example" onclick="alert(1)">ok</a>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  ];
  it.each(payloads)('neutralises %s', (payload) => {
    const html = markdownToSafeHtml(payload).toLowerCase();
    expect(html).not.toMatch(/<script|<iframe|<svg|<object|<form|<style|onerror|onclick|onload|javascript:|data:text/);
  });

  it('keeps ordinary content, demotes # to h2 and marks links nofollow', () => {
    const html = markdownToSafeHtml('# Penalty points\n\nSee the [RSA](https://www.rsa.ie) and **read this**.\n\n- one\n- two');
    expect(html).toContain('<h2>Penalty points</h2>');
    expect(html).toContain('<a href="https://www.rsa.ie" rel="nofollow noopener">RSA</a>');
    expect(html).toContain('<strong>read this</strong>');
    expect(html).toContain('<li>one</li>');
  });

  it('leaves links to this site, mail and phone followed (no nofollow), but not a protocol-relative one', () => {
    const html = markdownToSafeHtml('[quote](/van-insurance-quotes) [mail](mailto:sales@example.ie) [call](tel:0615550140) [away](//elsewhere.example)');
    expect(html).toContain('<a href="/van-insurance-quotes">quote</a>');
    expect(html).toContain('<a href="mailto:sales@example.ie">mail</a>');
    expect(html).toContain('<a href="tel:0615550140">call</a>');
    expect(html).not.toContain('elsewhere.example');
  });
});

describe('the post form rules', () => {
  const base = { title: 'A title', body: 'Some body text.' };
  it('needs a title and a body, and defaults the rest', () => {
    const parsed = v.parse(PostInputSchema, base);
    expect(parsed).toMatchObject({ status: 'draft', slug: '', tags: [], excerpt: '' });
    const failed = v.safeParse(PostInputSchema, {});
    expect(fieldErrors(failed.issues ?? [])).toEqual([
      { field: 'title', message: 'Required' },
      { field: 'body', message: 'Required' },
    ]);
  });
  it('drops duplicate and empty tags whatever their case, and caps their number', () => {
    expect(v.parse(PostInputSchema, { ...base, tags: ['Fleet', ' fleet ', '', 'NCD'] }).tags).toEqual(['Fleet', 'NCD']);
    expect(v.safeParse(PostInputSchema, { ...base, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }).success).toBe(false);
  });
  it('asks for a date when scheduling and alt text when there is a cover image', () => {
    const scheduled = v.safeParse(PostInputSchema, { ...base, status: 'scheduled' });
    expect(fieldErrors(scheduled.issues ?? [])).toEqual([{ field: 'publishedAt', message: 'Choose when to publish' }]);
    const cover = v.safeParse(PostInputSchema, { ...base, coverImage: '5b0c2d62-8f3e-4a51-9c0e-2f4d1b7a9e10' });
    expect(fieldErrors(cover.issues ?? [])).toEqual([{ field: 'coverAlt', message: 'Describe the image for people who cannot see it' }]);
    expect(v.safeParse(PostInputSchema, { ...base, slug: 'Not A Slug' }).success).toBe(false);
  });
});
