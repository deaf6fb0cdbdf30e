import { type Role, roleNames } from '#src/schemas/roles.ts';

/** A person's role as the back-office names it: Administrator, Broker or Editor. */
export const roleName = (user: { role: Role }): string => roleNames[user.role];
