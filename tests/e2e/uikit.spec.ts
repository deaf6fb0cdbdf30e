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

  // The accordion is the live FAQ list's (a native disclosure), not a React component.
  await page.locator('.faq summary', { hasText: 'What does third party, fire and theft cover?' }).click();
  await expect(page.getByText('Injury and damage you cause to others')).toBeVisible();
  await page.getByRole('switch').click();
  await expect(page.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
});

test('the switch can be dragged: a press held past 250 ms moves the thumb with the pointer, and the release decides', async ({ page }) => {
  await page.goto('/uikit');
  const toggle = page.getByRole('switch');
  await toggle.hover(); // the island comes alive on first interaction
  await expect(page.locator('astro-island[client="interaction"]')).not.toHaveAttribute('ssr', '');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const box = (await toggle.boundingBox())!;
  expect([box.width, box.height]).toEqual([56, 28]);
  const thumb = toggle.locator('.ui-switch-thumb');
  const thumbX = async () => (await thumb.boundingBox())!.x;
  const onAt = await thumbX();

  await page.mouse.move(box.x + box.width - 8, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(300);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await expect.poll(thumbX).toBeLessThan(onAt - 10); // following the pointer, before any release
  await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.waitForTimeout(100);
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(thumbX).toBeLessThan(onAt - 20);
});
