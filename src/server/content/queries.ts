import { randomUUID } from 'node:crypto';
import { pageFor } from '#src/site/pages.ts';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import {
  type ContentFieldType,
  type ElementCreate,
  type PageGroup,
  elementUpdateSchema,
  type SectionCreate,
  type SectionUpdate,
} from '#src/schemas/content.ts';
import type { Paging } from '#src/schemas/paging.ts';
import { adoptAlt } from '../media-library/queries.ts';
import { isVideoType } from '#src/schemas/upload.ts';
import { audit } from '../audit.ts';
import { changesDetail } from '../audit-changes.ts';
import { elementChanges, elementPlace } from './audited-fields.ts';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { contentElementHistory, contentElements, contentSections, media, users } from '../db/schema.ts';
import { HttpError, INVALID_INPUT, parseWith } from '../http/envelope.ts';
import { MarkdownRendererBusyError, MarkdownTooComplexError, renderMarkdown } from '../posts/render-markdown.ts';
import type { ElementRow, SectionRow } from './views.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { pageGroupOf } from '#src/site/navigation.ts';
import { namedValueProblem } from '#src/schemas/search-listing.ts';

/** The content tree's reads and writes. Every write is audited in its own transaction. */

export const NO_SUCH_SECTION = 'There is no such section.';
export const NO_SUCH_ELEMENT = 'There is no such element.';
export const NO_SUCH_VERSION = 'There is no such earlier value.';
export const SECTION_TAKEN = 'A section with this name already exists here.';
export const ELEMENT_TAKEN = 'This section already has an element with this name.';
export const SECTION_NOT_EMPTY = 'This section has sections or elements inside it. Delete them first, or delete with cascade=true to delete them all.';
const NO_SUCH_IMAGE = 'Choose an uploaded image.';
export const NO_SUCH_MEDIA = 'There is no such image or video.';
const NO_SUCH_VIDEO = 'Choose an uploaded video.';

/**
 * Structural changes (create, move, rename, delete, reorder sections) take this transaction
 * lock, so two at once cannot leave paths that disagree with the tree (a move racing a child's
 * creation, say). Edits of values do not: they touch one row each.
 */
const CONTENT_TREE_LOCK = 724_113_013;
export const lockTree = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${CONTENT_TREE_LOCK})`);

const invalid = (field: string, message: string) => new HttpError(400, INVALID_INPUT, [{ field, message }]);

/** A value its element's name rules out (a canonical address that is no address): refused as the page editor refuses it. */
function refuseNamedProblem(name: string, value: unknown): void {
  const problem = namedValueProblem(name, value);
  if (problem) throw new HttpError(400, problem, [{ field: 'value', message: problem }]);
}

async function sectionById(db: Db | Tx, id: string, lock = false): Promise<SectionRow | undefined> {
  const query = db.select().from(contentSections).where(eq(contentSections.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Where a section sits under `parent`: its level and both paths (the id path ends with its own id). */
function placement(parent: SectionRow | null, name: string, id: string) {
  return parent
    ? { level: parent.level + 1, namePath: `${parent.namePath}/${name}`, idPath: `${parent.idPath}/${id}` }
    : { level: 0, namePath: name, idPath: id };
}

export async function elementsOf(db: Db, sectionIds: string[]): Promise<ElementRow[]> {
  if (sectionIds.length === 0) return [];
  return db
    .select()
    .from(contentElements)
    .where(inArray(contentElements.sectionId, sectionIds))
    .orderBy(asc(contentElements.position), asc(contentElements.name));
}

export async function createSection(db: Db, input: SectionCreate, actorId: string): Promise<SectionRow> {
  try {
    return await db.transaction(async (tx) => {
      await lockTree(tx);
      const parent = input.parent ? await sectionById(tx, input.parent) : null;
      if (input.parent && !parent) throw invalid('parent', NO_SUCH_SECTION);
      const id = randomUUID();
      const place = placement(parent ?? null, input.name, id);
      if (input.level !== undefined && input.level !== place.level)
        throw invalid('level', `Must be ${place.level} for a section ${parent ? `under ${parent.namePath}` : 'at the top'}`);
      if (input.namePath !== undefined && input.namePath !== place.namePath) throw invalid('namePath', `Must be ${place.namePath}`);
      if (place.level > 5) throw invalid('parent', 'At most 5 levels deep');
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${contentSections.position}) + 1, 0)::int` })
        .from(contentSections)
        .where(parent ? eq(contentSections.parentId, parent.id) : isNull(contentSections.parentId));
      const [row] = await tx
        .insert(contentSections)
        .values({ id, name: input.name, parentId: parent?.id ?? null, ...place, position: last?.n ?? 0 })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await audit(tx, actorId, 'content section created', `content-section:${id}`, { namePath: row.namePath });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, SECTION_TAKEN, [{ field: 'name', message: SECTION_TAKEN }]);
    throw error;
  }
}

export async function listSections(db: Db, filter: { parent?: string | null; namePath?: string }, paging: Paging) {
  const conditions: SQL[] = [];
  if (filter.parent !== undefined) conditions.push(filter.parent === null ? isNull(contentSections.parentId) : eq(contentSections.parentId, filter.parent));
  if (filter.namePath !== undefined) {
    // The section itself and everything under it: 'Home' lists Home, Home/Hero, Home/Hero/…
    const escaped = filter.namePath.replace(/[\\%_]/g, (char) => `\\${char}`);
    const path = or(eq(contentSections.namePath, filter.namePath), like(contentSections.namePath, `${escaped}/%`));
    if (path) conditions.push(path);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentSections)
      .where(where)
      .orderBy(asc(contentSections.level), asc(contentSections.position), asc(contentSections.name))
      .limit(paging.page_size)
      .offset(paging.page * paging.page_size),
    db.select({ n: count() }).from(contentSections).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function getSection(db: Db, id: string): Promise<SectionRow> {
  const row = await sectionById(db, id);
  if (!row) throw new HttpError(404, NO_SUCH_SECTION);
  return row;
}

/** Renames and/or moves a section; its whole subtree's paths and levels follow. */
export async function updateSection(db: Db, id: string, input: SectionUpdate, actorId: string): Promise<SectionRow> {
  try {
    return await db.transaction(async (tx) => {
      await lockTree(tx);
      const current = await sectionById(tx, id, true);
      if (!current) throw new HttpError(404, NO_SUCH_SECTION);
      const parentId = input.parent === undefined ? current.parentId : input.parent;
      const parent = parentId ? await sectionById(tx, parentId) : null;
      if (parentId && !parent) throw invalid('parent', NO_SUCH_SECTION);
      if (parent && (parent.id === id || parent.idPath.startsWith(`${current.idPath}/`))) throw invalid('parent', 'A section cannot move inside itself.');
      const name = input.name ?? current.name;
      const place = placement(parent ?? null, name, id);
      const [{ depth } = { depth: 0 }] = await tx
        .select({ depth: sql<number>`coalesce(max(${contentSections.level}), 0)::int` })
        .from(contentSections)
        .where(like(contentSections.idPath, `${current.idPath}/%`));
      if (Math.max(depth, current.level) - current.level + place.level > 5) throw invalid('parent', 'At most 5 levels deep');
      const moved = parentId !== current.parentId;
      const [last] = moved
        ? await tx
            .select({ n: sql<number>`coalesce(max(${contentSections.position}) + 1, 0)::int` })
            .from(contentSections)
            .where(parent ? eq(contentSections.parentId, parent.id) : isNull(contentSections.parentId))
        : [{ n: current.position }];
      const [row] = await tx
        .update(contentSections)
        .set({ name, parentId: parent?.id ?? null, ...place, position: last?.n ?? 0, updatedAt: sql`now()` })
        .where(eq(contentSections.id, id))
        .returning();
      // Descendants: swap the old path prefixes for the new ones, and shift their levels.
      await tx
        .update(contentSections)
        .set({
          namePath: sql`${place.namePath} || substr(${contentSections.namePath}, ${current.namePath.length + 1})`,
          idPath: sql`${place.idPath} || substr(${contentSections.idPath}, ${current.idPath.length + 1})`,
          level: sql`${contentSections.level} + ${place.level - current.level}`,
          updatedAt: sql`now()`,
        })
        .where(like(contentSections.idPath, `${current.idPath}/%`));
      await audit(tx, actorId, 'content section updated', `content-section:${id}`, { from: current.namePath, to: place.namePath });
      if (!row) throw new Error('update returned no row');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, SECTION_TAKEN, [{ field: 'name', message: SECTION_TAKEN }]);
    throw error;
  }
}

/** Deletes a section; one with sections or elements inside only when `cascade` (then all of them go). */
export async function deleteSection(db: Db, id: string, cascade: boolean, actorId: string): Promise<{ sections: number }> {
  return db.transaction(async (tx) => {
    await lockTree(tx);
    const current = await sectionById(tx, id, true);
    if (!current) throw new HttpError(404, NO_SUCH_SECTION);
    const subtree = or(eq(contentSections.id, id), like(contentSections.idPath, `${current.idPath}/%`));
    if (!cascade) {
      const [children] = await tx.select({ n: count() }).from(contentSections).where(eq(contentSections.parentId, id));
      const [elements] = await tx.select({ n: count() }).from(contentElements).where(eq(contentElements.sectionId, id));
      if ((children?.n ?? 0) > 0 || (elements?.n ?? 0) > 0) throw new HttpError(409, SECTION_NOT_EMPTY);
    }
    // One statement for the subtree: the parent key is checked at its end, and elements (with their history) go by cascade.
    const deleted = await tx.delete(contentSections).where(subtree).returning({ id: contentSections.id });
    await audit(tx, actorId, 'content section deleted', `content-section:${id}`, { namePath: current.namePath, sections: deleted.length, cascade });
    return { sections: deleted.length };
  });
}

/** Puts the children of one parent in the order given: every child, once. */
export async function reorderSections(db: Db, parentId: string | null, ids: string[], actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTree(tx);
    if (parentId && !(await sectionById(tx, parentId))) throw invalid('parent', NO_SUCH_SECTION);
    const children = await tx
      .select({ id: contentSections.id })
      .from(contentSections)
      .where(parentId ? eq(contentSections.parentId, parentId) : isNull(contentSections.parentId));
    if (
      !sameSet(
        children.map((child) => child.id),
        ids,
      )
    )
      throw invalid('ids', 'List every section under this parent once.');
    await setPositions(tx, contentSections, ids);
    await audit(tx, actorId, 'content sections reordered', parentId ? `content-section:${parentId}` : null, { ids });
  });
}

const sameSet = (have: string[], given: string[]) => have.length === given.length && given.every((id) => have.includes(id));

async function setPositions(tx: Tx, table: typeof contentSections | typeof contentElements, ids: string[]) {
  // One statement: each id with its index, joined on.
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${table} set position = v.position from (values ${values}) as v(id, position) where ${table}.id = v.id`);
}

/**
 * Checks what the schema cannot: an image or video names an upload of its kind. Runs inside
 * the write's transaction and holds the upload (key share) to the commit: the media library's
 * delete waits for the write, and then sees the use.
 */
async function holdMedia(tx: Tx, fieldType: ContentFieldType, value: unknown): Promise<void> {
  const mediaId = fieldType === 'image' || fieldType === 'video' ? (value as { mediaId?: string }).mediaId : undefined;
  // No image chosen ('') leaves the page's own picture in place; a video may be a player's address.
  if (!mediaId) return;
  const [row] = await tx.select({ mime: media.mime }).from(media).where(eq(media.id, mediaId)).for('key share');
  if (fieldType === 'image' && !row?.mime.startsWith('image/')) throw invalid('value.mediaId', NO_SUCH_IMAGE);
  if (fieldType === 'image') await adoptAlt(tx, mediaId, (value as { alt: string }).alt);
  if (fieldType === 'video' && !isVideoType(row?.mime)) throw invalid('value.mediaId', NO_SUCH_VIDEO);
}

/** Markdown's HTML, rendered before the transaction (it may take a while): null for other types. */
async function prepareValue(fieldType: ContentFieldType, value: unknown): Promise<string | null> {
  if (fieldType !== 'markdown') return null;
  return renderContentMarkdown(value as string, 'value');
}

/** Markdown as a page shows it: the posts' renderer and sanitiser; too complex a text is a 400 on `field`, a busy renderer a 429. */
export async function renderContentMarkdown(markdown: string, field: string): Promise<string> {
  try {
    return await renderMarkdown(markdown);
  } catch (error) {
    if (error instanceof MarkdownTooComplexError) throw invalid(field, error.message);
    if (error instanceof MarkdownRendererBusyError) throw new HttpError(429, error.message, [], { 'retry-after': '5' });
    throw error;
  }
}

/** An uploaded image or video by id, for the editor's preview of an image or video element. */
export async function contentMedia(db: Db, id: string) {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  const image = row?.mime.startsWith('image/') && row.variants.length > 0;
  if (!row || !(image || isVideoType(row.mime))) throw new HttpError(404, NO_SUCH_MEDIA);
  return row;
}

export async function createElement(db: Db, input: ElementCreate, actorId: string): Promise<ElementRow> {
  refuseNamedProblem(input.name, input.value);
  const html = await prepareValue(input.fieldType, input.value);
  try {
    return await db.transaction(async (tx) => {
      // Locks the section against a delete meanwhile (which would otherwise make this a key violation).
      const section = await tx.select({ id: contentSections.id }).from(contentSections).where(eq(contentSections.id, input.sectionId)).for('share');
      if (section.length === 0) throw invalid('sectionId', NO_SUCH_SECTION);
      await holdMedia(tx, input.fieldType, input.value);
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${contentElements.position}) + 1, 0)::int` })
        .from(contentElements)
        .where(eq(contentElements.sectionId, input.sectionId));
      // The unique key on (section, name) makes the second of two creates at once a 409, not a second row.
      const [row] = await tx
        .insert(contentElements)
        .values({
          sectionId: input.sectionId,
          name: input.name,
          fieldType: input.fieldType,
          value: input.value,
          html,
          config: input.config,
          position: last?.n ?? 0,
          updatedBy: actorId,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await audit(tx, actorId, 'content element created', `content-element:${row.id}`, {
        sectionId: input.sectionId,
        name: input.name,
        place: await elementPlace(tx, input.sectionId, input.name),
        fieldType: input.fieldType,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ELEMENT_TAKEN, [{ field: 'name', message: ELEMENT_TAKEN }]);
    throw error;
  }
}

export async function getElement(db: Db | Tx, id: string): Promise<ElementRow> {
  const [row] = await db.select().from(contentElements).where(eq(contentElements.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_ELEMENT);
  return row;
}

/**
 * Saves a new value (checked against the element's own type), settings or name. The value and
 * settings it replaces are kept in the history with who and when, in the same transaction.
 */
export async function updateElement(db: Db, id: string, body: unknown, actorId: string, action = 'content element updated'): Promise<ElementRow> {
  const { fieldType, name, value } = await getElement(db, id);
  const input = parseWith(elementUpdateSchema(fieldType), body);
  if (input.value !== undefined || input.name !== undefined) refuseNamedProblem(input.name ?? name, input.value ?? value);
  const html = input.value === undefined ? undefined : await prepareValue(fieldType, input.value);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(contentElements).where(eq(contentElements.id, id)).for('update');
      if (!current) throw new HttpError(404, NO_SUCH_ELEMENT);
      if (input.value !== undefined) await holdMedia(tx, fieldType, input.value);
      if (input.value !== undefined || input.config !== undefined) {
        await tx.insert(contentElementHistory).values({ elementId: id, previousValue: current.value, previousConfig: current.config, changedBy: actorId });
      }
      const [row] = await tx
        .update(contentElements)
        .set({
          ...(input.value !== undefined ? { value: input.value, html } : {}),
          ...(input.config !== undefined ? { config: input.config } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          updatedBy: actorId,
          updatedAt: sql`clock_timestamp()`,
        })
        .where(eq(contentElements.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      await audit(tx, actorId, action, `content-element:${id}`, {
        sectionId: row.sectionId,
        name: row.name,
        place: await elementPlace(tx, row.sectionId, row.name),
        ...changesDetail(elementChanges(current, row)),
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ELEMENT_TAKEN, [{ field: 'name', message: ELEMENT_TAKEN }]);
    throw error;
  }
}

export async function deleteElement(db: Db, id: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(contentElements).where(eq(contentElements.id, id)).returning();
    if (!row) throw new HttpError(404, NO_SUCH_ELEMENT);
    await audit(tx, actorId, 'content element deleted', `content-element:${id}`, {
      sectionId: row.sectionId,
      name: row.name,
      place: await elementPlace(tx, row.sectionId, row.name),
      value: row.value,
    });
  });
}

export async function reorderElements(db: Db, sectionId: string, ids: string[], actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const section = await tx.select({ id: contentSections.id }).from(contentSections).where(eq(contentSections.id, sectionId)).for('update');
    if (section.length === 0) throw invalid('sectionId', NO_SUCH_SECTION);
    const elements = await tx.select({ id: contentElements.id }).from(contentElements).where(eq(contentElements.sectionId, sectionId));
    if (
      !sameSet(
        elements.map((element) => element.id),
        ids,
      )
    )
      throw invalid('ids', 'List every element of this section once.');
    await setPositions(tx, contentElements, ids);
    await audit(tx, actorId, 'content elements reordered', `content-section:${sectionId}`, { ids });
  });
}

/** An element's earlier values, newest first, each with the name of who replaced it. */
export async function elementHistory(db: Db, id: string) {
  await getElement(db, id);
  return db
    .select({ ...getTableColumns(contentElementHistory), changedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(contentElementHistory)
    .leftJoin(users, eq(users.id, contentElementHistory.changedBy))
    .where(eq(contentElementHistory.elementId, id))
    .orderBy(desc(contentElementHistory.changedAt), desc(contentElementHistory.id))
    .limit(200);
}

/** Puts an earlier value back; the value it replaces joins the history like any other change. */
export async function restoreElement(db: Db, id: string, historyId: string, actorId: string): Promise<ElementRow> {
  const [version] = await db
    .select()
    .from(contentElementHistory)
    .where(and(eq(contentElementHistory.id, historyId), eq(contentElementHistory.elementId, id)));
  if (!version) throw new HttpError(404, NO_SUCH_VERSION);
  // Checked again: the earlier value went through the rules of its day, which may have tightened.
  return updateElement(db, id, { value: version.previousValue, config: version.previousConfig }, actorId, 'content element restored');
}

/** Takes every saved change into the published content, in one statement. Returns how many elements changed. */
export async function publishContent(db: Db | Tx, actorId: string): Promise<number> {
  const rows = await db
    .update(contentElements)
    .set({ publishedValue: sql`${contentElements.value}`, publishedHtml: sql`${contentElements.html}`, publishedAt: sql`clock_timestamp()` })
    .where(or(isNull(contentElements.publishedAt), sql`${contentElements.updatedAt} > ${contentElements.publishedAt}`))
    .returning({ id: contentElements.id });
  await audit(db, actorId, 'content published', null, { elements: rows.length });
  return rows.length;
}

/**
 * The site's pages whose copy is content, as the page editor lists them: each page's root
 * section with its path (from the seed that declares it), how many of its elements have saved
 * changes not yet published, when it was last changed, and its usual search listing (the
 * page table's title and description, which its "Search and sharing" section may override).
 */
export async function contentPages(db: Db): Promise<
  {
    id: string;
    name: string;
    path: string;
    group: PageGroup;
    alsoAt: readonly string[];
    changes: number;
    updatedAt: Date | null;
    listing: { title: string; description: string };
  }[]
> {
  const [sections, elements] = await Promise.all([
    db.select({ id: contentSections.id, namePath: contentSections.namePath, level: contentSections.level }).from(contentSections),
    db.select({ sectionId: contentElements.sectionId, updatedAt: contentElements.updatedAt, publishedAt: contentElements.publishedAt }).from(contentElements),
  ]);
  const rootOf = new Map(sections.map((section) => [section.id, section.namePath.split('/')[0]!]));
  return seedPages.flatMap((page) => {
    const root = sections.find((section) => section.level === 0 && section.namePath === page.root);
    if (!root) return [];
    const mine = elements.filter((element) => rootOf.get(element.sectionId) === page.root);
    const changes = mine.filter((element) => !element.publishedAt || element.updatedAt > element.publishedAt).length;
    const updatedAt = mine.reduce<Date | null>((latest, element) => (!latest || element.updatedAt > latest ? element.updatedAt : latest), null);
    const { title, description } = pageFor(page.path);
    return [
      {
        id: root.id,
        name: page.root,
        path: page.path,
        group: pageGroupOf(page.path),
        alsoAt: page.alsoAt,
        changes,
        updatedAt,
        listing: { title, description },
      },
    ];
  });
}
