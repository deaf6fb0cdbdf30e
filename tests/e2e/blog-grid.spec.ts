import { expect, test } from '@playwright/test';

/**
 * The blog list's grid stays even for any number of posts (blog.css): every row of cards runs
 * from the list's left edge to its right, so no row ends in an empty slot. The built /blog
 * holds the seeded posts; the test clones or removes cards in the page (the island has not
 * hydrated, so it leaves them be) to lay out each count, with the lead story and without it
 * (a topic, a search or a later page has none). It reads only the built page.
 */
const counts = [1, 2, 3, 4, 5, 6, 7, 8];

for (const width of [1366, 800, 390]) {
  test(`at ${width} px the cards fill every row for 1 to ${counts.length} posts, with and without the lead story`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/blog');
    await expect(page.locator('.post-card:not(.post-card-lead)').first()).toBeVisible();
    for (const lead of [true, false]) {
      for (const count of counts) {
        const rows = await page.evaluate(
          ({ count, lead }) => {
            const list = document.querySelector('.post-cards');
            if (!list) throw new Error('no list of posts');
            const original = (list as HTMLElement & { original?: Element[] }).original ?? [...list.children];
            (list as HTMLElement & { original?: Element[] }).original = original;
            const leadCard = original.find((card) => card.classList.contains('post-card-lead'));
            const others = original.filter((card) => card !== leadCard);
            const cards = Array.from({ length: count }, (_, index) => (others[index % others.length] as Element).cloneNode(true) as Element);
            list.replaceChildren(...(lead && leadCard ? [leadCard] : []), ...cards);
            const edges = list.getBoundingClientRect();
            const byTop = new Map<number, DOMRect[]>();
            for (const card of cards) {
              const box = card.getBoundingClientRect();
              byTop.set(Math.round(box.top), [...(byTop.get(Math.round(box.top)) ?? []), box]);
            }
            return [...byTop.values()].map((row) => ({
              fromEdge: Math.round(Math.min(...row.map((box) => box.left)) - edges.left),
              toEdge: Math.round(edges.right - Math.max(...row.map((box) => box.right))),
            }));
          },
          { count, lead },
        );
        for (const row of rows) expect(row, `${count} posts${lead ? ' after the lead story' : ''}`).toEqual({ fromEdge: 0, toEdge: 0 });
      }
    }
  });
}
