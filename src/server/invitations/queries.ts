import { alias } from 'drizzle-orm/pg-core';
import { and, eq, getTableColumns, gt, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { InvitationStatus } from '#src/schemas/invitation.ts';
import type { CreatedSort } from '#src/schemas/paging.ts';
import type { Db, Tx } from '../db/client.ts';
import { directionOf, type KeyPart, keyColumns, keysetPage, type ListPage, type ListRequest } from '../db/keyset.ts';
import { invitations, users } from '../db/schema.ts';
import { HttpError } from '../http/envelope.ts';

export const NO_SUCH_INVITATION = 'There is no such invitation.';
export const INVITATION_CLOSED = 'This invitation has already been accepted or revoked.';
export const ALREADY_INVITED = 'This address already has an invitation waiting. Resend it instead.';
export const INVITATION_INVALID = 'This invitation link is not valid, has expired or has already been used. Ask an administrator for a new one.';

const inviter = alias(users, 'inviter');

export type InvitationRow = typeof invitations.$inferSelect & { inviterFirstName: string | null; inviterLastName: string | null };

const ORDER: KeyPart[] = [
  { expr: invitations.createdAt, type: 'timestamptz' },
  { expr: invitations.id, type: 'uuid' },
];

const withInviter = { ...getTableColumns(invitations), inviterFirstName: inviter.firstName, inviterLastName: inviter.lastName };

/** Neither accepted nor revoked: its link may still work (until it expires). */
export const isOpen = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));
/** Open and not expired: its link works. */
export const isUsable = () => and(isOpen(), gt(invitations.expiresAt, sql`now()`));

export function statusFilter(status: InvitationStatus | ''): SQL | undefined {
  if (status === 'pending') return isUsable();
  if (status === 'expired') return and(isOpen(), lte(invitations.expiresAt, sql`now()`));
  if (status === 'accepted') return isNotNull(invitations.acceptedAt);
  if (status === 'revoked') return isNotNull(invitations.revokedAt);
  return undefined;
}

export function listInvitations(db: Db, where: SQL | undefined, paging: ListRequest, sort: CreatedSort | '' = ''): Promise<ListPage<InvitationRow>> {
  return keysetPage(db, {
    table: invitations,
    id: invitations.id,
    keys: ORDER,
    direction: directionOf(sort),
    where,
    paging,
    select: (query) =>
      db
        .select({ ...withInviter, ...keyColumns(ORDER) })
        .from(invitations)
        .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

export async function findInvitation(db: Db | Tx, id: string): Promise<InvitationRow> {
  const [row] = await db.select(withInviter).from(invitations).leftJoin(inviter, eq(inviter.id, invitations.invitedBy)).where(eq(invitations.id, id));
  if (!row) throw new HttpError(404, NO_SUCH_INVITATION);
  return row;
}
