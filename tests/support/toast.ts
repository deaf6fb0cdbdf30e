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
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
