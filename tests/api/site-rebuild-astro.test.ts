import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { contentElements, contentSections, posts, siteBuilds } from '#src/server/db/schema.ts';
import { seedContent, seededNamePaths } from '#src/server/content/seed.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { CONTENT_READS_VARIABLE } from '#src/site/content.ts';
import { projectRoot } from '#src/build/build-site.ts';
import { rebuildSnapshotDir, siteBuilderFor } from '#src/build/site-builder.ts';
import type { ContentSnapshot } from '#src/server/content/snapshot.ts';
import { CONTENT_SNAPSHOT_NAME } from '#src/site/snapshot-dir.ts';
import { type SiteRebuildJob, startSiteRebuildJob } from '#src/server/jobs/site-rebuild.ts';
import { createLogger } from '#src/server/log.ts';
import { loadStaticSite, replaceable, type ReplaceableSite } from '#src/server/static-site.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

/**
 * The real thing: a publish runs the site build (`npm run build`'s, precompression included)
 * into a fresh folder from this database while the server keeps serving, then the new site replaces the old, and a post published after
 * the server started is served as its own pre-rendered page, not the blog shell.
 */

let root: string;
let site: ReplaceableSite;
let t: TestApp;
let admin: Agent;
let job: SiteRebuildJob;
let readsFile: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cms-astro-'));
  readsFile = join(root, 'content-reads.tsv');
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', 'index.html'), '<!doctype html><title>Before</title>');
  site = replaceable((await loadStaticSite(join(root, 'dist')))!);
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' }, site });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' });
  const buildsDir = join(root, 'builds');
  const log = createLogger('silent');
  job = startSiteRebuildJob({ db: t.test.database.db, log, site, buildsDir, build: siteBuilderFor(buildsDir, log), syncEveryMs: 3_600_000 });
}, 120_000);
afterAll(async () => {
  delete process.env[CONTENT_READS_VARIABLE];
  job.stop();
  await t.test.drop();
  await rm(root, { recursive: true, force: true });
});

describe('a publish rebuilds the real site', () => {
  it('pre-renders a newly published post and the published content, and serves them without a restart', async () => {
    const { db } = t.test.database;
    await db.insert(posts).values({
      title: 'Fleet cover after the budget',
      slug: 'fleet-cover-after-the-budget',
      excerpt: 'What the budget means for fleets.',
      body: 'Budget news.',
      bodyHtml: '<p>Budget news for fleet owners.</p>',
      status: 'published',
      publishedAt: new Date(Date.now() - 60_000),
    });
    // The site's copy comes from the seeded content; a staff edit of the home page's headline, published, is in the new `/`.
    await seedContent(db);
    const heading = (
      await db
        .select({ id: contentElements.id, name: contentElements.name })
        .from(contentElements)
        .innerJoin(contentSections, eq(contentSections.id, contentElements.sectionId))
        .where(eq(contentSections.namePath, 'Home/Hero'))
    ).find((row) => row.name === 'Heading');
    const headline = 'Published headline <script>alert(1)</script>';
    expect((await admin.call('PUT', `/api/v1/cms/element/update/${heading!.id}`, { value: headline })).status).toBe(200);
    // Content may override a page's description (the page table keeps the rest, its share card too).
    const [aboutRoot] = await db.select().from(contentSections).where(eq(contentSections.namePath, 'About us'));
    const description = { sectionId: aboutRoot!.id, name: 'Description', fieldType: 'text', value: 'Brokers for Irish vans & fleets since the start.' };
    expect((await admin.call('POST', '/api/v1/cms/element/create', description)).status).toBe(201);
    process.env[CONTENT_READS_VARIABLE] = readsFile;

    const publish = await (await admin.call('POST', '/api/v1/cms/publish')).json();
    await job.drain();
    const [build] = await db.select().from(siteBuilds);
    expect(build).toMatchObject({ id: publish.build.id, status: 'live', error: null });

    const page = await t.app.request('/blog/fleet-cover-after-the-budget');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Fleet cover after the budget');
    expect(html).toContain('Budget news for fleet owners.');
    expect(await (await t.app.request('/')).text()).not.toContain('<title>Before</title>');

    // The rebuilt site is precompressed like `npm run build`'s: the new post's page has brotli and gzip twins.
    for (const encoding of ['br', 'gzip']) {
      const compressed = await t.app.request('/blog/fleet-cover-after-the-budget', { method: 'HEAD', headers: { 'accept-encoding': encoding } });
      expect(compressed.status).toBe(200);
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
    }

    // The rebuild reads its own snapshots, not the `.cache` ones a developer's build writes.
    const content = JSON.parse(await readFile(join(rebuildSnapshotDir(join(root, 'builds')), CONTENT_SNAPSHOT_NAME), 'utf8')) as ContentSnapshot;
    expect(content.sections['Home/Hero']?.data.Heading).toBe(headline);
    // As text, never as markup.
    expect(await (await t.app.request('/')).text()).toContain('<h1>Published headline &lt;script&gt;alert(1)&lt;/script&gt;</h1>');

    const about = await (await t.app.request('/about-us')).text();
    expect(about).toContain('<meta name="description" content="Brokers for Irish vans &amp; fleets since the start.">');
    expect(about).toContain('/og/about-us.png');

    // One source of truth: every seeded section was read by some page, and no page read a section the seed does not hold.
    const reads = (await readFile(readsFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split('\t') as [string, string]);
    expect(new Set(reads.map(([, namePath]) => namePath))).toEqual(new Set(seededNamePaths()));
    const pagesRead = new Set(reads.map(([path]) => path));
    expect(pagesRead.size).toBe(seedPages.flatMap((page) => [page.path, ...page.alsoAt]).length);
    // A whole astro build: about 20 s on an idle two-core machine, several times that on a busy one.
  }, 300_000);

  it('readies a builder before its first build (an editor opened): a warm-up build of the site pages, leaving nothing behind', async () => {
    const { db } = t.test.database;
    const buildsDir = join(root, 'warm-builds');
    const builder = siteBuilderFor(buildsDir, createLogger('silent'));
    onTestFinished(() => builder.close?.());
    expect(await builder.warm?.(db)).toBe(true);
    // Loaded now: another warm-up has nothing to do.
    expect(await builder.warm?.(db)).toBe(false);
    // It read its own snapshots, not the ones a real build writes, and kept no site.
    expect(existsSync(rebuildSnapshotDir(buildsDir))).toBe(false);
    expect((await readdir(join(projectRoot, '.cache'))).filter((name) => name.startsWith(`warm-up-${process.pid}`))).toEqual([]);
    // A builder that keeps nothing between builds (SITE_BUILDER_IDLE_MINUTES=0) has nothing to warm.
    expect(await siteBuilderFor(buildsDir, createLogger('silent'), 0).warm?.(db)).toBe(false);
  }, 120_000);
});
