import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentElements, contentSections } from '../db/schema.ts';
import type { SectionView } from '../../schemas/content.ts';
import { snapshotDir } from '../../site/snapshot-dir.ts';
import { toSectionView } from './views.ts';

/**
 * The published content as the static build reads it, by name path ('Home/Hero'). Only
 * published values are in it: a saved change reaches the site with the next publish.
 */
export type ContentSnapshot = { sections: Record<string, SectionView> };

/** Beside the blog snapshot, in the build's snapshot folder (src/site/snapshot-dir.ts). */
export const CONTENT_SNAPSHOT_NAME = 'content-snapshot.json';

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
  const file = join(snapshotDir(), CONTENT_SNAPSHOT_NAME);
  if (!existsSync(file)) return { sections: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as ContentSnapshot;
}
