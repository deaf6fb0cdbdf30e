import { expect, type Page } from '@playwright/test';

/**
 * A routine success, shown as a toast (sweetalert2's toast mode: role alert, no button, gone by
 * itself): its title, and its text when given. It takes no focus and blocks nothing.
 */
export async function expectToast(page: Page, title: string, text?: string): Promise<void> {
  const toast = page.locator('.swal2-toast');
  await expect(toast.getByRole('heading', { name: title })).toBeVisible();
  await expect(toast).toHaveAttribute('role', 'alert');
  if (text) await expect(toast).toContainText(text);
  // Nothing blocks the screen: no modal dialog (a non-modal panel, such as the post's settings beside the writing, may be open).
  await expect(page.locator('[role="dialog"][aria-modal="true"], dialog:modal')).toHaveCount(0);
}
