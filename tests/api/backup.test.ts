import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '#tools/lib/local-server.ts';
import { openDatabase } from '#src/server/db/client.ts';
import { leadFiles, leads, posts } from '#src/server/db/schema.ts';
import { oathtoolCode } from '../support/agent.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/**
 * A backup holds everything needed to recover: made with data (an administrator with
 * two-factor, a post with a cover image, a quote request with a document), the data folder
 * (and database) wiped, restored into the empty target, the administrator signs in with a
 * code from the same authenticator and finds the post, its cover and the document.
 */
const serverUrl = process.env.DATABASE_URL;
const ADMIN = { email: 'backup-admin@example.ie', password: 'backup test password' };
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
let dbUrl: string | undefined;
let work: string;
let dataDir: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'backup-test-'));
  dataDir = join(work, 'data');
  if (serverUrl) dbUrl = await createThrowawayDatabase(serverUrl);
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (serverUrl && dbUrl) await dropDatabase(serverUrl, dbUrl);
});

const settings = () => ({ DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) });
const start = () => startLocalServer({ PORT: '4356', DIST_DIR: '/nonexistent', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...settings() });
/** `npm run backup` / `npm run restore` as an operator runs them. */
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['src/server/ops/backup-cli.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'error', ...settings() },
    encoding: 'utf8',
    timeout: 120_000,
  });
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A browser-like session against the real server: keeps the newest session cookie. */
function session(base: string) {
  let cookie = '';
  return {
    async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined || body instanceof Uint8Array ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body),
      });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      return res;
    },
  };
}

/** Creates a tus upload and sends it whole; returns the final answer. */
async function upload(s: ReturnType<typeof session>, bytes: Uint8Array, fields: Record<string, string>) {
  const metadata = Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
  const created = await s.call('POST', '/api/v1/uploads', undefined, {
    'tus-resumable': '1.0.0',
    'upload-length': String(bytes.byteLength),
    'upload-metadata': metadata,
  });
  expect(created.status).toBe(201);
  return s.call('PATCH', created.headers.get('location')!, bytes, {
    'tus-resumable': '1.0.0',
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
  });
}

describe('backup and restore', () => {
  it('brings back the users with their two-factor, the posts with their covers and the requests with their documents', { timeout: 300_000 }, async () => {
    let server: LocalServer = await start();
    let secret: string;
    let coverSrc: string;
    let coverId: string;
    let fileId: string;
    try {
      const admin = session(server.base);
      expect((await admin.call('POST', '/api/v1/auth/login', ADMIN)).status).toBe(200);
      secret = ((await (await admin.call('POST', '/api/v1/auth/2fa/generateSecret', {})).json()) as { user: { twoFactor: { secret: string } } }).user.twoFactor
        .secret;
      expect((await admin.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(secret) })).status).toBe(200);
      const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#2a6f97' } })
        .jpeg()
        .toBuffer();
      const image = await upload(admin, new Uint8Array(photo), { filename: 'van.jpg', filetype: 'image/jpeg', purpose: 'post-image' });
      ({ src: coverSrc, _id: coverId } = ((await image.json()) as { image: { src: string; _id: string } }).image);
      const document = await upload(session(server.base), new TextEncoder().encode(PDF), { filename: 'fleet.pdf', purpose: 'lead-file' });
      fileId = ((await document.json()) as { file: { _id: string } }).file._id;
    } finally {
      await server.stop({ keepData: true });
    }
    // The post and the request that uses the document, written as the app would store them.
    const database = await openDatabase({ databaseUrl: dbUrl, dataDir });
    try {
      await database.db.insert(posts).values({
        title: 'Kept in the backup',
        slug: 'kept-in-the-backup',
        body: 'Body',
        bodyHtml: '<p>Body</p>',
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000),
        coverImage: coverId,
      });
      const [lead] = await database.db
        .insert(leads)
        .values({ kind: 'fleet', reference: 'FQ-2026-000001', name: 'Aoife Byrne', email: 'aoife@example.ie', phone: '0871234567', answers: {} })
        .returning({ id: leads.id });
      await database.db.update(leadFiles).set({ leadId: lead!.id }).where(eq(leadFiles.id, fileId));
    } finally {
      await database.close();
    }

    const archive = join(work, 'site.tar');
    const made = cli('backup', archive);
    expect(made.status, made.stderr).toBe(0);
    expect(existsSync(archive)).toBe(true);

    // A restore never overwrites: the target still holds everything.
    const refused = cli('restore', archive);
    expect(refused.status).toBe(73);
    expect(refused.stderr).toContain('Restore refused: the target is not empty');

    rmSync(dataDir, { recursive: true, force: true });
    if (serverUrl && dbUrl) {
      await dropDatabase(serverUrl, dbUrl);
      dbUrl = await createThrowawayDatabase(serverUrl);
    }
    const restored = cli('restore', archive);
    expect(restored.status, restored.stderr).toBe(0);

    server = await start();
    try {
      const admin = session(server.base);
      expect((await admin.call('POST', '/api/v1/auth/login', ADMIN)).status).toBe(200);
      // The same authenticator still works: the app secret came back with the encrypted secret.
      expect((await admin.call('POST', '/api/v1/auth/2fa/verify', { token: oathtoolCode(secret, 1) })).status).toBe(200);
      expect((await admin.call('GET', '/api/v1/auth/loggedin')).status).toBe(200);
      const post = (await (await admin.call('GET', '/api/v1/posts/get/kept-in-the-backup')).json()) as { post?: { coverImage?: string } };
      expect(JSON.stringify(post)).toContain(coverSrc);
      const cover = await admin.call('GET', coverSrc);
      expect(cover.status).toBe(200);
      expect((await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).format).toBe('jpeg');
      const file = await admin.call('GET', `/api/v1/quotes/files/${fileId}`);
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(PDF);
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('backs up a data folder that has no uploads yet', { timeout: 120_000 }, async () => {
    const archive = join(work, 'fresh.tar');
    const fresh = { DATA_DIR: join(work, 'fresh-data') };
    const database = await openDatabase({ databaseUrl: dbUrl, dataDir: fresh.DATA_DIR });
    await database.migrate();
    await database.close();
    const made = spawnSync(process.execPath, ['src/server/ops/backup-cli.ts', 'backup', archive], {
      env: { ...process.env, LOG_LEVEL: 'error', ...settings(), ...fresh },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(made.status, made.stderr).toBe(0);
    expect(existsSync(archive)).toBe(true);
  });
});
