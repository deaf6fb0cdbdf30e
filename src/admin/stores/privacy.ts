import { map } from 'nanostores';
import { messageOf } from '#src/api/client.ts';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { ErasureView, PersonDataView } from '#src/schemas/privacy-view.ts';

/**
 * The finder's state (/admin/privacy/find and a request's page): the address asked about and what is held about it.
 * The address is never put into the page's own address (history, referrers, proxies' logs).
 */
export type PrivacyState = {
  person: PersonDataView | null;
  isLoading: boolean;
  /** What the last call said (found, nothing held, or why it failed). */
  message: string;
  ok: boolean;
};

export const $privacy = map<PrivacyState>({ person: null, isLoading: false, message: '', ok: true });

/** Forgets the last look-up: each screen that finds (the finder, a request's page) starts empty. */
export function resetFinder(): void {
  $privacy.set({ person: null, isLoading: false, message: '', ok: true });
}

/** Looks up everything held about `email`; a failure is kept as the message (and thrown for the form's field errors). */
export async function findPerson(email: string): Promise<void> {
  $privacy.set({ ...$privacy.get(), isLoading: true });
  try {
    const result = await unwrap(apiClient.privacy.find.$post({ json: { email } }));
    $privacy.set({ person: result.person, isLoading: false, message: result.message, ok: true });
  } catch (error) {
    $privacy.set({ person: null, isLoading: false, message: messageOf(error), ok: false });
    throw error;
  }
}

/** Empty when nothing is held: the screen offers no export or erasure then. */
export function holdsAnything(person: PersonDataView): boolean {
  return person.callbacks.length + person.requests.length + person.mails.length > 0 || person.user !== null;
}

/** The subject-access export as a file download (a POST, so the address stays out of the URL). */
export async function exportPerson(email: string): Promise<void> {
  const response = await apiClient.privacy.export.$post({ json: { email } });
  // A refusal comes as the usual envelope: unwrap turns it into the ApiError every screen shows.
  if (!response.ok) await unwrap(Promise.resolve(response));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'personal-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Erases everything held about the address shown; the screen then shows that nothing is left. */
export async function erasePerson(email: string): Promise<ErasureView> {
  const { erased } = await unwrap(apiClient.privacy.erase.$post({ json: { email } }));
  $privacy.set({
    person: { email, callbacks: [], requests: [], mails: [], user: null },
    isLoading: false,
    message: 'Nothing is held about this address.',
    ok: true,
  });
  return erased;
}
