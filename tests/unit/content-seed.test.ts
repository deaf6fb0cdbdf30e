import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ElementCreateSchema } from '../../src/schemas/content.ts';
import { seedPages } from '../../src/server/content/seed/index.ts';
import { pages } from '../../src/site/pages.ts';
import { fillFacts } from '../../src/site/content-facts.ts';

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

  it('names only site facts that exist, and key facts each with an icon of the icon set', () => {
    for (const { where, element } of elements) for (const text of strings(element.value)) expect(() => fillFacts(text, where)).not.toThrow();
    const require = createRequire(import.meta.url);
    const keyFacts = elements.filter(({ where }) => where.endsWith('/Key facts › Facts'));
    expect(keyFacts.length).toBeGreaterThanOrEqual(6);
    for (const { where, element } of keyFacts)
      for (const fact of element.value as { icon: string }[])
        expect(existsSync(require.resolve(`lucide-static/icons/${fact.icon}.svg`)), `${where}: ${fact.icon}`).toBe(true);
  });
});
