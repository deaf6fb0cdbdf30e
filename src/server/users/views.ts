import type { users } from '../db/schema.ts';
import type { UserView } from '#src/schemas/user-view.ts';
import { isAdminRole } from '#src/schemas/roles.ts';

export type { UserView };

export function toUserView(row: typeof users.$inferSelect): UserView {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    isAdmin: isAdminRole(row.role),
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    twoFactor: { isEnabled: row.twoFactorEnabled, isVerified: row.twoFactorVerified },
    pendingEmail: row.pendingEmail && row.pendingEmailExpiresAt && row.pendingEmailExpiresAt > new Date() ? row.pendingEmail : null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
  };
}
