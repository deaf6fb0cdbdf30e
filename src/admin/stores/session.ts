import { atom, map } from 'nanostores';
import { ApiError, messageOf, type FieldError } from '#src/api/client.ts';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import { authMessages } from '#src/schemas/messages.ts';
import type { UserView } from '#src/schemas/user.ts';

/** A user as the API shows it. */
export type User = UserView;

/** Login state, with its defaults. */
export type LoginState = {
  user: User | null;
  message: string;
  isLoading: boolean;
  errors: FieldError[];
  is2FAEnabled: boolean;
  allowSkip2FA: boolean;
};

export const $login = map<LoginState>({ user: null, message: '', isLoading: false, errors: [], is2FAEnabled: true, allowSkip2FA: false });

/** Session: the protected wrapper's view of it. */
export const $session = atom<'checking' | 'loggedIn' | 'unauthorised'>('checking');

/** What the sign-in screen may offer, from the server's configuration. */
export const $authOptions = atom<{ signupEnabled: boolean } | null>(null);

export async function loadAuthOptions(): Promise<void> {
  try {
    const options = await unwrap(apiClient.auth.options.$get());
    $authOptions.set({ signupEnabled: options.signupEnabled });
  } catch {
    $authOptions.set({ signupEnabled: false });
  }
}

/** Where sign-in goes next (login flow). */
export type NextStep = 'verify' | 'setup' | 'done';

export async function signIn(email: string, password: string): Promise<NextStep> {
  $login.setKey('isLoading', true);
  try {
    const result = await unwrap(apiClient.auth.login.$post({ json: { email, password } }));
    $login.set({
      user: result.user,
      message: result.message,
      isLoading: false,
      errors: [],
      is2FAEnabled: result.is2FAEnabled,
      allowSkip2FA: result.allowSkip2FA,
    });
    if (!result.is2FAEnabled) return 'done';
    return result.user.twoFactor.isEnabled && result.user.twoFactor.isVerified ? 'verify' : 'setup';
  } catch (error) {
    $login.set({ ...$login.get(), user: null, isLoading: false, message: messageOf(error), errors: error instanceof ApiError ? error.errors : [] });
    throw error;
  }
}

/**
 * 401 means unauthorised ('Unauthorized', 'User is not logged in.'); any other failure is an
 * HTTP error. Every failed check is logged and leaves its reason in the login
 * state's message, which the protected wrapper shows.
 */
export async function checkLoggedIn(): Promise<boolean> {
  try {
    const result = await unwrap(apiClient.auth.loggedin.$get());
    $login.setKey('user', result.user);
    $session.set('loggedIn');
    return true;
  } catch (error) {
    console.error(authMessages.checkFailed, error);
    const message = error instanceof ApiError && error.status === 401 ? `${authMessages.unauthorized}: ${authMessages.notLoggedIn}` : messageOf(error);
    $login.set({ ...$login.get(), user: null, message, errors: [] });
    $session.set('unauthorised');
    return false;
  }
}

/** Logout clears the user and sets 'Logged Out User', once the server has ended the session. */
export async function signOut(): Promise<string> {
  // A POST, like every write: the API checks a write comes from our own pages.
  const result = await unwrap(apiClient.auth.logout.$post());
  $login.set({ ...$login.get(), user: null, message: 'Logged Out User', errors: [] });
  $session.set('unauthorised');
  return result.message;
}

export async function generateSecret(): Promise<{ secret: string; otpauthUrl: string }> {
  const result = await unwrap(apiClient.auth['2fa'].generateSecret.$post({ json: {} }));
  return { secret: result.user.twoFactor.secret ?? '', otpauthUrl: result.otpauth_url };
}

/** Checks a code; returns the recovery codes when this completed a first setup. */
export async function verifyCode(token: string): Promise<string[] | undefined> {
  const result = await unwrap(apiClient.auth['2fa'].verify.$post({ json: { token } }));
  $login.setKey('user', result.user);
  return result.recoveryCodes;
}

export async function skipTwoFactor(): Promise<void> {
  const result = await unwrap(apiClient.auth['2fa'].skip.$post({ json: {} }));
  $login.setKey('user', result.user);
}
