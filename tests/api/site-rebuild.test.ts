import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SiteBuilder } from '#src/build/site-builder.ts';
import { posts, siteBuilds } from '#src/server/db/schema.ts';
import { type SiteRebuildJob, startSiteRebuildJob } from '#src/server/jobs/site-rebuild.ts';
import { createLogger } from '#src/server/log.ts';
import { loadStaticSite, replaceable, type ReplaceableSite } from '#src/server/static-site.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { createUser, agent, type Agent } from '../support/agent.ts';

/**
 * The rebuild queue and the swap, with a builder that writes a one-page site (the real
 * `astro build` is exercised in site-rebuild-astro.test.ts): what matters here is when builds
 * run, what is served meanwhile, and what a failure leaves.
 */

let root: string;
let site: ReplaceableSite;
let t: TestApp;
let admin: Agent;
let job: SiteRebuildJob | undefined;

async function writeSite(dir: string, headline: string) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.html'), `<!doctype html><h1>${headline}</h1>`);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cms-rebuild-'));
  await writeSite(join(root, 'dist'), 'Old headline');
  site = replaceable((await loadStaticSite(join(root, 'dist')))!);
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' }, site });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' });
});
afterEach(async () => {
  // Let the job's last loop finish, so it no longer holds the leader lock for the next test's job.
  await job?.drain();
  job?.stop();
  job = undefined;
  await t.test.database.db.delete(siteBuilds);
});
afterAll(async () => {
  await t.test.drop();
  await rm(root, { recursive: true, force: true });
});

const homePage = async () => (await t.app.request('/')).text();
const start = (build: SiteBuilder) =>
  startSiteRebuildJob({ db: t.test.database.db, log: createLogger('silent'), site, buildsDir: join(root, 'builds'), build, syncEveryMs: 3_600_000 });

/** A builder held until released, to look at the queue while it runs. */
function heldBuilder(headline: () => string) {
  const started: string[] = [];
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const build: SiteBuilder = async (outDir) => {
    started.push(outDir);
    await gate;
    await writeSite(outDir, headline());
  };
  return {
    build,
    started,
    release() {
      release();
      gate = Promise.resolve();
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const statuses = async () => (await t.test.database.db.select().from(siteBuilds).orderBy(siteBuilds.queuedAt)).map((row) => row.status);

describe('publishing rebuilds the site in the background', () => {
  it('serves the new build once it is live, and coalesces publishes into one build at a time', async () => {
    let headline = 'First publish';
    const held = heldBuilder(() => headline);

    // Two publishes at once: one build queued, the other joins it. The job starts after them:
    // a running job may claim the first build between the two (on PostgreSQL it did), and the
    // second then rightly queues one more build.
    const [a, b] = await Promise.all([admin.call('POST', '/api/v1/cms/publish'), admin.call('POST', '/api/v1/cms/publish')]);
    const [first, second] = [await a.json(), await b.json()];
    expect(first.build.id).toBe(second.build.id);
    expect([first.coalesced, second.coalesced].sort()).toEqual([false, true]);
    job = start(held.build);

    await until(() => held.started.length === 1);
    expect(await statuses()).toEqual(['building']);
    expect(await homePage()).toContain('Old headline');

    // Publishes while building: exactly one more build waits.
    headline = 'Second publish';
    const third = await (await admin.call('POST', '/api/v1/cms/publish')).json();
    const fourth = await (await admin.call('POST', '/api/v1/cms/publish')).json();
    expect(third.build.id).toBe(fourth.build.id);
    expect(fourth.coalesced).toBe(true);
    expect(await statuses()).toEqual(['building', 'queued']);

    held.release();
    await until(async () => (await statuses()).every((status) => status === 'live'));
    await job.drain(); // the builder swaps its site just after recording the build live
    expect(held.started).toHaveLength(2);
    expect(await homePage()).toContain('Second publish');

    const { builds, live } = await (await admin.call('GET', '/api/v1/cms/publish')).json();
    expect(builds.map((build: { status: string }) => build.status)).toEqual(['live', 'live']);
    expect(live.id).toBe(third.build.id);
    expect(builds[0].startedAt <= builds[0].finishedAt).toBe(true);
  });

  it('keeps the old site serving when a build fails, and says why', async () => {
    await writeSite(join(root, 'dist2'), 'Before the failure');
    site.replace((await loadStaticSite(join(root, 'dist2')))!);
    job = start(async () => {
      throw new Error('astro build exited with code 1: a page threw');
    });
    const { build } = await (await admin.call('POST', '/api/v1/cms/publish')).json();
    await until(async () => (await statuses())[0] === 'failed');
    const [row] = await t.test.database.db.select().from(siteBuilds).where(eq(siteBuilds.id, build.id));
    expect(row?.error).toBe('astro build exited with code 1: a page threw');
    expect(await homePage()).toContain('Before the failure');
    const { builds } = await (await admin.call('GET', '/api/v1/cms/publish')).json();
    expect(builds[0]).toMatchObject({ status: 'failed', error: 'astro build exited with code 1: a page threw' });
    // Nothing half-written is left behind.
    expect(await readdir(join(root, 'builds'))).not.toContain(build.id);
  });

  it('queues a build when the published posts change (a post published now or reaching its time)', async () => {
    const held = heldBuilder(() => 'After the post');
    job = start(held.build);
    await job.sync(); // the baseline: the posts as the served site has them
    expect(await statuses()).toEqual([]);
    await t.test.database.db
      .insert(posts)
      .values({ title: 'New van rules', slug: 'new-van-rules', body: 'x', bodyHtml: '<p>x</p>', status: 'published', publishedAt: new Date() });
    await job.sync();
    const [row] = await t.test.database.db.select().from(siteBuilds);
    expect(row?.reason).toBe('posts');
    held.release();
    await until(async () => (await statuses())[0] === 'live');
    await job.drain();
    await job.sync(); // built from the current posts: nothing more to do
    expect(await statuses()).toEqual(['live']);
    expect(await homePage()).toContain('After the post');
  });
});

describe('an editor opened', () => {
  it('readies the builder (staff only), except while a build runs', async () => {
    const warmed: unknown[] = [];
    const held = heldBuilder(() => 'Readied');
    held.build.warm = async (db) => {
      warmed.push(db);
      return true;
    };
    job = start(held.build);
    expect((await agent(t).call('POST', '/api/v1/cms/publish/prepare')).status).toBe(401);
    expect(warmed).toHaveLength(0);
    const prepare = await admin.call('POST', '/api/v1/cms/publish/prepare');
    expect(prepare.status).toBe(202);
    expect(await prepare.json()).toMatchObject({ ok: true, message: 'The site builder is getting ready' });
    expect(warmed).toEqual([t.test.database.db]);

    // While a build runs the builder is loaded already: nothing more is asked of it.
    await admin.call('POST', '/api/v1/cms/publish');
    await until(() => held.started.length === 1);
    expect((await admin.call('POST', '/api/v1/cms/publish/prepare')).status).toBe(202);
    expect(warmed).toHaveLength(1);
    held.release();
    await job.drain();
    expect(await statuses()).toEqual(['live']);
  });
});

describe('a server that stopped mid-build', () => {
  it('leaves a build marked building; the next check marks it failed and builds what is queued', async () => {
    const { db } = t.test.database;
    const [stale] = await db
      .insert(siteBuilds)
      .values({ reason: 'content', status: 'building', startedAt: new Date(Date.now() - 600_000) })
      .returning();
    job = start(async (outDir) => writeSite(outDir, 'After the restart'));
    await job.sync();
    await until(async () => (await statuses())[0] === 'failed');
    const [row] = await db.select().from(siteBuilds).where(eq(siteBuilds.id, stale!.id));
    expect(row?.error).toBe('The server that was building it stopped before it finished.');
    await (await admin.call('POST', '/api/v1/cms/publish')).json();
    await until(async () => (await statuses())[1] === 'live');
    await job.drain();
    expect(await homePage()).toContain('After the restart');
  });
});
