import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteBuilder } from '#src/build/site-builder.ts';
import { createPreviewService, type PreviewService } from '#src/server/content/preview.ts';
import { seedContent } from '#src/server/content/seed.ts';
import { contentElements } from '#src/server/db/schema.ts';
import { createLogger } from '#src/server/log.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

/**
 * The draft preview's queue: a build every waiting editor gave up on (it saved again and asked for
 * a newer one) is dropped before it starts, so the newest preview is not stuck behind stale ones.
 * The builder here keeps the SiteBuilder contract (one build at a time; a build whose signal has
 * aborted by its turn never starts) and writes a page instead of running Astro.
 * Polls wait up to 15 s: on a busy machine reading the drafts for a build can take seconds.
 */

let test: TestDatabase;
let dir: string;
let service: PreviewService;
const started: string[] = [];
let release: () => void = () => undefined;

beforeAll(async () => {
  test = await freshDatabase();
  await seedContent(test.database.db);
  dir = await mkdtemp(join(tmpdir(), 'preview-queue-'));
  let queue: Promise<unknown> = Promise.resolve();
  const builder = (async () => undefined) as unknown as SiteBuilder;
  builder.preview = (outDir, _snapshots, _slugs, signal) => {
    const next = queue.then(async () => {
      signal?.throwIfAborted();
      started.push(outDir);
      // The first build is held until the test lets it go, so the others queue behind it.
      if (started.length === 1) await new Promise<void>((done) => (release = done));
      await mkdir(outDir, { recursive: true });
      await writeFile(join(outDir, 'index.html'), '<p>preview</p>');
    });
    queue = next.catch(() => undefined);
    return next;
  };
  service = createPreviewService(dir, builder, createLogger('silent'))!;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await test.drop();
});

/** Saves a text element's draft anew, so the next preview is of different drafts. */
async function saveHeading(words: string): Promise<void> {
  const db = test.database.db;
  const [text] = await db.select({ id: contentElements.id }).from(contentElements).where(eq(contentElements.fieldType, 'text')).limit(1);
  await db.update(contentElements).set({ value: words }).where(eq(contentElements.id, text!.id));
}

describe('the draft preview queue', () => {
  it('drops a queued build once every request waiting for it has gone, and builds the newest', async () => {
    const first = service.build(test.database.db);
    await expect.poll(() => started.length, { timeout: 15_000 }).toBe(1);

    await saveHeading('A second headline');
    const gaveUp = new AbortController();
    const second = service.build(test.database.db, gaveUp.signal);
    const secondFailed = second.then(
      () => 'built',
      (error: unknown) => (error instanceof Error ? error.name : String(error)),
    );
    await saveHeading('A third headline');
    const third = service.build(test.database.db, new AbortController().signal);

    gaveUp.abort();
    release();
    const [{ id: firstId }, { id: thirdId }] = await Promise.all([first, third]);
    expect(await secondFailed).toBe('AbortError');
    // Two builds ran, not three: the given-up one never started.
    expect(started).toHaveLength(2);
    expect(service.folder(firstId)).not.toBeNull();
    expect(service.folder(thirdId)).not.toBeNull();
    expect(existsSync(join(service.folder(thirdId)!, 'index.html'))).toBe(true);
  });

  it('keeps a build one request still waits for, though another waiting for it has gone', async () => {
    started.length = 0;
    await saveHeading('A fourth headline');
    const blocker = service.build(test.database.db);
    await expect.poll(() => started.length, { timeout: 15_000 }).toBe(1);

    await saveHeading('A fifth headline');
    const gone = new AbortController();
    const staying = new AbortController();
    const kept = service.build(test.database.db, staying.signal);
    // The staying request is queued first (its drafts read), then the other joins it and goes.
    await new Promise((done) => setTimeout(done, 300));
    const left = service.build(test.database.db, gone.signal).catch(() => 'gone');
    gone.abort();
    release();
    await blocker;
    const { id } = await kept;
    // The request that went stops waiting at once, though the build goes on for the other.
    expect(await left).toBe('gone');
    expect(started).toHaveLength(2);
    expect(service.folder(id)).not.toBeNull();
  });

  it('builds again for a request that comes after the last waiter left, before the build started', async () => {
    started.length = 0;
    await saveHeading('A sixth headline');
    const blocker = service.build(test.database.db);
    await expect.poll(() => started.length, { timeout: 15_000 }).toBe(1);

    await saveHeading('A seventh headline');
    const gone = new AbortController();
    const left = service.build(test.database.db, gone.signal).catch(() => 'gone');
    gone.abort();
    // The same drafts asked for again: this request is not failed by the one that left.
    const again = service.build(test.database.db, new AbortController().signal);
    release();
    await blocker;
    expect(await left).toBe('gone');
    const { id } = await again;
    expect(service.folder(id)).not.toBeNull();
    expect(started).toHaveLength(2);
  });
});
