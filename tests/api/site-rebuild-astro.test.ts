import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentElements, contentSections, posts, siteBuilds } from '../../src/server/db/schema.ts';
import { rebuildSnapshotDir } from '../../src/build/site-rebuild.ts';
import { CONTENT_SNAPSHOT_NAME, type ContentSnapshot } from '../../src/server/content/snapshot.ts';
import { type SiteRebuildJob, startSiteRebuildJob } from '../../src/server/jobs/site-rebuild.ts';
import { createLogger } from '../../src/server/log.ts';
import { loadStaticSite, replaceable, type ReplaceableSite } from '../../src/server/static-site.ts';
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

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cms-astro-'));
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', 'index.html'), '<!doctype html><title>Before</title>');
  site = replaceable((await loadStaticSite(join(root, 'dist')))!);
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' }, site });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' });
  job = startSiteRebuildJob({ db: t.test.database.db, log: createLogger('silent'), site, buildsDir: join(root, 'builds'), syncEveryMs: 3_600_000 });
}, 120_000);
afterAll(async () => {
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
    const [hero] = await db.insert(contentSections).values({ name: 'Hero', level: 0, namePath: 'Hero', idPath: 'x' }).returning();
    await db.insert(contentElements).values({ sectionId: hero!.id, name: 'headline', fieldType: 'text', value: 'Published headline' });

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
    expect(content.sections.Hero?.data).toEqual({ headline: 'Published headline' });
    // A whole astro build: about 20 s on an idle two-core machine, several times that on a busy one.
  }, 300_000);
});
