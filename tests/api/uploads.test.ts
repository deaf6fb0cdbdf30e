import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { UPLOAD_MAX_BYTES, uploadMessages } from '#src/schemas/upload.ts';

let t: TestApp;
let staff: Agent;
let dataDir: string;
let photo: Buffer;

const b64 = (text: string) => Buffer.from(text).toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

/** A raw tus request, with the signed-in cookie unless `signedIn` is false. */
function tus(method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array, signedIn = true) {
  return t.app.request(path, {
    method,
    headers: { 'tus-resumable': '1.0.0', ...(signedIn ? { cookie: staff.cookie() ?? '' } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

async function create(length: number, fields: Record<string, string> = { filename: 'van.jpg', filetype: 'image/jpeg', purpose: 'post-image' }) {
  return tus('POST', '/api/v1/uploads', { 'upload-length': String(length), 'upload-metadata': metadata(fields) });
}

const patch = (location: string, offset: number, chunk: Uint8Array) =>
  tus('PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, chunk);

/** Creates an upload and sends the whole file in one PATCH. */
async function uploadWhole(file: Uint8Array, fields?: Record<string, string>) {
  const created = await create(file.byteLength, fields);
  expect(created.status).toBe(201);
  return patch(created.headers.get('location')!, 0, file);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', DATA_DIR: dataDir } });
  await createUser(t, { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'editor@shannon-insurance.ie', password: 'a long test password' });
  // A camera-style JPEG that carries EXIF, including a GPS position, which must not survive.
  photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#2a6f97' } })
    .composite([{ input: Buffer.from('<svg width="2000" height="1200"><circle cx="1000" cy="600" r="400" fill="#f4a259"/></svg>') }])
    .withExif({ IFD0: { Make: 'TestCam', Artist: 'Someone Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 39/1 0/1' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await t.test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('resumable uploads (tus)', () => {
  it('refuses anyone not signed in', async () => {
    const res = await tus(
      'POST',
      '/api/v1/uploads',
      { 'upload-length': '10', 'upload-metadata': metadata({ filename: 'a.jpg', purpose: 'post-image' }) },
      undefined,
      false,
    );
    expect(res.status).toBe(401);
  });

  it('resumes an interrupted upload from the offset the server reports, then stores clean variants', async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const created = await create(photo.byteLength);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]+$/);

    // The connection drops part-way: only the first bytes of the first chunk arrive.
    const firstPart = photo.subarray(0, 20_000);
    expect((await patch(location, 0, firstPart)).status).toBe(204);

    // The client asks where to carry on, and sends the rest from there.
    const head = await tus('HEAD', location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(firstPart.byteLength);
    const done = await patch(location, offset, photo.subarray(offset));
    expect(done.status).toBe(200);
    expect(done.headers.get('upload-offset')).toBe(String(photo.byteLength));
    const body = await done.json();
    expect(body).toMatchObject({ ok: true, message: 'Image uploaded.', image: { width: 2000, height: 1200 } });
    expect(body.image.src).toMatch(/^\/media\/[0-9a-f-]{36}\/1200\.jpg$/);
    expect(body.image.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(body.image.sources[0].srcset).toContain('480.avif 480w');
    expect(body.image.sources[1].srcset).toContain('1600.webp 1600w');

    // Every variant is served with immutable caching, and none carries the EXIF or GPS data.
    for (const url of [body.image.src, ...body.image.sources.flatMap((s: { srcset: string }) => s.srcset.split(', ').map((part) => part.split(' ')[0]))]) {
      const res = await t.app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
    }
    // The unfinished upload is gone once it became media.
    expect((await tus('HEAD', location)).status).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name and declared type', async () => {
    const disguised = new TextEncoder().encode('<html><body><script>alert(1)</script></body></html>'.repeat(20));
    const res = await uploadWhole(disguised);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ ok: false, message: uploadMessages.notImage });
  });

  it('refuses SVG, which can carry script', async () => {
    const svg = new TextEncoder().encode(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" onload="alert(1)"><rect width="400" height="400"/></svg>',
    );
    const res = await uploadWhole(svg, { filename: 'logo.png', filetype: 'image/png', purpose: 'post-image' });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe(uploadMessages.svgRefused);
  });

  it('refuses a truncated image and an image too small to use', async () => {
    const truncated = await uploadWhole(photo.subarray(0, 3000));
    expect(truncated.status).toBe(422);
    expect((await truncated.json()).message).toBe(uploadMessages.unreadable);
    const tiny = await uploadWhole(
      await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(tiny.status).toBe(422);
    expect((await tiny.json()).message).toBe(uploadMessages.tooNarrow);
  });

  it('refuses files over the size cap before storing a byte, and unknown purposes', async () => {
    const big = await create(UPLOAD_MAX_BYTES + 1);
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe(uploadMessages.tooLarge);
    const odd = await create(100, { filename: 'x.jpg', purpose: 'anything' });
    expect(odd.status).toBe(400);
    expect((await odd.json()).message).toBe(uploadMessages.unknownPurpose);
  });

  it('does not serve unfinished uploads or paths outside the media folder', async () => {
    const created = await create(photo.byteLength);
    expect((await tus('GET', created.headers.get('location')!)).status).toBe(405);
    expect((await t.app.request('/media/..%2f..%2fetc/passwd')).status).not.toBe(200);
    expect((await t.app.request('/media/00000000-0000-4000-8000-000000000000/480.avif')).status).not.toBe(200);
  });
});
