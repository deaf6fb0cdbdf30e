import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { RedirectInput, RedirectOrigin } from '#src/schemas/redirect.ts';
import { audit } from '../audit.ts';
import { auditChanges, changesDetail } from '../audit-changes.ts';
import type { Db, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { redirects } from '../db/schema.ts';
import { anyColumnHolds } from '../db/text-search.ts';
import { HttpError } from '../http/envelope.ts';

export type RedirectRow = typeof redirects.$inferSelect;

export const NO_SUCH_REDIRECT = 'There is no such redirect.';
export const SELF_REDIRECT = 'A redirect cannot send an address to itself.';
export const fromTaken = (from: string) => `There is already a redirect from ${from}. Change that one instead.`;
export const chainAhead = (to: string, next: string) => `${to} already redirects to ${next}. Send this one straight to ${next}, so visitors take one step.`;
export const loopAhead = (to: string, from: string) => `That would make a loop: ${to} already redirects back to ${from}.`;
export const chainBehind = (other: string, from: string) =>
  `${other} already redirects to ${from}. Change that redirect to the new address first, so visitors take one step.`;

/** Every change to the redirects waits its turn: two staff making A→B and B→A at once would otherwise make a loop. */
const REDIRECTS_LOCK = 7_302_301;
const lockRedirects = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${REDIRECTS_LOCK})`);

const REDIRECT_ORDER: KeyPart[] = [
  { expr: redirects.createdAt, type: 'timestamptz' },
  { expr: redirects.id, type: 'uuid' },
];

/** One page of redirects, newest first: with words in either address, made by staff or by a post's move. */
export function listRedirects(
  db: Db,
  filter: { q?: string | undefined; origin?: RedirectOrigin | '' | undefined },
  paging: ListRequest,
): Promise<ListPage<RedirectRow>> {
  const where = and(
    filter.origin ? eq(redirects.origin, filter.origin) : undefined,
    filter.q ? anyColumnHolds([redirects.fromPath, redirects.toPath], filter.q) : undefined,
  );
  return keysetPage(db, {
    table: redirects,
    id: redirects.id,
    keys: REDIRECT_ORDER,
    where,
    paging,
    select: (query) =>
      db
        .select({ ...getTableColumns(redirects), ...keyColumns(REDIRECT_ORDER) })
        .from(redirects)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

export async function findRedirect(db: Db | Tx, id: string): Promise<RedirectRow> {
  const [row] = await db.select().from(redirects).where(eq(redirects.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_REDIRECT);
  return row;
}

const fieldError = (status: 400 | 409, field: 'from' | 'to', message: string) => new HttpError(status, message, [{ field, message }]);

/** Refuses a redirect that would send visitors round a loop or through a second redirect. `id`: the one being changed. */
async function checkOneStep(tx: Tx, input: RedirectInput, id?: string): Promise<void> {
  if (input.from === input.to.replace(/[?#].*$/, '')) throw fieldError(400, 'to', SELF_REDIRECT);
  const others = id ? ne(redirects.id, id) : undefined;
  const targetPath = input.to.replace(/[?#].*$/, '');
  const [ahead] = await tx
    .select({ to: redirects.toPath })
    .from(redirects)
    .where(and(eq(redirects.fromPath, targetPath), others));
  if (ahead) {
    const back = ahead.to.replace(/[?#].*$/, '') === input.from;
    throw fieldError(400, 'to', back ? loopAhead(input.to, input.from) : chainAhead(input.to, ahead.to));
  }
  const [behind] = await tx
    .select({ from: redirects.fromPath })
    .from(redirects)
    .where(and(sql`${pathPart(redirects.toPath)} = ${input.from}`, others))
    .limit(1);
  if (behind) throw fieldError(400, 'from', chainBehind(behind.from, input.from));
}

/** A stored target's path, without its query or #fragment. */
const pathPart = (column: typeof redirects.toPath) => sql`split_part(split_part(${column}, '?', 1), '#', 1)`;

const taken = (error: unknown, from: string) => {
  if (isUniqueViolation(error)) throw fieldError(409, 'from', fromTaken(from));
  throw error;
};

export async function createRedirect(db: Db, input: RedirectInput, actorId: string): Promise<RedirectRow> {
  return db
    .transaction(async (tx) => {
      await lockRedirects(tx);
      const [existing] = await tx.select({ id: redirects.id }).from(redirects).where(eq(redirects.fromPath, input.from));
      if (existing) throw fieldError(409, 'from', fromTaken(input.from));
      await checkOneStep(tx, input);
      const [row] = await tx
        .insert(redirects)
        .values({ fromPath: input.from, toPath: input.to, status: input.status, origin: 'staff', createdBy: actorId })
        .returning();
      await audit(tx, actorId, 'redirect created', `redirect:${row!.id}`, { from: input.from, to: input.to, status: input.status });
      return row!;
    })
    .catch((error: unknown) => taken(error, input.from));
}

/** A redirect's fields in an entry's changes, named as its form names them. */
const redirectFields = (row: RedirectRow) => ({ oldAddress: row.fromPath, newAddress: row.toPath, kind: row.status });

export async function updateRedirect(db: Db, id: string, input: RedirectInput, actorId: string): Promise<RedirectRow> {
  return db
    .transaction(async (tx) => {
      await lockRedirects(tx);
      const before = await findRedirect(tx, id);
      const [existing] = await tx
        .select({ id: redirects.id })
        .from(redirects)
        .where(and(eq(redirects.fromPath, input.from), ne(redirects.id, id)));
      if (existing) throw fieldError(409, 'from', fromTaken(input.from));
      await checkOneStep(tx, input, id);
      const [row] = await tx
        .update(redirects)
        .set({ fromPath: input.from, toPath: input.to, status: input.status, updatedAt: sql`now()` })
        .where(eq(redirects.id, id))
        .returning();
      await audit(tx, actorId, 'redirect updated', `redirect:${id}`, {
        from: input.from,
        to: input.to,
        status: input.status,
        ...changesDetail(auditChanges(redirectFields(before), redirectFields(row!))),
      });
      return row!;
    })
    .catch((error: unknown) => taken(error, input.from));
}

export async function deleteRedirect(db: Db, id: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning({ from: redirects.fromPath, to: redirects.toPath });
    if (!row) throw new HttpError(404, NO_SUCH_REDIRECT);
    await audit(tx, actorId, 'redirect deleted', `redirect:${id}`, row);
  });
}

/**
 * A published post moved from `from` to `to` (its slug changed): the old address now sends
 * visitors on for good. Older redirects to the old address follow it (no chains), and one from
 * the new address goes (the post answers there now, and it would point back).
 */
export async function recordMove(tx: Tx, from: string, to: string, actorId: string | null): Promise<void> {
  await lockRedirects(tx);
  await tx.delete(redirects).where(eq(redirects.fromPath, to));
  // Their own query or #fragment (a campaign's utm_ tags) kept after the new path.
  await tx
    .update(redirects)
    .set({ toPath: sql`${to}::text || substring(${redirects.toPath} from ${from.length + 1}::int)`, updatedAt: sql`now()` })
    .where(sql`${pathPart(redirects.toPath)} = ${from}`);
  // A redirect already from the old address (staff's own, perhaps a 302) gives way: the audit keeps what it was.
  const [replaced] = await tx
    .select({ to: redirects.toPath, status: redirects.status, origin: redirects.origin })
    .from(redirects)
    .where(eq(redirects.fromPath, from));
  const [row] = await tx
    .insert(redirects)
    .values({ fromPath: from, toPath: to, status: 301, origin: 'post', createdBy: actorId })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: to, status: 301, origin: 'post', updatedAt: sql`now()` } })
    .returning({ id: redirects.id });
  // The same action as a redirect staff add: one verb per action in the log.
  await audit(tx, actorId, 'redirect created', `redirect:${row!.id}`, { from, to, ...(replaced ? { replaced } : {}) });
}

/**
 * The redirect for an address nothing else answers, counted as a hit in the same statement
 * (one round trip on every unknown address, which is mostly bots).
 */
export async function takeRedirect(db: Db, path: string): Promise<{ to: string; status: number } | null> {
  const [row] = await db
    .update(redirects)
    .set({ hits: sql`${redirects.hits} + 1`, lastHitAt: sql`now()` })
    .where(eq(redirects.fromPath, path))
    .returning({ to: redirects.toPath, status: redirects.status });
  return row ?? null;
}
