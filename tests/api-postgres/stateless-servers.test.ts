import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '#tools/lib/local-s3.ts';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { throwawayPostgres } from '#tools/lib/throwaway-postgres.ts';

/**
 * The deployment of docs/operations/scaling.md: two web servers (ROLE=web) and a worker
 * (ROLE=worker), each with its own empty data folder, on one PostgreSQL database and one S3
 * bucket. A session made on one web server works on the other, an upload through one is served
 * by the other, and a publish on one is served by both: the worker builds it and puts it in the
 * bucket, each web server copies it down and swaps it in, and neither ever runs the builder.
 */
const ADMIN = { email: 'admin@shannon-insurance.ie', password: 'stateless servers password' };
const BEFORE = '<!doctype html><title>Before the publish</title><h1>Before the publish</h1>';

let s3: LocalS3;
let database: { url: string; drop(): Promise<void> };
let dist: string;
let one: LocalServer;
let two: LocalServer;
let worker: LocalServer;

const start = (port: number, role: 'web' | 'worker') =>
  startLocalServer({
    ROLE: role,
    ...s3.env,
    PORT: String(port),
    DATABASE_URL: database.url,
    DIST_DIR: dist,
    TWO_FACTOR_ENABLED: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });

async function signIn(server: LocalServer): Promise<string> {
  const res = await fetch(`${server.base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

const home = async (server: LocalServer) => (await fetch(`${server.base}/`)).text();

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await throwawayPostgres(process.env.DATABASE_URL!, 'stateless');
  // The site each server starts with: a stand-in, so a served publish is plain to see.
  dist = mkdtempSync(join(tmpdir(), 'stateless-dist-'));
  writeFileSync(join(dist, 'index.html'), BEFORE);
  // One after the other: the first applies the migrations and makes the administrator.
  one = await start(4760, 'web');
  two = await start(4761, 'web');
  worker = await start(4762, 'worker');
}, 300_000);
afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop(), worker?.stop()]);
  await database?.drop();
  await s3?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The processes a server started: the builder's Astro process is one, so a web server has none. */
function children(server: LocalServer): string[] {
  const parentOf = (pid: string) => {
    try {
      // /proc/<pid>/stat: "pid (name) state ppid …"; the name may hold spaces, so read after its ')'.
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
    } catch {
      return undefined; // gone meanwhile
    }
  };
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name) && parentOf(name) === String(server.pid));
}

describe('a worker answers health checks and metrics, and nothing of the site or the API', () => {
  it('is ready without a site, and sends everything else away', async () => {
    const ready = await fetch(`${worker.base}/api/v1/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ database: 'up', migrations: 'applied', site: 'not served' });
    expect((await fetch(`${worker.base}/`)).status).toBe(404);
    expect((await fetch(`${worker.base}/api/v1/auth/loggedin`)).status).toBe(404);
  });
});

describe('two web servers and a worker on one PostgreSQL and one S3 bucket', () => {
  it('share sessions: signed in on one, signed in on the other', async () => {
    const cookie = await signIn(one);
    const res = await fetch(`${two.base}/api/v1/auth/loggedin`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe(ADMIN.email);
  });

  it('share uploads: a cover uploaded through one is served by the other', async () => {
    const cookie = await signIn(one);
    const cover = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#f4a259' } })
      .jpeg()
      .toBuffer();
    const metadata = `filename ${Buffer.from('cover.jpg').toString('base64')},purpose ${Buffer.from('post-image').toString('base64')}`;
    const tus = { 'tus-resumable': '1.0.0', cookie, origin: one.base };
    const created = await fetch(`${one.base}/api/v1/uploads`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(cover.byteLength), 'upload-metadata': metadata },
    });
    expect(created.status).toBe(201);
    const done = await fetch(`${one.base}${created.headers.get('location')}`, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(cover),
    });
    expect(done.status).toBe(200);
    const { image } = await done.json();

    const served = await fetch(`${two.base}${image.src}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1000);
    expect(existsSync(join(one.dataDir, 'uploads', 'media'))).toBe(false);
    expect(existsSync(join(two.dataDir, 'uploads', 'media'))).toBe(false);
  }, 60_000);

  it('share the published site: a publish on one is live on both', async () => {
    expect(await home(one)).toBe(BEFORE);
    expect(await home(two)).toBe(BEFORE);
    const cookie = await signIn(one);
    const published = await fetch(`${one.base}/api/v1/cms/publish`, { method: 'POST', headers: { cookie, origin: one.base } });
    expect(published.status).toBeLessThan(300);

    // The real site build, then each server's next look for a newer live build (every 10 s).
    const deadline = Date.now() + 480_000;
    const live = async (server: LocalServer) => {
      while (Date.now() < deadline) {
        const page = await home(server);
        if (page !== BEFORE) return page;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      return BEFORE;
    };
    const [first, second] = await Promise.all([live(one), live(two)]);
    expect(first).toContain('<html');
    expect(second).toBe(first);
    // Neither web server built: what each serves came down from the bucket into its own folder.
    for (const server of [one, two]) {
      expect(readdirSync(join(server.dataDir, 'site-builds')).filter((name) => !name.startsWith('.'))).toHaveLength(1);
      expect(children(server)).toEqual([]);
    }
    // The worker did: its builder's Astro process waits there for the next build.
    expect(children(worker).length).toBeGreaterThan(0);
  }, 600_000);
});
