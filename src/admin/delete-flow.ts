import { messageOf } from '../api/client.ts';
import { confirmDelete, showError, toast } from '../ui/dialogs.ts';

/**
 * Every back-office delete: 'Are you sure?' first (with `detail` under the spec's words where a
 * delete takes more with it or leaves some behind), then `remove`; a failure shows 'Error' with
 * the server's message. Resolves true once deleted, so a record's page can leave for its list.
 */
export async function deleteAfterConfirming(remove: () => Promise<void>, detail?: string): Promise<boolean> {
  if (!(await confirmDelete(detail))) return false;
  try {
    await remove();
    return true;
  } catch (error) {
    await showError(messageOf(error));
    return false;
  }
}

/**
 * A record deleted from its list's row menu or from its own page, the one way both go:
 * confirmed as above, then a 'Deleted!' toast with the server's words (the store's remove
 * answers them and reloads its list).
 */
export const deleteRecord = (remove: () => Promise<string>, detail?: string): Promise<boolean> =>
  deleteAfterConfirming(async () => toast(await remove(), 'Deleted!'), detail);
