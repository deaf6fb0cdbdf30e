import { map } from 'nanostores';
import { can, type Role } from '#src/schemas/roles.ts';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import { createListDetailStore, emptyList, keySlot, type Outcome, type Paging } from './list-detail.ts';
import type { SignedInDeviceView } from '#src/schemas/user-sessions.ts';
import type { UserAccountState } from '#src/schemas/user.ts';
import { $login, type User } from './session.ts';

/** Users state (users, currentUser, ok, message, errors) with the list's paging. */
export type UsersState = Paging &
  Outcome & {
    users: User[];
    /** The user on the edit screen: set by get and update, read by the screen. */
    currentUser: User | null;
    isLoading: boolean;
    /** The list's search, account filter and order (`sort=oldest`), as the address carries them. */
    filter: UsersFilter;
  };

export type UsersFilter = { search?: string; status?: string; sort?: string };

export const $users = map<UsersState>({
  users: [],
  currentUser: null,
  filter: {},
  ...emptyList(10),
});

export type UserValues = {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  currentPassword?: string;
  isAdmin?: 'true' | 'false';
  role?: Role;
};

/** The users list and the user being edited: load, get, create, update and remove (a delete reloads the list). */
export const users = createListDetailStore<UsersState, User, User, UserValues, UsersFilter>({
  store: $users,
  items: keySlot($users, 'users'),
  current: keySlot($users, 'currentUser'),
  loading: keySlot($users, 'isLoading'),
  filter: keySlot($users, 'filter'),
  calls: {
    async list({ page, page_size, filter, cursor }) {
      const query = {
        page: String(page),
        page_size: String(page_size),
        // From the address, typed by anyone: the server checks them (a 400 with its message).
        ...(filter.sort ? { sort: filter.sort as 'oldest' } : {}),
        ...(filter.search ? { search: filter.search } : {}),
        ...(filter.status ? { status: filter.status as UserAccountState } : {}),
        ...(cursor ? { cursor } : {}),
      };
      const result = await unwrap(apiClient.users.$get({ query }));
      return { ...result, items: result.users };
    },
    get: async (id) => (await unwrap(apiClient.users.get[':id'].$get({ param: pathParams({ id }) }))).user,
    async create(values) {
      const result = await unwrap(apiClient.users.create.$post({ json: values }));
      return { message: result.message, item: result.user };
    },
    async update(id, values) {
      const result = await unwrap(apiClient.users.update[':id'].$put({ param: pathParams({ id }), json: values }));
      return { message: result.message, item: result.user };
    },
    remove: async (id) => (await unwrap(apiClient.users.delete[':id'].$delete({ param: pathParams({ id }) }))).message,
  },
});

/**
 * Saves the user on the edit screen. Only an Administrator sets the role; saving one's own
 * account also refreshes the signed-in user the layout shows. Answers the saved user.
 */
export async function saveUser(id: string, values: UserValues): Promise<User> {
  const viewer = $login.get().user;
  const { item } = await users.update(id, can(viewer?.role, 'administration') ? values : { ...values, isAdmin: undefined, role: undefined });
  if (item._id === viewer?._id) $login.setKey('user', item);
  return item;
}

/** Uses the link mailed to a new address: the signed-in user now has the new email. Answers the server's message. */
export async function confirmEmailChange(token: string): Promise<string> {
  const result = await unwrap(apiClient.users.confirmEmail.$post({ json: { token } }));
  $login.setKey('user', result.user);
  return result.message;
}

/** Resets the current user's two-factor set-up, then shows the user as it now is. */
export async function resetTwoFactor(id: string): Promise<string> {
  const { message } = await unwrap(apiClient.users.reset2fa[':id'].$post({ param: pathParams({ id }) }));
  await users.get(id);
  return message;
}

export async function signUp(values: UserValues): Promise<string> {
  return (await unwrap(apiClient.users.signup.$post({ json: values }))).message;
}

export async function requestPasswordReset(email: string): Promise<string> {
  return (await unwrap(apiClient.users.passwordReset[':email'].$post({ param: pathParams({ email }) }))).message;
}

export async function completePasswordReset(values: { email: string; passwordResetToken: string; newPassword: string }): Promise<string> {
  return (await unwrap(apiClient.users.verifypasswordreset.$post({ json: values }))).message;
}

/** Where the account is signed in, the latest first. */
export async function loadSignedInDevices(id: string): Promise<SignedInDeviceView[]> {
  return (await unwrap(apiClient.users.sessions[':id'].$get({ param: pathParams({ id }) }))).devices;
}

/** Signs the account out everywhere (on one's own, everywhere else). Answers the server's message. */
export async function signOutEverywhere(id: string): Promise<string> {
  return (await unwrap(apiClient.users.endSessions[':id'].$post({ param: pathParams({ id }) }))).message;
}

/** Suspends or reactivates an account, then shows it as it now is. Answers the server's message. */
export async function setSuspended(id: string, suspend: boolean): Promise<string> {
  const call = suspend ? apiClient.users.suspend[':id'].$post : apiClient.users.reactivate[':id'].$post;
  const { message, user } = await unwrap(call({ param: pathParams({ id }) }));
  $users.setKey('currentUser', user);
  return message;
}
