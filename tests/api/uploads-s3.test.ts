import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/config.ts';
import { media, unfinishedUploads } from '#src/server/db/schema.ts';
import { createApp } from '#src/server/app.ts';
import { createLogger } from '#src/server/log.ts';
import { UNAVAILABLE_MESSAGE } from '#src/server/http/unavailable.ts';
import { convertingRoot, unfinishedRoot } from '#src/server/storage/media-store.ts';
import { type ObjectStore, StorageUnavailableError, storageKeys } from '#src/server/storage/object-store.ts';
import { openObjectStore } from '#src/server/storage/open-object-store.ts';
import { startLocalS3, type LocalS3 } from '#tools/lib/local-s3.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/**
 * Uploads with the object store in an S3 bucket: media and documents land in the bucket (not
 * the data folder), are served from it with their headers, and a bucket failing part-way
 * answers 503 and leaves no object and no row behind.
 */
let s3: LocalS3;
let bucket: ObjectStore;
/** Fails the store's third put while `failing` is set, as a bucket dropping mid-upload would. */
let failing = false;
/** Fails the store's next put, once. */
let failingNext = false;
let t: TestApp;
let staff: Agent;
let dataDir: string;
let photo: Buffer;

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function upload(bytes: Uint8Array, fields: Record<string, string>, signedIn = true) {
  const headers = { 'tus-resumable': '1.0.0', ...(signedIn ? { cookie: staff.cookie() ?? '' } : {}) };
  const metadata = Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
  const created = await t.app.request('/api/v1/uploads', {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.byteLength), 'upload-metadata': metadata },
  });
  expect(created.status).toBe(201);
  return t.app.request(created.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = mkdtempSync(join(tmpdir(), 'uploads-s3-'));
  const env = { ...s3.env, TWO_FACTOR_ENABLED: 'false', DATA_DIR: dataDir };
  bucket = openObjectStore(loadConfig(env));
  let puts = 0;
  const flaky: ObjectStore = {
    ...bucket,
    async putFile(key, path, type) {
      puts += 1;
      if (failingNext) {
        failingNext = false;
        throw new StorageUnavailableError('object storage failed: test');
      }
      if (failing && puts % 3 === 0) throw new StorageUnavailableError('object storage failed: test');
      return bucket.putFile(key, path, type);
    },
  };
  t = await makeTestApp({ env, objects: flaky });
  await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  photo = await sharp({ create: { width: 1700, height: 1000, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.test.drop();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads with an S3 bucket', () => {
  it('stores every variant in the bucket, none in the data folder, and serves them from it with their headers', async () => {
    const res = await upload(photo, { filename: 'van.jpg', purpose: 'post-image' });
    expect(res.status).toBe(200);
    const { image } = await res.json();
    const id = image._id as string;
    const stored = (await bucket.listFolders(storageKeys.mediaFolder(id))).map((entry) => entry.name).sort();
    expect(stored).toEqual(['1200.jpg', '1600.avif', '1600.webp', '480.avif', '480.webp', '960.avif', '960.webp']);
    expect(readdirSync(dataDir).filter((name) => name !== 'uploads')).toEqual([]);
    // Only what is on its way in stays on this machine: tus's chunks and variants being made.
    expect(readdirSync(join(dataDir, 'uploads')).sort()).toEqual(['converting', 'unfinished']);
    expect(readdirSync(join(dataDir, 'uploads', 'converting'))).toEqual([]);

    const jpeg = await t.app.request(image.src);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpeg.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(jpeg.headers.get('last-modified')).toBeTruthy();
    const bytes = Buffer.from(await jpeg.arrayBuffer());
    expect(jpeg.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect((await sharp(bytes).metadata()).width).toBe(1200);

    const part = await t.app.request(image.src, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    const beyond = await t.app.request(image.src, { headers: { range: `bytes=${bytes.byteLength + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.byteLength}`);
    const head = await t.app.request(image.src, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect((await t.app.request(`/media/${id}/2000.jpg`)).status).toBe(404);
  });

  it("keeps a visitor's document in the bucket", async () => {
    const csv = new TextEncoder().encode('Registration,Make\n191-D-12345,Ford\n');
    const res = await upload(csv, { filename: 'fleet.csv', purpose: 'lead-file' }, false);
    expect(res.status).toBe(200);
    const { file } = await res.json();
    const stored = await bucket.get(storageKeys.leadFile(file._id));
    expect(Buffer.concat(await stored!.body.toArray()).toString()).toContain('191-D-12345');
  });

  it('answers 503 when the bucket fails part-way through the variants, leaving no object, no row and no unfinished upload', async () => {
    const before = await t.test.database.db.$count(media);
    const folders = (await bucket.listFolders(storageKeys.mediaRoot)).length;
    failing = true;
    try {
      const res = await upload(photo, { filename: 'van.jpg', purpose: 'post-image' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ ok: false, message: UNAVAILABLE_MESSAGE });
    } finally {
      failing = false;
    }
    expect(await t.test.database.db.$count(media)).toBe(before);
    expect((await bucket.listFolders(storageKeys.mediaRoot)).length).toBe(folders);
    expect(await t.test.database.db.$count(unfinishedUploads)).toBe(0);
    expect(await bucket.listFolders('uploads/unfinished/')).toEqual([]);
    expect(readdirSync(join(unfinishedRoot(dataDir), '.arriving'))).toEqual([]);
    expect(readdirSync(convertingRoot(dataDir))).toEqual([]);
  });

  it('answers 503 when the bucket fails while a chunk is stored, and takes the same chunk again once it is back', async () => {
    const created = await t.app.request('/api/v1/uploads', {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        cookie: staff.cookie() ?? '',
        'upload-length': String(photo.byteLength),
        'upload-metadata': `filename ${b64('van.jpg')},purpose ${b64('post-image')}`,
      },
    });
    const location = created.headers.get('location')!;
    const send = () =>
      t.app.request(location, {
        method: 'PATCH',
        headers: { 'tus-resumable': '1.0.0', cookie: staff.cookie() ?? '', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(photo),
      });
    failingNext = true;
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ ok: false, message: UNAVAILABLE_MESSAGE });
    const head = await t.app.request(location, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', cookie: staff.cookie() ?? '' } });
    expect(head.headers.get('upload-offset')).toBe('0');
    expect((await send()).status).toBe(200);
  });
});

describe('an upload resumed at another app server', () => {
  it('takes the next chunk at a second server sharing the database and bucket, with its own empty data folder', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'uploads-s3-other-'));
    try {
      const other = createApp({
        config: { ...t.config, dataDir: otherDir },
        db: t.test.database.db,
        log: createLogger('silent'),
        site: null,
        secretKey: t.secretKey,
        objects: bucket,
      });
      const headers = { 'tus-resumable': '1.0.0', cookie: staff.cookie() ?? '' };
      const created = await t.app.request('/api/v1/uploads', {
        method: 'POST',
        headers: { ...headers, 'upload-length': String(photo.byteLength), 'upload-metadata': `filename ${b64('van.jpg')},purpose ${b64('post-image')}` },
      });
      const location = created.headers.get('location')!;
      const patch = (app: { request: typeof t.app.request }, offset: number, bytes: Uint8Array) =>
        app.request(location, {
          method: 'PATCH',
          headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
          body: new Uint8Array(bytes),
        });
      const half = Math.floor(photo.byteLength / 2);
      expect((await patch(t.app, 0, photo.subarray(0, half))).status).toBe(204);
      const head = await other.request(location, { method: 'HEAD', headers });
      expect(head.headers.get('upload-offset')).toBe(String(half));
      const done = await patch(other, half, photo.subarray(half));
      expect(done.status).toBe(200);
      expect((await done.json()).image.width).toBe(1700);
      // Finished at the second server, the upload is gone for the first as well.
      expect((await t.app.request(location, { method: 'HEAD', headers })).status).toBe(404);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
