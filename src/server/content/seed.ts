import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentElements, contentSections } from '../db/schema.ts';
import { renderMarkdown } from '../posts/render-markdown.ts';
import { lockTree } from './queries.ts';
import type { SeedElement } from '#src/site/content-seed/define.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { demoContent } from '#src/site/content-seed/demo-content.ts';
import type { SectionRow } from './views.ts';

export type ContentSeedResult = { sections: number; elements: number };

/** `demo`: fill the trust facts and team with the demonstration broker's (development and tests only). */
export type ContentSeedOptions = { demo?: boolean };

/** The value an element is first given: the demonstration broker's, when asked for and there is one, else the seed's. */
const startingValue = (namePath: string, element: SeedElement, demo: boolean): unknown =>
  (demo ? demoContent[namePath]?.[element.name] : undefined) ?? element.value;

/**
 * Gives the site its copy: every section and element of the seed (src/site/content-seed/)
 * that is not in the database yet is added and published at once, so a fresh install's site
 * reads as the code's copy did, and an upgrade gains the sections a new page reads. What is
 * there already is left alone: staff edits are never overwritten. One transaction under the
 * content tree's lock, so two servers starting together seed once and a half-seeded tree is
 * never seen. Returns how many sections and elements were added.
 */
export async function seedContent(db: Db, { demo = false }: ContentSeedOptions = {}): Promise<ContentSeedResult> {
  // What is missing, read first: its Markdown is rendered before the transaction, so the tree
  // lock is not held while the Markdown thread works (and a start with nothing missing renders nothing).
  const presentBefore = await presentElements(db);
  const rendered = new Map<string, string>();
  for (const page of seedPages)
    for (const section of page.sections)
      for (const element of section.elements)
        if (element.fieldType === 'markdown' && !presentBefore.has(`${page.root}/${section.name}\n${element.name}`)) {
          const markdown = startingValue(`${page.root}/${section.name}`, element, demo) as string;
          if (!rendered.has(markdown)) rendered.set(markdown, await renderMarkdown(markdown));
        }

  return db.transaction(async (tx) => {
    await lockTree(tx);
    const sections = new Map((await tx.select().from(contentSections)).map((row) => [row.namePath, row]));
    const presentNow = new Set(
      (await tx.select({ sectionId: contentElements.sectionId, name: contentElements.name }).from(contentElements)).map(
        (row) => `${row.sectionId}\n${row.name}`,
      ),
    );
    const added: ContentSeedResult = { sections: 0, elements: 0 };
    const now = new Date();

    async function ensureSection(name: string, parent: SectionRow | null): Promise<SectionRow> {
      const namePath = parent ? `${parent.namePath}/${name}` : name;
      const existing = sections.get(namePath);
      if (existing) return existing;
      const id = crypto.randomUUID();
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${contentSections.position}) + 1, 0)::int` })
        .from(contentSections)
        .where(parent ? eq(contentSections.parentId, parent.id) : isNull(contentSections.parentId));
      const [row] = await tx
        .insert(contentSections)
        .values({
          id,
          name,
          parentId: parent?.id ?? null,
          level: parent ? parent.level + 1 : 0,
          namePath,
          idPath: parent ? `${parent.idPath}/${id}` : id,
          position: last?.n ?? 0,
        })
        .returning();
      if (!row) throw new Error(`seeding ${namePath} inserted no row`);
      sections.set(namePath, row);
      added.sections++;
      return row;
    }

    async function ensureElement(section: SectionRow, element: SeedElement, position: number) {
      if (presentNow.has(`${section.id}\n${element.name}`)) return;
      const value = startingValue(section.namePath, element, demo);
      const markdown = element.fieldType === 'markdown' ? (value as string) : null;
      // Rendered ahead unless it went missing between that read and the lock (a delete meanwhile).
      const html = markdown === null ? null : (rendered.get(markdown) ?? (await renderMarkdown(markdown)));
      await tx
        .insert(contentElements)
        .values({
          sectionId: section.id,
          name: element.name,
          fieldType: element.fieldType,
          value,
          html,
          config: element.config,
          position,
          publishedValue: value,
          publishedHtml: html,
          publishedAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      added.elements++;
    }

    for (const page of seedPages) {
      const root = await ensureSection(page.root, null);
      for (const section of page.sections) {
        const row = await ensureSection(section.name, root);
        for (const [position, element] of section.elements.entries()) await ensureElement(row, element, position);
      }
    }
    return added;
  });
}

/** The elements there are, as "<section name path>\n<element name>". */
async function presentElements(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ namePath: contentSections.namePath, name: contentElements.name })
    .from(contentElements)
    .innerJoin(contentSections, eq(contentSections.id, contentElements.sectionId));
  return new Set(rows.map((row) => `${row.namePath}\n${row.name}`));
}

/** The seeded name paths of a page's sections, for tests and reports. */
export const seededNamePaths = (): string[] => seedPages.flatMap((page) => page.sections.map((section) => `${page.root}/${section.name}`));
