import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentElements, contentSections } from '../db/schema.ts';
import type { SectionView } from '../../schemas/content.ts';
import { toSectionView } from './views.ts';

/**
 * The published content as the static build reads it, by name path ('Home/Hero'). Only
 * published values are in it: a saved change reaches the site with the next publish.
 */
export type ContentSnapshot = { sections: Record<string, SectionView> };

/** Outside src/, beside the blog snapshot, so writing it does not make the sources look newer than the build. */
export const CONTENT_SNAPSHOT_FILE = join(process.cwd(), '.cache', 'content-snapshot.json');

export async function contentSnapshotFrom(db: Db): Promise<ContentSnapshot> {
  const [sections, elements] = await Promise.all([
    db.select().from(contentSections).orderBy(asc(contentSections.level), asc(contentSections.position)),
    db.select().from(contentElements).where(isNotNull(contentElements.publishedAt)).orderBy(asc(contentElements.position), asc(contentElements.name)),
  ]);
  const bySection = Map.groupBy(elements, (element) => element.sectionId);
  return { sections: Object.fromEntries(sections.map((section) => [section.namePath, toSectionView(section, bySection.get(section.id) ?? [], 'public')])) };
}

/** Read at build time by the pages; empty when no snapshot was made (a plain `astro dev`). */
export function readContentSnapshot(): ContentSnapshot {
  if (!existsSync(CONTENT_SNAPSHOT_FILE)) return { sections: {} };
  return JSON.parse(readFileSync(CONTENT_SNAPSHOT_FILE, 'utf8')) as ContentSnapshot;
}
