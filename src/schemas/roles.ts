/**
 * Staff roles and what each may reach: one table read by the server's guards
 * (src/server/auth/session.ts) and by the back-office navigation, so the two never disagree
 * (docs/operations/security.md, Roles).
 */
export const roles = ['admin', 'broker', 'editor'] as const;
export type Role = (typeof roles)[number];

/** Each role's name on screens, in the order the role selector lists them. */
export const roleNames: Record<Role, string> = { admin: 'Administrator', broker: 'Broker', editor: 'Editor' };

/** Who may use each kind of work. */
export const access = {
  /** Customers' personal data: contacts, quotes, renewals, their mail, privacy requests, the dashboard. */
  personalData: ['admin', 'broker'],
  /** The site's words and pictures: posts, pages, media, redirects, preview shares. */
  siteContent: ['admin', 'broker', 'editor'],
  /** Staff accounts, the audit log, the content structure and the mail templates. */
  administration: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Access = keyof typeof access;

/** Whether a role may use a kind of work; no role (signed out) may use none. */
export function can(role: Role | null | undefined, what: Access): boolean {
  return role != null && (access[what] as readonly Role[]).includes(role);
}

/**
 * The spec's `isAdmin` flag, kept in every answer and form: true exactly for an Administrator.
 * A form that sends only the flag (the spec's 'False'/'True' selector) means Broker for false.
 */
export const isAdminRole = (role: Role): boolean => role === 'admin';
export const roleFromIsAdmin = (isAdmin: boolean): Role => (isAdmin ? 'admin' : 'broker');
