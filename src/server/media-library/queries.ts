import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MediaKeptView, MediaKind, MediaSort } from '#src/schemas/media.ts';
import type { MediaUsageView } from '#src/schemas/media.ts';
import { audit } from '../audit.ts';
import { auditChanges, changesDetail } from '../audit-changes.ts';
import type { Db, Tx } from '../db/client.ts';
import { type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { contentElementHistory, contentElements, contentSections, media, posts } from '../db/schema.ts';
import { anyColumnHolds } from '../db/text-search.ts';
import { HttpError } from '../http/envelope.ts';
import { imageView } from '../storage/media-store.ts';
import { type ObjectStore, storageKeys } from '../storage/object-store.ts';
import { renderMarkdown } from '../posts/render-markdown.ts';

export type MediaRow = typeof media.$inferSelect;
export type MediaRowWithUses = MediaRow & { uses: number };

export const NO_SUCH_MEDIA = 'There is no such image or video.';
export const NOT_SAME_KIND = 'Replace an image with an image, and a video with a video.';
export const REPLACE_ITSELF = 'Choose another upload: this one cannot replace itself.';
export const NO_REPLACEMENT = 'The new upload is no longer stored. Upload it again.';
export const inUse = (uses: number) =>
  `This upload is still used in ${uses === 1 ? 'one place' : `${uses} places`}. Replace it there, or choose another image for them, then delete it.`;

/** The library's own uploads: images and videos staff put on posts and pages (visitors' documents are kept apart). */
const IN_LIBRARY = inArray(media.purpose, ['post-image', 'content-video']);
const isKind = (kind: MediaKind): SQL => (kind === 'image' ? sql`${media.mime} like 'image/%'` : sql`${media.mime} like 'video/%'`);

/** An upload named in a content element's saved or published value (a published one still shows on the site). */
const namedIn = (id: SQL | string) => or(sql`${contentElements.value}->>'mediaId' = ${id}`, sql`${contentElements.publishedValue}->>'mediaId' = ${id}`);

/** The outer row's id, named with its table: inside a subquery a bare "id" would be the subquery's own. */
const outerMediaId = sql`${media}.${sql.identifier(media.id.name)}::text`;

/** A post that shows the upload: as its cover or share image, or as a picture in its body (the editor writes /media/{id}/… there). */
const postShows = (id: SQL | string) =>
  or(sql`${posts.coverImage} = ${id}`, sql`${posts.seoImage} = ${id}`, sql`strpos(${posts.body}, '/media/' || ${id} || '/') > 0`);

/** How many places use each upload: posts (each once, cover or body) and content elements (draft or published). */
const usesOf = sql<number>`(
  (select count(*) from ${posts} where ${postShows(outerMediaId)})
  + (select count(*) from ${contentElements} where ${namedIn(outerMediaId)})
)::int`;

/** Newest first; the id decides between uploads of the same moment. */
const MEDIA_ORDER: KeyPart[] = [
  { expr: media.createdAt, type: 'timestamptz' },
  { expr: media.id, type: 'uuid' },
];

/** By name, A to Z whatever the case; the id decides between files of the same name. */
const NAME_ORDER: KeyPart[] = [
  { expr: sql`lower(${media.originalName})`, type: 'text', format: /^[\s\S]*$/ },
  { expr: media.id, type: 'uuid' },
];

/** By size, largest first: the bytes as fixed-width digits, so their text sorts as the numbers do. */
const SIZE_ORDER: KeyPart[] = [{ expr: sql`lpad(${media.bytes}::text, 15, '0')`, type: 'text', format: /^\d{15}$/ }, ...MEDIA_ORDER];

/** The key and direction of each order the library offers. */
const ORDERS: Record<MediaSort | '', { keys: KeyPart[]; direction: 'asc' | 'desc' }> = {
  '': { keys: MEDIA_ORDER, direction: 'desc' },
  oldest: { keys: MEDIA_ORDER, direction: 'asc' },
  name: { keys: NAME_ORDER, direction: 'asc' },
  size: { keys: SIZE_ORDER, direction: 'desc' },
};

/** One page of the library (newest first, oldest first, by name or by size): images or videos, with words in the file's name, alt text or caption. */
export function listMedia(
  db: Db,
  filter: { kind?: MediaKind | '' | undefined; q?: string | undefined; sort?: MediaSort | '' | undefined },
  paging: ListRequest,
): Promise<ListPage<MediaRowWithUses>> {
  const order = ORDERS[filter.sort ?? ''];
  const where = and(
    IN_LIBRARY,
    filter.kind ? isKind(filter.kind) : undefined,
    filter.q ? anyColumnHolds([media.originalName, media.alt, media.caption], filter.q) : undefined,
  );
  return keysetPage(db, {
    table: media,
    id: media.id,
    keys: order.keys,
    direction: order.direction,
    where,
    paging,
    select: (query) =>
      db
        .select({ ...getTableColumns(media), uses: usesOf, ...keyColumns(order.keys) })
        .from(media)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

export async function findMedia(db: Db | Tx, id: string): Promise<MediaRowWithUses> {
  const [row] = await db
    .select({ ...getTableColumns(media), uses: usesOf })
    .from(media)
    .where(and(eq(media.id, id), IN_LIBRARY));
  if (!row) throw new HttpError(404, NO_SUCH_MEDIA);
  return row;
}

/** Every place an upload is used: the posts that show it (cover or body), the page elements that show it. */
export async function mediaUsages(db: Db | Tx, id: string): Promise<MediaUsageView[]> {
  const [covers, elements] = await Promise.all([
    db.select({ id: posts.id, title: posts.title }).from(posts).where(postShows(id)).orderBy(posts.title),
    db
      .select({ id: contentElements.id, name: contentElements.name, namePath: contentSections.namePath, idPath: contentSections.idPath })
      .from(contentElements)
      .innerJoin(contentSections, eq(contentSections.id, contentElements.sectionId))
      .where(namedIn(id))
      .orderBy(contentSections.namePath, contentElements.name),
  ]);
  return [
    ...covers.map((post): MediaUsageView => ({ kind: 'post', id: post.id, name: post.title, pageId: null })),
    ...elements.map(
      (element): MediaUsageView => ({
        kind: 'content',
        id: element.id,
        name: [...element.namePath.split('/'), element.name].join(' / '),
        pageId: element.idPath.split('/')[0] ?? null,
      }),
    ),
  ];
}

/**
 * The first description an image is given where it is used (a post's cover, a page's picture)
 * becomes the library's, when the library has none: described once, offered everywhere after.
 */
export async function adoptAlt(tx: Tx, id: string, alt: string): Promise<void> {
  if (!alt.trim()) return;
  await tx
    .update(media)
    .set({ alt: alt.trim() })
    .where(and(eq(media.id, id), eq(media.alt, '')));
}

/** The fields a save was sent (a save may send the alt text alone). */
const edited = (input: { alt?: string; caption?: string }) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));

/** Saves what the picture shows and its caption; its audit entry keeps both before and after. */
export async function updateMedia(db: Db, id: string, input: { alt: string; caption: string }, actorId: string): Promise<MediaRowWithUses> {
  return db.transaction(async (tx) => {
    // The words before, locked, so the entry says what this save changed.
    const [before] = await tx
      .select({ alt: media.alt, caption: media.caption })
      .from(media)
      .where(and(eq(media.id, id), IN_LIBRARY))
      .for('update');
    if (!before) throw new HttpError(404, NO_SUCH_MEDIA);
    await tx.update(media).set(input).where(eq(media.id, id));
    await audit(tx, actorId, 'media updated', `media:${id}`, changesDetail(auditChanges(before, edited(input))));
    return findMedia(tx, id);
  });
}

/**
 * Deletes an upload no post or page uses, and then its files. The row is locked first: a post
 * or page saving it at the same moment holds it (key share) to its commit, so either that
 * write waits and finds it gone, or the delete waits and sees the use.
 */
export async function deleteMedia(db: Db, id: string, actorId: string, objects: ObjectStore): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, id), IN_LIBRARY))
      .for('update');
    if (!row) throw new HttpError(404, NO_SUCH_MEDIA);
    const { uses } = await findMedia(tx, id);
    if (uses > 0) throw new HttpError(409, inUse(uses));
    await tx.delete(media).where(eq(media.id, id));
    await audit(tx, actorId, 'media deleted', `media:${id}`);
  });
  // After the commit: a failed delete keeps its files. A store away now leaves them to the orphan sweep.
  await objects.deletePrefix(storageKeys.mediaFolder(id)).catch(() => undefined);
}

/**
 * Deletes the chosen uploads that nothing uses, in one transaction, and keeps (and names) those
 * still used. Each row is locked as `deleteMedia` locks one, so a post or page saving one of them
 * at the same moment either waits and finds it gone, or is seen as a use. Ids no longer in the
 * library (deleted meanwhile) are counted apart. Files go after the commit.
 */
export async function deleteManyMedia(
  db: Db,
  ids: readonly string[],
  actorId: string,
  objects: ObjectStore,
): Promise<{ deleted: string[]; kept: MediaKeptView[]; missing: number }> {
  const outcome = await db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, [...ids]), IN_LIBRARY))
      .orderBy(media.id)
      .for('update');
    const lockedIds = locked.map((row) => row.id);
    const rows =
      lockedIds.length === 0
        ? []
        : await tx.select({ id: media.id, name: media.originalName, uses: usesOf }).from(media).where(inArray(media.id, lockedIds)).orderBy(media.originalName);
    const unused = rows.filter((row) => row.uses === 0).map((row) => row.id);
    const kept = rows.filter((row) => row.uses > 0).map((row): MediaKeptView => ({ _id: row.id, name: row.name, uses: row.uses }));
    if (unused.length > 0) {
      await tx.delete(media).where(inArray(media.id, unused));
      // One entry each, with the client's address (as a single delete has).
      for (const id of unused) await audit(tx, actorId, 'media deleted', `media:${id}`, { bulk: true });
    }
    return { deleted: unused, kept, missing: ids.length - rows.length };
  });
  // After the commit: a failed delete keeps its files.
  for (const id of outcome.deleted) await objects.deletePrefix(storageKeys.mediaFolder(id)).catch(() => undefined);
  return outcome;
}

/**
 * Points the pictures in posts' bodies at another image: each `/media/{id}/…` address becomes
 * the new image's, and the body's HTML is made again, as a save would.
 */
async function replaceInBodies(tx: Tx, id: string, src: string): Promise<{ id: string }[]> {
  const shown = await tx
    .select({ id: posts.id, body: posts.body })
    .from(posts)
    .where(sql`strpos(${posts.body}, ${`/media/${id}/`}) > 0`)
    .for('update');
  const address = new RegExp(`/media/${id}/[^\\s)"'<>]*`, 'gi');
  for (const post of shown) {
    const body = post.body.replace(address, src);
    await tx
      .update(posts)
      .set({ body, bodyHtml: await renderMarkdown(body), updatedAt: sql`now()` })
      .where(eq(posts.id, post.id));
  }
  return shown;
}

/**
 * Puts `replacement` wherever `id` is used: posts' covers at once, pages' saved values (the
 * site shows them once published). Each element's value it changes goes into its history, so
 * the page editor can undo it. Answers how many places changed.
 */
export async function replaceMedia(db: Db, id: string, replacement: string, actorId: string): Promise<{ posts: number; elements: number }> {
  if (id === replacement) throw new HttpError(400, REPLACE_ITSELF, [{ field: 'replacement', message: REPLACE_ITSELF }]);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: media.id, mime: media.mime, width: media.width, height: media.height, variants: media.variants })
      .from(media)
      .where(and(inArray(media.id, [id, replacement]), IN_LIBRARY))
      .for('key share');
    const old = rows.find((row) => row.id === id);
    const next = rows.find((row) => row.id === replacement);
    if (!old) throw new HttpError(404, NO_SUCH_MEDIA);
    if (!next) throw new HttpError(400, NO_REPLACEMENT, [{ field: 'replacement', message: NO_REPLACEMENT }]);
    if (old.mime.split('/')[0] !== next.mime.split('/')[0]) throw new HttpError(400, NOT_SAME_KIND, [{ field: 'replacement', message: NOT_SAME_KIND }]);
    const covers = await tx.update(posts).set({ coverImage: replacement, updatedAt: sql`now()` }).where(eq(posts.coverImage, id)).returning({ id: posts.id });
    const shares = await tx.update(posts).set({ seoImage: replacement, updatedAt: sql`now()` }).where(eq(posts.seoImage, id)).returning({ id: posts.id });
    const bodies = next.mime.startsWith('image/') ? await replaceInBodies(tx, id, imageView(next).src) : [];
    const postsChanged = new Set([...covers, ...shares, ...bodies].map((post) => post.id)).size;
    const drafts = await tx
      .select({ id: contentElements.id, value: contentElements.value, config: contentElements.config })
      .from(contentElements)
      .where(sql`${contentElements.value}->>'mediaId' = ${id}`)
      .for('update');
    for (const element of drafts) {
      await tx
        .insert(contentElementHistory)
        .values({ elementId: element.id, previousValue: element.value, previousConfig: element.config, changedBy: actorId });
      await tx
        .update(contentElements)
        .set({ value: { ...(element.value as object), mediaId: replacement }, updatedBy: actorId, updatedAt: sql`clock_timestamp()` })
        .where(eq(contentElements.id, element.id));
    }
    await audit(tx, actorId, 'media replaced', `media:${id}`, { replacement, posts: postsChanged, elements: drafts.length });
    return { posts: postsChanged, elements: drafts.length };
  });
}
