import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteBuilder } from '#src/build/site-builder.ts';
import { queueRebuild } from '#src/server/content/rebuild-queue.ts';
import { type Database, openDatabase } from '#src/server/db/client.ts';
import { siteBuilds } from '#src/server/db/schema.ts';
import { type SiteRebuildJob, startSiteRebuildJob } from '#src/server/jobs/site-rebuild.ts';
import { createLogger } from '#src/server/log.ts';
import { loadStaticSite, replaceable, type ReplaceableSite } from '#src/server/static-site.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

/**
 * Two app servers on one PostgreSQL database, each with its own connection pool, site and
 * rebuild job, sharing the builds folder: one builds at a time (the advisory lock), and the
 * other serves the new build after its next check.
 */

let root: string;
let test: TestDatabase;
let second: Database;
const sites: ReplaceableSite[] = [];
const jobs: SiteRebuildJob[] = [];
let running = 0;
let mostAtOnce = 0;
let builds = 0;

const builder: SiteBuilder = async (outDir) => {
  running += 1;
  builds += 1;
  mostAtOnce = Math.max(mostAtOnce, running);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'index.html'), `<h1>Build ${builds}</h1>`);
  running -= 1;
};

const page = (site: ReplaceableSite) => site.find('/')?.bodies.identity.toString();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cms-servers-'));
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'dist', 'index.html'), '<h1>Old</h1>');
  test = await freshDatabase();
  if (!test.url) throw new Error('runs on PostgreSQL only');
  second = await openDatabase({ databaseUrl: test.url, dataDir: 'memory://' });
});

/** Each server's rebuild job; started after the coalescing test, whose queued build a running job would otherwise claim at once (and a second publish would then queue another). */
async function startJobs() {
  for (const db of [test.database.db, second.db]) {
    const site = replaceable((await loadStaticSite(join(root, 'dist')))!);
    sites.push(site);
    jobs.push(startSiteRebuildJob({ db, log: createLogger('silent'), site, buildsDir: join(root, 'builds'), build: builder, syncEveryMs: 3_600_000 }));
  }
}
afterAll(async () => {
  for (const job of jobs) job.stop();
  await second.close();
  await test.drop();
  await rm(root, { recursive: true, force: true });
});

describe('several app servers on one PostgreSQL', () => {
  it('coalesces publishes made on two servers at once into one queued build', async () => {
    const [a, b] = await Promise.all([queueRebuild(test.database.db, 'content', null), queueRebuild(second.db, 'content', null)]);
    expect(a.build.id).toBe(b.build.id);
    expect([a.coalesced, b.coalesced].sort()).toEqual([false, true]);
  });

  it('builds on one server at a time, and every server serves the new build', async () => {
    await startJobs();
    await Promise.all(jobs.map((job) => job.drain()));
    expect(builds).toBe(1);
    expect(mostAtOnce).toBe(1);
    const rows = await test.database.db.select().from(siteBuilds);
    expect(rows.map((row) => row.status)).toEqual(['live']);
    // The builder swapped at once; the other serves it after its check (every 10 s in a server).
    const served = sites.map(page);
    expect(served.filter((html) => html === '<h1>Build 1</h1>')).toHaveLength(1);
    await Promise.all(jobs.map((job) => job.sync()));
    expect(sites.map(page)).toEqual(['<h1>Build 1</h1>', '<h1>Build 1</h1>']);
  });

  it('while one server builds, the other neither builds nor fails: the next publish waits its turn', async () => {
    await queueRebuild(test.database.db, 'content', null);
    const first = jobs[0]!.drain();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await queueRebuild(second.db, 'content', null);
    await jobs[1]!.drain(); // the lock is held: returns at once, leaving the build queued
    await first;
    await Promise.all(jobs.map((job) => job.drain()));
    expect(mostAtOnce).toBe(1);
    const rows = await test.database.db.select().from(siteBuilds);
    expect(rows.map((row) => row.status)).toEqual(['live', 'live', 'live']);
    await Promise.all(jobs.map((job) => job.sync()));
    expect(sites.map(page)).toEqual(['<h1>Build 3</h1>', '<h1>Build 3</h1>']);
  });
});
