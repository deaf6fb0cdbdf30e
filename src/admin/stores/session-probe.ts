import { apiClient, unwrap } from '../../api/typed-client.ts';
import { $login, $session } from './session.ts';

/**
 * Whether a full session is already open, asked quietly: unlike the protected wrapper's check
 * (checkLoggedIn), a signed-out answer is the normal case here, so nothing is logged or kept.
 */
export async function probeSession(): Promise<boolean> {
  try {
    const { user } = await unwrap(apiClient.auth.loggedin.$get());
    $login.setKey('user', user);
    $session.set('loggedIn');
    return true;
  } catch {
    return false;
  }
}
