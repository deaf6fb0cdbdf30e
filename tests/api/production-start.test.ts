import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer } from '#tools/lib/local-server.ts';
import { siteFactsOf, STAMP_FILE } from '#src/build/build-stamp.ts';
import { EXIT_SITE_NOT_BUILT } from '#src/server/ops/production-site.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/**
 * With NODE_ENV=production the server serves the site `npm run build` made and never builds:
 * a missing or stale build stops it with one clear line and exit code 78, before it touches
 * the database. In development `npm start` still builds when stale (ensure-built.ts).
 */
const serverUrl = process.env.DATABASE_URL;
let dbUrl: string | undefined;
let work: string;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'production-start-'));
  if (serverUrl) dbUrl = await createThrowawayDatabase(serverUrl);
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (serverUrl && dbUrl) await dropDatabase(serverUrl, dbUrl);
});

const env = (extra: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: join(work, 'data'),
  PORT: '4352',
  LOG_LEVEL: 'error',
  ADMIN_PASSWORD: 'production test password',
  ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  ...extra,
});

/** A built site as `npm run build` leaves it, with its stamp. */
function builtSite(name: string, stamp: { sourcesTime: number; facts: Record<string, string> }): string {
  const dist = join(work, name);
  rmSync(dist, { recursive: true, force: true });
  spawnSync('mkdir', ['-p', dist]);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Built home</title>');
  writeFileSync(join(dist, 'admin.html'), '<!doctype html><title>Back-office</title>');
  writeFileSync(join(dist, STAMP_FILE), JSON.stringify({ ...stamp, snapshots: '' }));
  return dist;
}

/** Runs the server entry point to its exit (it must not get as far as listening). */
const runServer = (extra: Record<string, string>) =>
  spawnSync(process.execPath, ['src/server/main.ts'], { env: env(extra), encoding: 'utf8', timeout: 60_000 });

describe('a production start', () => {
  it('refuses to start without a built site, saying to run the build, with exit code 78', () => {
    const run = runServer({ DIST_DIR: join(work, 'never-built') });
    expect(run.status).toBe(EXIT_SITE_NOT_BUILT);
    expect(run.stderr).toContain(`No built site in ${join(work, 'never-built')}.`);
    expect(run.stderr).toContain('npm run build');
    // It stopped before the database: nothing was created.
    expect(existsSync(join(work, 'data'))).toBe(false);
  });

  it('refuses a build older than the sources, or made with other site settings', () => {
    const facts = siteFactsOf(env({}));
    const old = runServer({ DIST_DIR: builtSite('old', { sourcesTime: 0, facts }) });
    expect(old.status).toBe(EXIT_SITE_NOT_BUILT);
    expect(old.stderr).toContain('is older than the sources');

    const otherBrand = builtSite('other-brand', { sourcesTime: Date.now() + 86_400_000, facts });
    const renamed = runServer({ DIST_DIR: otherBrand, BRAND_NAME: 'Another Broker' });
    expect(renamed.status).toBe(EXIT_SITE_NOT_BUILT);
    expect(renamed.stderr).toContain('was built with other settings (BRAND_NAME)');
  });

  it('serves a current build', { timeout: 120_000 }, async () => {
    const extra = { NODE_ENV: 'production', DIST_DIR: '', DATA_DIR: join(work, 'served-data'), ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) };
    extra.DIST_DIR = builtSite('current', { sourcesTime: Date.now() + 86_400_000, facts: siteFactsOf({ ...process.env, ...extra }) });
    const server = await startLocalServer({ ...extra, PORT: '4353' });
    try {
      const home = await fetch(`${server.base}/`);
      expect(await home.text()).toContain('Built home');
      // A live blog opens empty: the demonstration posts are for development and tests.
      const blog = (await (await fetch(`${server.base}/api/v1/posts?page=0&page_size=10&summary=true`)).json()) as { data: unknown[] };
      expect(blog.data).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(server.exitCode()).toBe(0);
  });

  it('`npm start` builds nothing first in production: its build step only says so', () => {
    const dist = join(work, 'start-step-dist');
    const run = spawnSync(process.execPath, ['src/build/build-if-development.ts'], { env: env({ DIST_DIR: dist }), encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('NODE_ENV=production');
    expect(existsSync(dist)).toBe(false);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(pkg.scripts.start).toMatch(/^node --env-file-if-exists=\.env src\/build\/build-if-development\.ts && /);
    // `npm ci --omit=dev` keeps Node 24 (the `node` package), which runs the TypeScript server.
    expect(pkg.dependencies.node).toMatch(/^\^24\./);
  });
});
