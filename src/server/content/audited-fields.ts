import { eq } from 'drizzle-orm';
import { auditChanges } from '../audit-changes.ts';
import type { Tx } from '../db/client.ts';
import { type contentElements, contentSections } from '../db/schema.ts';

type ElementRow = typeof contentElements.$inferSelect;

/** Between a page, its sections and an element in an entry's place, as the back-office's breadcrumbs and section names read. */
export const PLACE_SEPARATOR = ' / ';

/**
 * Where an element is, as its audit entry names it: 'Home / Hero / Heading' (the page, its
 * sections, the element). Kept in the entry, so it still reads once the element is gone.
 */
export async function elementPlace(tx: Tx, sectionId: string, name: string): Promise<string> {
  const [section] = await tx.select({ namePath: contentSections.namePath }).from(contentSections).where(eq(contentSections.id, sectionId));
  return [...(section?.namePath.split('/') ?? []), name].join(PLACE_SEPARATOR);
}

/** An image's or link's value (`{ mediaId, alt }`) field by field, as its editor shows them; a text's as itself. */
const valueFields = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : { value };

/** What a save of an element changed: its value (cut short when long, an image's field by field), name and settings. */
export const elementChanges = (before: ElementRow, after: ElementRow) =>
  auditChanges(
    { ...valueFields(before.value), name: before.name, config: before.config },
    { ...valueFields(after.value), name: after.name, config: after.config },
  );
