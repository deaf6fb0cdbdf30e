import { auditChanges } from '../audit-changes.ts';
import type { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

/**
 * What an edit of a staff account changed, for its audit entry: the name, address and role as
 * the Users screen shows them; a new password only as changed, never its hash. Two-factor data
 * has entries of its own and no values. The account's deletion or erasure blanks these values.
 */
export const userChanges = (before: UserRow, after: UserRow) =>
  auditChanges(
    { firstName: before.firstName, lastName: before.lastName, email: before.email, role: before.role, password: before.passwordHash },
    { firstName: after.firstName, lastName: after.lastName, email: after.email, role: after.role, password: after.passwordHash },
    { secret: ['password'] },
  );

/** The fields of its entries a staff account's deletion or erasure blanks: what names the person. */
export const USER_PERSONAL_FIELDS = ['firstName', 'lastName', 'email'] as const;

/** A suspension or reactivation: whether the account may sign in. */
export const activeChange = (active: boolean) => auditChanges({ active: !active }, { active });
