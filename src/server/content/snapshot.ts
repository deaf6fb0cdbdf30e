import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentElements, contentSections, media } from '../db/schema.ts';
import type { SectionView } from '#src/schemas/content.ts';
import type { ImageView } from '#src/schemas/upload.ts';
import type { VideoView } from '#src/schemas/video-view.ts';
import { CONTENT_SNAPSHOT_NAME, snapshotDir } from '#src/site/snapshot-dir.ts';
import { imageView, videoView } from '../storage/media-store.ts';
import { toSectionView } from './views.ts';

/**
 * The published content as the static build reads it, by name path ('Home/Hero'). Only
 * published values are in it: a saved change reaches the site with the next publish.
 * An image or video element holds a media id; the uploads it names are here by id, with
 * their addresses, so a page renders them without the database.
 */
export type ContentSnapshot = { sections: Record<string, SectionView>; images: Record<string, ImageView>; videos: Record<string, VideoView> };

/** The media ids an image or video value names (the published one, or the saved one for a draft). */
function mediaIdsOf(elements: { fieldType: string; value: unknown; publishedValue: unknown }[], draft: boolean): string[] {
  const ids = new Set<string>();
  for (const element of elements) {
    const value = (draft ? element.value : element.publishedValue) as { mediaId?: unknown } | null;
    // An image not yet chosen ('') names nothing.
    if ((element.fieldType === 'image' || element.fieldType === 'video') && typeof value?.mediaId === 'string' && value.mediaId) ids.add(value.mediaId);
  }
  return [...ids];
}

/**
 * The content as a build reads it: the published values, or with `draft` the saved ones, every
 * element included (a draft preview shows the page as it will be once published).
 */
export async function contentSnapshotFrom(db: Db, { draft = false }: { draft?: boolean } = {}): Promise<ContentSnapshot> {
  const [sections, elements] = await Promise.all([
    db.select().from(contentSections).orderBy(asc(contentSections.level), asc(contentSections.position)),
    db
      .select()
      .from(contentElements)
      .where(draft ? undefined : isNotNull(contentElements.publishedAt))
      .orderBy(asc(contentElements.position), asc(contentElements.name)),
  ]);
  const ids = mediaIdsOf(elements, draft);
  const rows = ids.length ? await db.select().from(media).where(inArray(media.id, ids)) : [];
  const bySection = Map.groupBy(elements, (element) => element.sectionId);
  return {
    sections: Object.fromEntries(
      sections.map((section) => [section.namePath, toSectionView(section, bySection.get(section.id) ?? [], draft ? 'staff' : 'public')]),
    ),
    images: Object.fromEntries(rows.filter((row) => row.mime.startsWith('image/')).map((row) => [row.id, imageView(row)])),
    videos: Object.fromEntries(rows.filter((row) => row.mime.startsWith('video/')).map((row) => [row.id, videoView(row)])),
  };
}

/** Read at build time by the pages; empty when no snapshot was made (a plain `astro dev`). */
export function readContentSnapshot(): ContentSnapshot {
  const file = join(snapshotDir(), CONTENT_SNAPSHOT_NAME);
  const empty: ContentSnapshot = { sections: {}, images: {}, videos: {} };
  if (!existsSync(file)) return empty;
  return { ...empty, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<ContentSnapshot>) };
}
