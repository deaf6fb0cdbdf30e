import * as v from 'valibot';
import { email, password, PASSWORD_MAX, requiredText, searchText } from './fields.ts';
import { messages } from './messages.ts';
import { createdSort, ListPagingSchema } from './paging.ts';
import { isAdminRole, type Role, roleFromIsAdmin, roles } from './roles.ts';

/** The role selector sends 'true' or 'false' as text; JSON booleans are taken too. */
const isAdmin = v.optional(
  v.pipe(
    v.union([v.picklist(['true', 'false']), v.boolean()], 'Choose True or False'),
    v.transform((value) => value === true || value === 'true'),
  ),
);

/** The role selector: Administrator, Broker or Editor (src/schemas/roles.ts). */
const role = v.optional(v.picklist(roles, 'Choose Administrator, Broker or Editor'));

export const ROLE_DISAGREES = 'The role and the Administrator choice disagree: choose one role';

/** Both may be sent (the back-office form sends both); they must then say the same thing. */
const roleAgrees = (input: { role?: Role | undefined; isAdmin?: boolean | undefined }) =>
  !input.role || input.isAdmin === undefined || isAdminRole(input.role) === input.isAdmin;

/** The role a create or edit asks for: `role` when sent, else the spec's isAdmin flag (false is Broker), else none. */
export function requestedRole(input: { role?: Role | undefined; isAdmin?: boolean | undefined }): Role | undefined {
  return input.role ?? (input.isAdmin === undefined ? undefined : roleFromIsAdmin(input.isAdmin));
}

const names = { first_name: requiredText(100), last_name: requiredText(100), email };

/** 'Create a User' and sign-up: the password is required when creating. */
export const UserCreateSchema = v.pipe(
  v.object({ ...names, password, isAdmin, role }, messages.required),
  v.forward(v.partialCheck([['role'], ['isAdmin']], roleAgrees, ROLE_DISAGREES), ['role']),
);

/** Messages of the account changes that need proof (the current password, a mailed link). */
export const accountMessages = {
  currentPasswordNeeded: 'Enter your current password to change your email or password',
  currentPasswordWrong: 'The current password is not correct',
  confirmLinkInvalid: 'This confirmation link is not valid or has expired. Please change the email address again to get a new one.',
} as const;

/** 'Edit a User': an empty password leaves it unchanged. */
const UserUpdateFields = v.object(
  {
    ...names,
    password: v.optional(v.union([v.literal(''), password], 'Use at least 12 characters')),
    /** Asked when someone changes their own email or password (see ownAccountUpdateSchema). */
    currentPassword: v.optional(v.pipe(v.string(messages.required), v.maxLength(PASSWORD_MAX, accountMessages.currentPasswordWrong))),
    isAdmin,
    role,
  },
  messages.required,
);
export const UserUpdateSchema = v.pipe(UserUpdateFields, v.forward(v.partialCheck([['role'], ['isAdmin']], roleAgrees, ROLE_DISAGREES), ['role']));

/** Whether an edit changes the email (other than in letter case) or sets a new password. */
export function changesCredentials(currentEmail: string, input: { email: string; password?: string | undefined }): boolean {
  return input.email.trim().toLowerCase() !== currentEmail.toLowerCase() || Boolean(input.password);
}

/**
 * 'Edit a User' on one's own account: a new email or password needs the current password, so
 * a session left open (or stolen) is not enough to take the account over. An Administrator
 * editing someone else uses UserUpdateSchema: they do not know that user's password.
 */
export function ownAccountUpdateSchema(currentEmail: string) {
  return v.pipe(
    UserUpdateSchema,
    v.forward(
      v.partialCheck(
        [['email'], ['password'], ['currentPassword']],
        (input) => !changesCredentials(currentEmail, input) || Boolean(input.currentPassword),
        accountMessages.currentPasswordNeeded,
      ),
      ['currentPassword'],
    ),
  );
}

/** The email-change confirmation: the token from the link mailed to the new address. */
export const EmailConfirmSchema = v.object(
  { token: v.pipe(v.string(messages.required), v.trim(), v.nonEmpty(messages.required), v.maxLength(200, accountMessages.confirmLinkInvalid)) },
  messages.required,
);

export type UserCreate = v.InferOutput<typeof UserCreateSchema>;
export type UserUpdate = v.InferOutput<typeof UserUpdateSchema>;

export type { UserView } from './user-view.ts';

/** The users list's account filter: those who can sign in, or those an administrator has suspended. */
export const userAccountStates = ['active', 'suspended'] as const;
export type UserAccountState = (typeof userAccountStates)[number];

/**
 * `GET /api/v1/users/?search=&name=&email=&status=&sort=` with paging: each text filter matches part of a name or
 * address, `status` keeps active or suspended accounts; newest first unless `sort=oldest`.
 */
export const UserListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  sort: createdSort,
  status: v.optional(v.union([v.literal(''), v.picklist(userAccountStates)], 'Choose active or suspended'), ''),
  search: v.optional(searchText),
  name: v.optional(searchText),
  email: v.optional(searchText),
});
