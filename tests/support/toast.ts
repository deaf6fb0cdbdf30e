import { expect, type Page } from '@playwright/test';

/**
 * A routine success, shown as a toast (sweetalert2's toast mode: role alert, no button, gone by
 * itself): its title, and its text when given. It takes no focus and blocks nothing.
 */
export async function expectToast(page: Page, title: string, text?: string): Promise<void> {
  // One look for title, text and role together: a toast closes itself after a few seconds, and on
  // a loaded machine it was gone between a look for its title and a second look for its text.
  const toast = page.locator('.swal2-toast[role="alert"]', text ? { hasText: text } : {});
  await expect(toast.getByRole('heading', { name: title })).toBeVisible();
  // Nothing blocks the screen: no modal dialog (a non-modal panel, such as the post's settings beside the writing, may be open).
  await expect(page.locator('[role="dialog"][aria-modal="true"], dialog:modal')).toHaveCount(0);
}
