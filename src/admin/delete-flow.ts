import { messageOf } from '../api/client.ts';
import { confirmDelete, showError } from '../ui/dialogs.ts';

/**
 * Every back-office delete: 'Are you sure?' first; if confirmed, delete (which shows its own
 * success dialog), then reload the list; any failure shows 'Error' with the server's message.
 */
export async function deleteAfterConfirming(remove: () => Promise<void>, reload: () => Promise<void>): Promise<void> {
  if (!(await confirmDelete())) return;
  try {
    await remove();
    await reload();
  } catch (error) {
    await showError(messageOf(error));
  }
}
