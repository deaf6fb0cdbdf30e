import type { InvitationView } from '#src/schemas/invitation.ts';
import type { InvitationRow } from './queries.ts';

export function toInvitationView(row: InvitationRow, now = new Date()): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending',
    invitedBy: row.invitedBy ? { id: row.invitedBy, name: `${row.inviterFirstName ?? ''} ${row.inviterLastName ?? ''}`.trim() } : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
