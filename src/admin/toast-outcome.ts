import { messageOf } from '../api/client.ts';
import { showError, toast } from '../ui/dialogs.ts';

/**
 * A routine action from a button or a row menu: the server's message as a toast when it
 * succeeds, its refusal in the error dialog when it does not (as deleteAfterConfirming does
 * for deletes).
 */
export async function toastOutcome(action: Promise<string>, title?: Parameters<typeof toast>[1]): Promise<void> {
  try {
    toast(await action, title);
  } catch (error) {
    await showError(messageOf(error));
  }
}
