import { atom, map } from 'nanostores';
import { messageOf } from '#src/api/client.ts';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { ExportFormat } from '#src/schemas/privacy.ts';
import type { ErasureView, PersonDataView } from '#src/schemas/privacy-view.ts';
import { saveFile } from '../save-file.ts';

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

/**
 * Counts the look-ups, exports and erasures made from this page: a request's timeline reads
 * itself again when it changes, so what was just done shows on it.
 */
export const $personActions = atom(0);
const acted = () => $personActions.set($personActions.get() + 1);

/** Forgets the last look-up: each screen that finds (the finder, a request's page) starts empty. */
export function resetFinder(): void {
  $privacy.set({ person: null, isLoading: false, message: '', ok: true });
}

/**
 * Looks up everything held about `email`; a failure is kept as the message (and thrown for the
 * form's field errors). `registerId`: the register's request it is for (a request's page).
 */
export async function findPerson(email: string, registerId?: string): Promise<void> {
  $privacy.set({ ...$privacy.get(), isLoading: true });
  try {
    const result = await unwrap(apiClient.privacy.find.$post({ json: { email, registerId } }));
    $privacy.set({ person: result.person, isLoading: false, message: result.message, ok: true });
    acted();
  } catch (error) {
    $privacy.set({ person: null, isLoading: false, message: messageOf(error), ok: false });
    throw error;
  }
}

/** Empty when nothing is held: the screen offers no export or erasure then. */
export function holdsAnything(person: PersonDataView): boolean {
  return person.callbacks.length + person.requests.length + person.mails.length > 0 || person.user !== null;
}

/**
 * The subject-access export as a file download (a POST, so the address stays out of the URL):
 * JSON, or the page the person reads (`html`). `registerId`: the request it answers.
 */
export async function exportPerson(email: string, format: ExportFormat = 'json', registerId?: string): Promise<void> {
  const response = await apiClient.privacy.export.$post({ json: { email, format, registerId } });
  // A refusal comes as the usual envelope: unwrap turns it into the ApiError every screen shows.
  if (!response.ok) await unwrap(Promise.resolve(response));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `personal-data.${format}`;
  saveFile({ blob: await response.blob(), name });
  acted();
}

/** Erases everything held about the address shown; the screen then shows that nothing is left. `registerId`: the request it answers. */
export async function erasePerson(email: string, registerId?: string): Promise<ErasureView> {
  const { erased } = await unwrap(apiClient.privacy.erase.$post({ json: { email, registerId } }));
  acted();
  $privacy.set({
    person: { email, callbacks: [], requests: [], mails: [], user: null },
    isLoading: false,
    message: 'Nothing is held about this address.',
    ok: true,
  });
  return erased;
}
