import { expect, test } from '@playwright/test';

test('/uikit shows the shared building blocks, which come alive on first interaction', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/uikit');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText('of 5');
  expect(scripts).toEqual([]);

  await pagination.getByRole('button', { name: 'Next page' }).hover();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  await expect(page.locator('astro-island[client="interaction"]')).not.toHaveAttribute('ssr', '');
  await pagination.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 5 is showing.')).toBeVisible();

  await page.getByRole('button', { name: 'What does third party, fire and theft cover?' }).click();
  await expect(page.getByText('Injury and damage you cause to others')).toBeVisible();
  await page.getByRole('switch').click();
  await expect(page.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
});
