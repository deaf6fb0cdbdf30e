import type { ElementHistoryView, ElementView, SectionView, SiteBuildView } from '#src/schemas/content.ts';
import type { contentElementHistory, contentElements, contentSections, siteBuilds } from '../db/schema.ts';

/** What the API answers for content: each section's fields, plus each section's elements. */

export type SectionRow = typeof contentSections.$inferSelect;
export type ElementRow = typeof contentElements.$inferSelect;
export type HistoryRow = typeof contentElementHistory.$inferSelect;
export type BuildRow = typeof siteBuilds.$inferSelect;

/**
 * Who is reading: staff see saved values (drafts) beside what is published; anyone else sees
 * the published values only, and no element that was never published.
 */
export type Audience = 'staff' | 'public';

const isPublished = (row: ElementRow) => row.publishedAt !== null;

export function toElementView(row: ElementRow, audience: Audience): ElementView {
  const base = {
    id: row.id,
    _id: row.id,
    sectionId: row.sectionId,
    name: row.name,
    fieldType: row.fieldType,
    config: row.config,
    order: row.position,
    updatedAt: row.updatedAt.toISOString(),
  };
  if (audience === 'public') return { ...base, value: row.publishedValue, html: row.publishedHtml };
  return {
    ...base,
    value: row.value,
    html: row.html,
    publishedValue: row.publishedValue,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    unpublished: !row.publishedAt || row.updatedAt > row.publishedAt,
  };
}

export function toSectionView(row: SectionRow, elements: ElementRow[], audience: Audience): SectionView {
  const shown = (audience === 'public' ? elements.filter(isPublished) : elements).map((element) => toElementView(element, audience));
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    parent: row.parentId,
    level: row.level,
    namePath: row.namePath,
    idPath: row.idPath,
    data: Object.fromEntries(shown.map((element) => [element.name, element.value])),
    order: row.position,
    elements: shown,
  };
}

export const toHistoryView = (row: HistoryRow & { changedByName: string | null }): ElementHistoryView => ({
  id: row.id,
  _id: row.id,
  elementId: row.elementId,
  previousValue: row.previousValue,
  previousConfig: row.previousConfig,
  changedBy: row.changedBy,
  changedByName: row.changedByName,
  changedAt: row.changedAt.toISOString(),
});

export const toBuildView = (row: BuildRow): SiteBuildView => ({
  id: row.id,
  _id: row.id,
  status: row.status,
  reason: row.reason,
  error: row.error,
  queuedAt: row.queuedAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});
