import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { PREVIEW_SHARE_DAYS } from '#src/schemas/preview-share.ts';
import { audit } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { previewShares } from '../db/schema.ts';

export type PreviewShareRow = typeof previewShares.$inferSelect;

export const NO_SUCH_SHARE = 'There is no such shared preview.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link: 32 random bytes, shown once; only their hash is kept, so a copy of the database opens nothing. */
export async function createShare(
  db: Db,
  share: { kind: PreviewShareRow['kind']; target: string; path: string },
  actorId: string,
): Promise<{ row: PreviewShareRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(previewShares)
      .values({ ...share, tokenHash: hashOf(token), createdBy: actorId, expiresAt: sql`now() + make_interval(days => ${PREVIEW_SHARE_DAYS})` })
      .returning();
    await audit(tx, actorId, 'preview shared', share.kind === 'post' ? `post:${share.target}` : null, { path: share.path, expiresAt: row!.expiresAt });
    return { row: row!, token };
  });
}

/** The share a link names, while it works (not expired, not withdrawn). */
export async function findLiveShare(db: Db, token: string): Promise<PreviewShareRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(previewShares)
    .where(and(eq(previewShares.tokenHash, hashOf(token)), gt(previewShares.expiresAt, sql`now()`)));
  return row ?? null;
}

/** Withdraws a link before it expires; null when there was none. */
export async function deleteShare(db: Db, id: string, actorId: string): Promise<PreviewShareRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(previewShares).where(eq(previewShares.id, id)).returning();
    if (row) await audit(tx, actorId, 'preview share withdrawn', row.kind === 'post' ? `post:${row.target}` : null, { path: row.path });
    return row ?? null;
  });
}

/** Removes the links past their time; returns their ids, whose copies of the preview go too. */
export async function deleteExpiredShares(db: Db): Promise<string[]> {
  const rows = await db.delete(previewShares).where(lte(previewShares.expiresAt, sql`now()`)).returning({ id: previewShares.id });
  return rows.map((row) => row.id);
}
