import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startAstroProcess } from '#src/build/astro-process.ts';
import { BUILD_TIME_LIMIT_MS, buildSite, projectRoot } from '#src/build/build-site.ts';
import { seedContent } from '#src/server/content/seed.ts';
import { posts } from '#src/server/db/schema.ts';
import { SNAPSHOT_DIR_VARIABLE } from '#src/site/snapshot-dir.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/**
 * A rebuild after posts alone changed (src/build/partial-build.ts) renders only the changed
 * posts' pages and the list pages they are on, and reuses the others from the build before:
 * its output must be, file for file and byte for byte, what a full build from the same
 * database gives, a withdrawn post's page (and its compressed twins) gone. Four real Astro
 * builds of a small site.
 */

let t: TestApp;
let root: string;

/** Every file under `dir` with a hash of its bytes, by path. */
async function tree(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Object.fromEntries(
    await Promise.all(
      files.map(
        async (file) =>
          [
            relative(dir, file),
            createHash('sha256')
              .update(await readFile(file))
              .digest('hex'),
          ] as const,
      ),
    ),
  );
}

const post = (slug: string, title: string) => ({
  title,
  slug,
  excerpt: `About ${title}.`,
  body: `${title}.`,
  bodyHtml: `<p>${title}.</p>`,
  status: 'published' as const,
  publishedAt: new Date(Date.UTC(2026, 9, 1 + slug.length)),
});

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'partial-build-'));
  t = await makeTestApp();
  await seedContent(t.test.database.db);
}, 120_000);
afterAll(async () => {
  await t.test.drop();
  await rm(root, { recursive: true, force: true });
});

/** Posts newer than the three above, enough for three list pages (/blog, /blog/page/2, /blog/page/3, the three above on the last). */
const fillers = Array.from({ length: 25 }, (_, i) => ({ ...post(`filler-${i + 10}`, `Filler ${i + 10}`), publishedAt: new Date(Date.UTC(2026, 10, 1 + i)) }));

describe('a rebuild after posts changed', () => {
  it('renders only the pages the changes reach and gives what a full build gives, a withdrawn post gone', async () => {
    const { db } = t.test.database;
    // The rebuilds in one long-lived Astro process (as the server's are), the full build by `astro build` in its own.
    const astro = startAstroProcess({ root: projectRoot, timeLimitMs: BUILD_TIME_LIMIT_MS });
    onTestFinished(() => astro.close());
    const build = (name: string, previousDir?: string, { warm = false } = {}) =>
      buildSite({
        distDir: join(root, name),
        db,
        quiet: true,
        snapshotDir: join(root, `snapshots-${name}`),
        cacheDir: join(root, 'cache'),
        previousDir,
        astro: warm ? astro : undefined,
      });

    await db.insert(posts).values([...fillers, post('kept', 'Kept as it was'), post('edited', 'Before the edit'), post('withdrawn', 'Soon withdrawn')]);
    const first = await build('first');
    expect(first.phases.postsRendered).toBeUndefined();

    // A failed build in the long-lived process is reported (with Astro's words), and the process builds again after it.
    await writeFile(join(root, 'a-file'), '');
    await expect(astro.build(join(root, 'a-file', 'site'), { [SNAPSHOT_DIR_VARIABLE]: join(root, 'snapshots-first') })).rejects.toThrow(/astro build failed/);
    expect(astro.alive()).toBe(true);
    // With no idle time (SITE_BUILDER_IDLE_MINUTES=0) the process ends after each build.
    const once = startAstroProcess({ root: projectRoot, timeLimitMs: BUILD_TIME_LIMIT_MS, idleMs: 0 });
    await expect(once.build(join(root, 'a-file', 'site'), { [SNAPSHOT_DIR_VARIABLE]: join(root, 'snapshots-first') })).rejects.toThrow(/astro build failed/);
    expect(once.alive()).toBe(false);

    // One post withdrawn, two added: the list's total changes, which every list page shows, so all are rendered.
    // The new posts' pages, and those of kept and edited, whose nearest posts (their "More to read") changed.
    await db.update(posts).set({ status: 'draft', updatedAt: new Date() }).where(eq(posts.slug, 'withdrawn'));
    await db.insert(posts).values([post('added', 'Newly added'), post('also-added', 'Also added')]);
    const second = await build('second', join(root, 'first'), { warm: true });
    expect(second.phases).toMatchObject({ postsRendered: 4, postsReused: 25, listPagesRendered: 2, listPagesReused: 0 });

    // One post's title edited: its page, the three that offer it to read next (kept, added, also-added),
    // and the list page it is on (the last); the second list page and the fillers' pages are taken.
    await db.update(posts).set({ title: 'After the edit', updatedAt: new Date() }).where(eq(posts.slug, 'edited'));
    const partial = await build('partial', join(root, 'second'), { warm: true });
    expect(partial.phases).toMatchObject({ postsRendered: 4, postsReused: 25, listPagesRendered: 1, listPagesReused: 1 });
    const full = await build('full', join(root, 'no-such-build'));
    expect(full.phases.postsRendered).toBeUndefined();

    const [partialTree, fullTree] = await Promise.all([tree(join(root, 'partial')), tree(join(root, 'full'))]);
    expect(partialTree).toEqual(fullTree);
    expect(Object.keys(partialTree).filter((file) => file.startsWith(join('blog', 'withdrawn')))).toEqual([]);
    expect(await readFile(join(root, 'partial', 'blog', 'edited.html'), 'utf8')).toContain('After the edit');
    expect(await readFile(join(root, 'partial', 'blog', 'kept.html'), 'utf8')).toContain('After the edit');
    expect(await readFile(join(root, 'partial', 'blog', 'page', '3.html'), 'utf8')).toContain('After the edit');
  }, 300_000);
});
