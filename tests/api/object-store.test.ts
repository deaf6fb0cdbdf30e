import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/config.ts';
import { type ObjectStore, StorageConfigError, StorageUnavailableError } from '#src/server/storage/object-store.ts';
import { openObjectStore } from '#src/server/storage/open-object-store.ts';
import { startLocalS3, type LocalS3 } from '#tools/lib/local-s3.ts';

let s3: LocalS3;
let work: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  work = mkdtempSync(join(tmpdir(), 'object-store-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
});

const text = async (store: ObjectStore, key: string, range?: { start: number; end: number }) => {
  const stored = await store.get(key, range);
  return stored ? { size: stored.size, text: Buffer.concat(await stored.body.toArray()).toString() } : null;
};

/** A file in the work folder with these contents. */
function file(name: string, contents: string): string {
  const path = join(work, name);
  writeFileSync(path, contents);
  return path;
}

// The same behaviour from both stores: everything the app asks of one, it asks of the other.
describe.each([
  ['the data folder', () => openObjectStore(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'object-store-folder-')) }))],
  ['an S3 bucket', () => openObjectStore(loadConfig({ ...s3.env, S3_PREFIX: `run-${Date.now()}` }))],
])('the object store in %s', (_name, open) => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = open();
    await store.check();
  });

  it('stores a file, tells its size and time, and gives it back whole or a byte range of it', async () => {
    const before = Date.now() - 2000;
    await store.putFile('uploads/media/one/video.mp4', file('ten.bin', '0123456789'), 'video/mp4');
    const info = await store.head('uploads/media/one/video.mp4');
    expect(info?.size).toBe(10);
    expect(info!.lastModified.getTime()).toBeGreaterThan(before);
    expect(await text(store, 'uploads/media/one/video.mp4')).toEqual({ size: 10, text: '0123456789' });
    expect(await text(store, 'uploads/media/one/video.mp4', { start: 2, end: 4 })).toEqual({ size: 10, text: '234' });
  });

  it('answers null for what it does not hold, and deleting it is no error', async () => {
    expect(await store.get('uploads/media/none/1.jpg')).toBeNull();
    expect(await store.head('uploads/media/none/1.jpg')).toBeNull();
    await store.delete('uploads/media/none/1.jpg');
  });

  it('lists the folders under a prefix with their times, and deletes one folder or one object', async () => {
    await store.putFile('uploads/lead-files/a', file('a', 'A'), 'application/pdf');
    await store.putFile('uploads/lead-files/b', file('b', 'B'), 'application/pdf');
    await store.putFile('uploads/media/two/480.avif', file('c', 'C'), 'image/avif');
    await store.putFile('uploads/media/two/960.avif', file('d', 'D'), 'image/avif');
    expect((await store.listFolders('uploads/lead-files/')).map((entry) => entry.name).sort()).toEqual(['a', 'b']);
    const media = await store.listFolders('uploads/media/');
    expect(media.map((entry) => entry.name).sort()).toEqual(['one', 'two']);
    expect(media.every((entry) => entry.lastModified instanceof Date)).toBe(true);

    await store.deletePrefix('uploads/media/two/');
    await store.delete('uploads/lead-files/a');
    expect((await store.listFolders('uploads/media/')).map((entry) => entry.name)).toEqual(['one']);
    expect((await store.listFolders('uploads/lead-files/')).map((entry) => entry.name)).toEqual(['b']);
    expect(await store.listFolders('nothing-here/')).toEqual([]);
  });

  it('copies a folder of files up and down whole, and says when there is none', async () => {
    const build = join(work, `build-${Math.random()}`);
    mkdirSync(join(build, 'van-insurance'), { recursive: true });
    writeFileSync(join(build, 'index.html'), '<h1>Home</h1>');
    writeFileSync(join(build, 'van-insurance', 'index.html'), '<h1>Vans</h1>');
    await store.putFolder('site-builds/b1/', build);

    const copy = join(work, `copy-${Math.random()}`);
    expect(await store.getFolder('site-builds/b1/', copy)).toBe(true);
    expect(readFileSync(join(copy, 'van-insurance', 'index.html'), 'utf8')).toBe('<h1>Vans</h1>');
    expect(readFileSync(join(copy, 'index.html'), 'utf8')).toBe('<h1>Home</h1>');
    expect(await store.getFolder('site-builds/none/', join(work, 'never'))).toBe(false);
  });
});

describe('an S3 bucket that cannot be used', () => {
  const failure = async (env: Record<string, string>) =>
    openObjectStore(loadConfig({ ...s3.env, ...env }))
      .check()
      .then(
        () => null,
        (error: unknown) => error,
      );

  it('stops the check with one line saying what to fix: no such bucket, refused keys, or nothing listening', async () => {
    const missing = await failure({ S3_BUCKET: 'no-such-bucket' });
    expect(missing).toBeInstanceOf(StorageConfigError);
    expect((missing as Error).message).toBe(`The bucket no-such-bucket does not exist at ${s3.endpoint}. Create it, or check S3_BUCKET.`);

    // s3rver knows one key id; a real store also checks the secret's signature, with the same answer.
    const refused = await failure({ S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' });
    expect((refused as Error).message).toMatch(
      /^The object storage at .+ refused the keys for bucket broker-test\. Check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );

    const away = await failure({ S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect((away as Error).message).toBe(
      'Cannot reach the object storage at http://127.0.0.1:9 (ECONNREFUSED). Check S3_ENDPOINT and that the store is running.',
    );
    for (const error of [missing, refused, away]) expect((error as Error).message).not.toContain('\n');
  });

  it('turns a store that goes away during a request into StorageUnavailableError', async () => {
    const store = openObjectStore(loadConfig({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' }));
    await expect(store.putFile('uploads/lead-files/x', file('x', 'X'), 'text/csv')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(store.get('uploads/lead-files/x')).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});

describe('S3 configuration', () => {
  it('needs S3_BUCKET with any other S3 setting, both keys together, and APP_SECRET shared by every server', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_ENDPOINT is set but S3_BUCKET is not');
    expect(() => loadConfig({ ...s3.env, S3_SECRET_ACCESS_KEY: '' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
    expect(() => loadConfig({ ...s3.env, APP_SECRET: '' })).toThrow('APP_SECRET (or APP_SECRET_FILE) is required with S3_BUCKET');
    expect(() => loadConfig({ ...s3.env, S3_BUCKET: 'Not_A_Bucket' })).toThrow('S3_BUCKET must be a bucket name');
    expect(loadConfig({ ...s3.env, S3_PREFIX: 'broker/site' }).s3?.prefix).toBe('broker/site/');
    expect(loadConfig({}).s3).toBeUndefined();
  });
});
