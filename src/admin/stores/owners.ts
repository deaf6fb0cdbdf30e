import { atom } from 'nanostores';
import { apiClient, unwrap } from '#src/api/typed-client.ts';
import type { OwnerView } from '#src/schemas/pipeline.ts';

/** The staff members a callback, quote or renewal can be assigned to (loaded once per visit). */
export const $owners = atom<OwnerView[]>([]);
let loading: Promise<void> | null = null;

export function loadOwners(): Promise<void> {
  loading ??= unwrap(apiClient.contacts.owners.$get())
    .then(({ owners }) => $owners.set(owners))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
