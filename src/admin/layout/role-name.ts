import type { User } from '../stores/session.ts';

/** A person's role as the back-office names it (spec: Admin is 'Administrator', the other role Standard). */
export const roleName = (user: Pick<User, 'isAdmin'>): string => (user.isAdmin ? 'Administrator' : 'Standard');
