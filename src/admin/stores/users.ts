import { map } from 'nanostores';
import { api, type FieldError } from '../../api/client.ts';
import type { User } from './session.ts';

/** Users state (spec section 3) with the list's paging. */
export type UsersState = {
  users: User[];
  currentUser: User | null;
  ok: boolean;
  message: string;
  errors: FieldError[];
  page: number;
  page_size: number;
  total_pages: number;
  total_items: number;
  isLoading: boolean;
};

export const $users = map<UsersState>({
  users: [],
  currentUser: null,
  ok: true,
  message: '',
  errors: [],
  page: 0,
  page_size: 10,
  total_pages: 1,
  total_items: 0,
  isLoading: false,
});

type Page = { users: User[]; page: number; page_size: number; total_pages: number; total_items: number };

export async function loadUsers(page = $users.get().page): Promise<void> {
  $users.setKey('isLoading', true);
  try {
    const result = await api<Page>('GET', `/users/?page=${page}&page_size=${$users.get().page_size}`);
    $users.set({ ...$users.get(), ...pick(result), ok: true, message: result.message, errors: [], isLoading: false });
  } catch (error) {
    $users.setKey('isLoading', false);
    throw error;
  }
}

function pick(result: Page) {
  const { users, page, page_size, total_pages, total_items } = result;
  return { users, page, page_size, total_pages, total_items };
}

export async function loadUser(id: string): Promise<User> {
  const result = await api<{ user: User }>('GET', `/users/get/${encodeURIComponent(id)}`);
  $users.setKey('currentUser', result.user);
  return result.user;
}

export type UserValues = { first_name: string; last_name: string; email: string; password: string; currentPassword?: string; isAdmin?: 'true' | 'false' };

export async function createUser(values: UserValues): Promise<string> {
  return (await api('POST', '/users/create', values)).message;
}

export async function updateUser(id: string, values: UserValues): Promise<User> {
  const result = await api<{ user: User }>('PUT', `/users/update/${encodeURIComponent(id)}`, values);
  $users.setKey('currentUser', result.user);
  return result.user;
}

/** Uses the link mailed to a new address; answers the user with the new email. */
export async function confirmEmailChange(token: string): Promise<{ message: string; user: User }> {
  const result = await api<{ user: User }>('POST', '/users/confirmEmail', { token });
  return { message: result.message, user: result.user };
}

export async function deleteUser(id: string): Promise<void> {
  await api('DELETE', `/users/delete/${encodeURIComponent(id)}`);
}

export async function resetTwoFactor(id: string): Promise<string> {
  return (await api('POST', `/users/reset2fa/${encodeURIComponent(id)}`)).message;
}

export async function signUp(values: UserValues): Promise<string> {
  return (await api('POST', '/users/signup', values)).message;
}

export async function requestPasswordReset(email: string): Promise<string> {
  return (await api('POST', `/users/passwordReset/${encodeURIComponent(email)}`)).message;
}

export async function completePasswordReset(values: { email: string; passwordResetToken: string; newPassword: string }): Promise<string> {
  return (await api('POST', '/users/verifypasswordreset', values)).message;
}
