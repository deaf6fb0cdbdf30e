import { messageOf } from '../api/client.ts';
import { confirmDelete, showError } from '../ui/dialogs.ts';

/**
 * Every back-office delete: 'Are you sure?' first; if confirmed, delete (the store's remove
 * reloads its list; the caller shows its own success dialog); any failure shows 'Error' with
 * the server's message.
 */
export async function deleteAfterConfirming(remove: () => Promise<void>): Promise<void> {
  if (!(await confirmDelete())) return;
  try {
    await remove();
  } catch (error) {
    await showError(messageOf(error));
  }
}
