import { expect, type Page } from '@playwright/test';

/**
 * Signs in on a spec's own server, where two-factor is off (serveOwnSite): email, password, and
 * the sign-in form gone. `origin` for a spec that serves its site on an address of its own.
 */
export async function signInWithoutTwoFactor(page: Page, who: { email: string; password: string }, origin = ''): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
}
