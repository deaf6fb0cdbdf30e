import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { postTags, tags } from '../db/schema.ts';

/** The tag names of each post, by post id (every id present, with an empty list when untagged). */
export async function tagsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({ postId: postTags.postId, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, ids))
    .orderBy(asc(postTags.position));
  for (const row of rows) map.get(row.postId)?.push(row.name);
  return map;
}

/**
 * Replaces a post's tags; a tag is one row whatever its case, made on first use. Names are
 * matched to rows by the database's own lower() (JavaScript's can differ: 'İ'), and each
 * keeps the position of the first name that names it.
 */
export async function saveTags(tx: Tx, postId: string, names: string[]): Promise<void> {
  await tx.delete(postTags).where(eq(postTags.postId, postId));
  if (names.length === 0) return;
  await tx
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const wanted = sql`unnest(array[${sql.join(
    names.map((name) => sql`${name}`),
    sql`, `,
  )}]::text[]) with ordinality as wanted(name, position)`;
  const rows = await tx
    .select({ tagId: tags.id, position: sql<number>`(min(wanted.position) - 1)::int` })
    .from(tags)
    .innerJoin(wanted, sql`lower(${tags.name}) = lower(wanted.name)`)
    .groupBy(tags.id);
  if (rows.length === 0) return;
  await tx.insert(postTags).values(rows.map((row) => ({ postId, tagId: row.tagId, position: row.position })));
}
