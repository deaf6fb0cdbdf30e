import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { type Agent, signedInAs } from '../support/agent.ts';
import { escapeXml } from '#src/server/http/xml.ts';

// jsdom (for its strict XML parser) ships no types; its one constructor used here, typed by hand.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window & typeof globalThis } };

/**
 * /rss.xml must stay well-formed XML with only the elements it means to have, whatever the
 * staff write. Before, the feed library split only the first `]]>` of a CDATA section, so a
 * title holding it twice added elements of the author's choosing to the feed.
 */
let t: TestApp;
let staff: Agent;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staff = await signedInAs(t);
});
afterAll(() => t.test.drop());

const breakOut = ']]><evil>x</evil><![CDATA[';
const hostile = [
  {
    title: `One ${breakOut} two ${breakOut} three ]]> four`,
    excerpt: `A ${breakOut} B ${breakOut} C ]]>]]>`,
    body: `Text ]]> and ]]> and \`${breakOut}\` & <b>bold</b> "quotes" 'single'`,
    tags: ['R&D', '<tag>', ']]>'],
  },
  {
    title: 'Ampersands & <angles> "quotes" \'apostrophes\' ]]]]><![CDATA[>',
    excerpt: '&amp; stays as typed; <![CDATA[ x ]]> too',
    body: '```\n]]>]]>]]>\n```\n\n<evil-tag>x</evil-tag>',
    tags: [],
  },
];

/** The elements an RSS item of ours may hold. */
const ITEM_CHILDREN = new Set(['title', 'link', 'guid', 'pubDate', 'description', 'content:encoded', 'dc:creator', 'category', 'enclosure']);

describe('the RSS feed', () => {
  it('escapes titles, excerpts, bodies and tags holding ]]> and other XML-special characters', async () => {
    const created: { title: string; seoDescription: string; bodyHtml: string; tags: string[] }[] = [];
    for (const post of hostile) {
      const res = await staff.call('POST', '/api/v1/posts/create', { ...post, status: 'published' });
      expect(res.status).toBe(201);
      created.push((await res.json()).post);
    }
    const res = await t.call('GET', '/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');

    const doc = new new JSDOM('').window.DOMParser().parseFromString(await res.text(), 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.nodeName).toBe('rss');
    expect(doc.getElementsByTagName('evil')).toHaveLength(0);
    const channel = doc.documentElement.children;
    expect([...channel].map((child) => child.nodeName)).toEqual(['channel']);
    const items = [...doc.getElementsByTagName('item')];
    expect(items).toHaveLength(hostile.length);
    for (const item of items) {
      for (const child of item.children) expect(ITEM_CHILDREN.has(child.nodeName), child.nodeName).toBe(true);
      // Each text reads back exactly as stored: nothing cut off, nothing added.
      const post = created.find((candidate) => candidate.title === item.getElementsByTagName('title')[0]!.textContent)!;
      expect(post).toBeDefined();
      expect(item.getElementsByTagName('description')[0]!.textContent).toBe(post.seoDescription);
      expect(item.getElementsByTagName('content:encoded')[0]!.textContent).toBe(post.bodyHtml);
      expect([...item.getElementsByTagName('category')].map((category) => category.textContent)).toEqual(post.tags);
    }
  });

  it('revalidates with an ETag instead of being cached for minutes', async () => {
    const first = await t.call('GET', '/rss.xml');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await t.call('GET', '/rss.xml', undefined, { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
});

describe('escapeXml', () => {
  it('escapes the five special characters and drops what XML 1.0 forbids', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe('a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;');
    expect(escapeXml('tab\tnew\nline\u0000\u0001\u000B\u001F\uFFFE \uD800 \uDC00 ok 😀')).toBe('tab\tnew\nline   ok 😀');
  });
});
