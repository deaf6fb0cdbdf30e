import { apiClient, unwrap } from '#src/api/typed-client.ts';

/**
 * Whether a full session is already open, asked quietly: unlike the protected wrapper's check
 * (checkLoggedIn), a signed-out answer is the normal case here, so it is not a 401 (which the
 * browser would log as an error) but the sign-in options' `signedIn`, and nothing is logged or kept.
 */
export async function probeSession(): Promise<boolean> {
  try {
    return (await unwrap(apiClient.auth.options.$get())).signedIn;
  } catch {
    return false;
  }
}
