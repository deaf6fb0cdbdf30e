import * as v from 'valibot';
import { roles } from './roles.ts';

/** A user as the API shows it: never a hash, a secret or a token. */
export const UserViewSchema = v.object({
  _id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  /** The spec's flag: true exactly when `role` is 'admin'. */
  isAdmin: v.boolean(),
  /** What the person may reach (src/schemas/roles.ts). */
  role: v.picklist(roles),
  /** ISO 8601. */
  createdAt: v.string(),
  /** `secret` only in the answer that starts two-factor setup. */
  twoFactor: v.object({ isEnabled: v.boolean(), isVerified: v.boolean(), secret: v.optional(v.string()) }),
  /** An email change waiting for confirmation by the link mailed to this address; null when none. */
  pendingEmail: v.nullable(v.string()),
  /** When they last signed in all the way (ISO 8601); null if they never have. */
  lastSignInAt: v.nullable(v.string()),
  /** When an administrator suspended the account (ISO 8601): it cannot sign in until reactivated. Null when active. */
  suspendedAt: v.nullable(v.string()),
});
export type UserView = v.InferOutput<typeof UserViewSchema>;
