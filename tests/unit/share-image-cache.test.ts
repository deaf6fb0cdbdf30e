import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedShareImage } from '#src/site/share-image-cache.ts';
import { renderShareImage, type ShareCard, shareImageInputs } from '#src/site/share-image.ts';

/** A build draws a share card once; later builds reuse it until something it is drawn from changes. */
let dir: string;
const card: ShareCard = { title: 'Van Insurance Ireland', brand: 'Acme Vans', footer: 'Regulated by the Central Bank of Ireland' };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'share-cards-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('share cards kept across builds', () => {
  it('draws a card once, the same bytes as drawing it afresh, and reads it back after', async () => {
    const first = await cachedShareImage(card, dir);
    expect(first.equals(await renderShareImage(card))).toBe(true);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    // Proof that the second call reads the kept file rather than drawing: replace its bytes.
    await writeFile(join(dir, files[0] ?? ''), 'kept');
    expect((await cachedShareImage(card, dir)).toString()).toBe('kept');
  }, 30_000);

  it('draws again when the title, the brand or the footer changes', async () => {
    for (const changed of [
      { ...card, title: 'Fleet Insurance Ireland' },
      { ...card, brand: 'Acme Fleets' },
      { ...card, footer: 'Regulated by the Central Bank of Ireland · 01 234 5678' },
    ])
      expect(shareImageInputs(changed)).not.toBe(shareImageInputs(card));
    await cachedShareImage({ ...card, title: 'Fleet Insurance Ireland' }, dir);
    expect(await readdir(dir)).toHaveLength(2);
  }, 30_000);
});
