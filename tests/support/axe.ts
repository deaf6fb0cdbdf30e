import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (every rule it has, best practices included) and fails with a readable list.
 *
 * In the page itself ("legacy mode": no blank page opened beside it to merge each frame's
 * results; our pages have no cross-origin frame to merge, and axe would report one it cannot
 * test) and asking for violations only (the rules all run; passing nodes are not described):
 * 0.5 s a page instead of 1.5 on a two-core machine, where the suite runs axe some 200 times.
 */
export async function expectNoAxeViolations(page: Page, context = '', options: { exclude?: string[] } = {}): Promise<void> {
  const builder = new AxeBuilder({ page });
  // A frame that reloads by itself (the page editor's preview) is left out: axe would time out
  // reaching into it mid-swap. What it shows is a site page, checked on its own route.
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  // A dialog or toast still fading in or out is half transparent, which axe reads as too little
  // contrast: its animations finish first (not a toast's timer bar, which runs its whole time).
  // A dialog asked for just now opens 10 ms later (src/ui/dialogs.ts): let it start first.
  const settle = () =>
    page.evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all(
        [...document.querySelectorAll('.swal2-container')]
          .flatMap((element) => element.getAnimations({ subtree: true }))
          .filter((animation) => !((animation.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('swal2-timer-progress-bar'))
          .map((animation) => animation.finished.catch(() => {})),
      );
    });
  const analyze = () =>
    builder
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
  await settle();
  let results = await analyze();
  // A toast whose time ran out while axe read the page fades out under it, which axe reads as too
  // little contrast on the toast alone: once it is leaving or gone, the page is read again (a
  // toast that stays and truly lacks contrast still fails).
  const onToastOnly =
    results.violations.length > 0 && results.violations.every((violation) => violation.nodes.every((node) => node.target.join(' ').includes('swal2')));
  const toastLeaving = (await page.locator('.swal2-toast:not(.swal2-hide)').count()) === 0;
  if (onToastOnly && toastLeaving) {
    await settle();
    results = await analyze();
  }
  const report = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`,
  );
  expect(report, `axe on ${context || page.url()}`).toEqual([]);
}
