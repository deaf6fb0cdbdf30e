import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ElementCreateSchema } from '#src/schemas/content.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { pages } from '#src/site/pages.ts';
import { fillFacts } from '#src/site/content-facts.ts';
import { siteFacts } from '#src/site/facts.ts';
import { drawnIconBodies } from '#src/lib/drawn-icons.ts';

/** The seeded copy must be content the back-office itself would accept, for pages that exist. */

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const elements = seedPages.flatMap((page) =>
  page.sections.flatMap((section) => section.elements.map((element) => ({ where: `${page.root}/${section.name} › ${element.name}`, element }))),
);

const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

describe('the content seed', () => {
  it('holds only values the content API accepts (types, caps, names without slashes)', () => {
    for (const { where, element } of elements) {
      const parsed = v.safeParse(ElementCreateSchema, { sectionId: SOME_ID, ...element });
      expect(parsed.success ? '' : `${where}: ${v.summarize(parsed.issues)}`).toBe('');
    }
    for (const page of seedPages) for (const section of page.sections) expect(section.name).not.toContain('/');
  });

  it('names each page, section and element once', () => {
    const roots = seedPages.map((page) => page.root);
    expect(new Set(roots).size).toBe(roots.length);
    for (const page of seedPages) {
      const names = page.sections.map((section) => section.name);
      expect(new Set(names).size, page.root).toBe(names.length);
      for (const section of page.sections) {
        const elementNames = section.elements.map((element) => element.name);
        expect(new Set(elementNames).size, `${page.root}/${section.name}`).toBe(elementNames.length);
      }
    }
  });

  it('belongs to pages of the page table, and leaves the legal pages in code', () => {
    const paths = new Set(pages.map((page) => page.path));
    for (const page of seedPages) for (const path of [page.path, ...page.alsoAt]) expect(paths.has(path), path).toBe(true);
    const seeded = new Set(seedPages.flatMap((page) => [page.path, ...page.alsoAt]));
    for (const legal of ['/privacy-statement', '/terms-of-business', '/cookies-policy', '/disclaimer', '/commission-summary', '/online-quotation-assumptions'])
      expect(seeded.has(legal), legal).toBe(false);
  });

  it('holds no template text (a dollar sign before a brace), and no brace or backquote left once the site facts are filled in', () => {
    for (const { where, element } of elements)
      for (const text of strings(element.value)) {
        expect(text, where).not.toContain('${');
        expect(fillFacts(text, where), where).not.toMatch(/[{}`]/);
      }
  });

  it('links only to addresses the site has: pages of the page table, and the feed', () => {
    // The feed is the app's own route (src/server/routes/feed.ts), not a page.
    const addresses = new Set([...pages.map((page) => page.path), '/rss.xml']);
    const links: { where: string; link: string }[] = [];
    for (const { where, element } of elements)
      for (const text of strings(element.value)) {
        const filled = fillFacts(text, where);
        // A Markdown link's address, or a whole value that is an address (a link element's, a list entry's).
        for (const match of filled.matchAll(/\]\(([^)\s]*)\)/g)) links.push({ where, link: match[1]! });
        if (/^\/\S*$/.test(filled)) links.push({ where, link: filled });
      }
    // Anything but a web, mail or phone address is one of ours, so a link that is no address at all fails too.
    const internal = links.filter(({ link }) => !/^(https?:|mailto:|tel:)/.test(link));
    expect(internal.length).toBeGreaterThan(50);
    for (const { where, link } of internal) expect(addresses.has(link.replace(/[?#].*$/, '')), `${where}: ${link}`).toBe(true);
    expect(internal.map(({ link }) => link)).toContain(`/fraud-prevention-${siteFacts().siteToken}`);
  });

  it('names only site facts that exist, and key facts each with an icon of the icon set', () => {
    for (const { where, element } of elements) for (const text of strings(element.value)) expect(() => fillFacts(text, where)).not.toThrow();
    const require = createRequire(import.meta.url);
    const keyFacts = elements.filter(({ where }) => where.endsWith('/Key facts › Facts'));
    expect(keyFacts.length).toBeGreaterThanOrEqual(6);
    for (const { where, element } of keyFacts)
      for (const fact of element.value as { icon: string }[])
        expect(fact.icon in drawnIconBodies || existsSync(require.resolve(`lucide-static/icons/${fact.icon}.svg`)), `${where}: ${fact.icon}`).toBe(true);
  });

  it('gives each product and service page an empty Intro › Picture, so the page shows its own illustration until staff choose a photo', () => {
    // Every page drawn with the product layout, read from its page file, so a new one cannot be missed.
    const illustrated = readdirSync('src/pages')
      .filter((file) => file.endsWith('.astro'))
      // The path among the layout's props, wherever it stands in them.
      .map((file) => readFileSync(`src/pages/${file}`, 'utf8').match(/<ProductLayout\b[^>]*?\spath="([^"]+)"/)?.[1])
      .filter((path) => path !== undefined);
    expect(illustrated).toHaveLength(12);
    for (const path of illustrated) {
      const seed = seedPages.find((page) => page.path === path);
      const picture = seed?.sections.find((section) => section.name === 'Intro')?.elements.find((element) => element.name === 'Picture');
      expect(picture, path).toMatchObject({ fieldType: 'image', value: { mediaId: '', alt: '' } });
      expect(picture?.config.hint, path).toMatch(/illustration/);
    }
  });
});
