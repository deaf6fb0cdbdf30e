import type { users } from '../db/schema.ts';

/** A user as the API shows it (spec section 3): never a hash, a secret or a token. */
export type UserView = {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  isAdmin: boolean;
  createdAt: string;
  twoFactor: { isEnabled: boolean; isVerified: boolean };
};

export function toUserView(row: typeof users.$inferSelect): UserView {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    twoFactor: { isEnabled: row.twoFactorEnabled, isVerified: row.twoFactorVerified },
  };
}
