import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSnapshotFrom } from '#src/server/content/snapshot.ts';
import { uploadMessages } from '#src/schemas/upload.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

/** A staff member's own video for a content element: uploaded by tus, checked by its bytes, served with ranges. */

let t: TestApp;
let staff: Agent;
let admin: Agent;
let dataDir: string;

const b64 = (text: string) => Buffer.from(text).toString('base64');
const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** The start of an MP4 file (an ISO base media `ftyp` box, then data): what a type check reads. */
const mp4 = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')), box('mdat', Buffer.alloc(4096, 7))]);

async function upload(bytes: Uint8Array, purpose: string, who: Agent | null = staff) {
  const headers = { 'tus-resumable': '1.0.0', ...(who ? { cookie: who.cookie() ?? '' } : {}) };
  const created = await t.app.request('/api/v1/uploads', {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.byteLength), 'upload-metadata': `filename ${b64('clip.mp4')},purpose ${b64(purpose)}` },
  });
  if (created.status !== 201) return created;
  return t.app.request(created.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'content-video-test-'));
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', DATA_DIR: dataDir } });
  staff = await signedInAs(t);
  // Sections and elements are the content structure, an Administrator's work.
  admin = await signedInAs(t, 'admin@shannon-insurance.ie', 'admin');
});
afterAll(async () => {
  await t.test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('content videos', () => {
  it('refuses anyone not signed in', async () => {
    expect((await upload(mp4, 'content-video', null)).status).toBe(401);
    expect((await upload(mp4, 'content-video', agent(t))).status).toBe(401);
  });

  it('stores an MP4 by its bytes, serves it with byte ranges, and a video element may name it', async () => {
    const done = await upload(mp4, 'content-video');
    expect(done.status).toBe(200);
    const body = await done.json();
    expect(body).toMatchObject({ ok: true, message: 'Video uploaded.', video: { type: 'video/mp4' } });
    expect(body.video.src).toBe(`/media/${body.video._id}/video.mp4`);

    const whole = await t.app.request(body.video.src);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp4)).toBe(true);
    const part = await t.app.request(body.video.src, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');

    const section = await (await admin.call('POST', '/api/v1/cms/section/', { name: 'About us' })).json();
    const created = await admin.call('POST', '/api/v1/cms/element/create', {
      sectionId: section.section.id,
      name: 'welcome',
      fieldType: 'video',
      value: { mediaId: body.video._id, title: 'Meet the team' },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ element: { value: { mediaId: body.video._id, title: 'Meet the team' } } });

    // Published, the build's snapshot carries the video's address, so the page needs no database.
    expect((await staff.call('POST', '/api/v1/cms/publish')).status).toBe(202);
    const snapshot = await contentSnapshotFrom(t.test.database.db);
    expect(snapshot.videos[body.video._id]).toEqual(body.video);
  });

  it('refuses a file that is not a video, and a video element naming an image or nothing', async () => {
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const refused = await upload(picture, 'content-video');
    expect(refused.status).toBe(415);
    expect((await refused.json()).message).toBe(uploadMessages.notVideo);

    const image = await (await upload(picture, 'post-image')).json();
    const section = await (await admin.call('POST', '/api/v1/cms/section/', { name: 'Careers' })).json();
    const element = (value: unknown) =>
      admin.call('POST', '/api/v1/cms/element/create', { sectionId: section.section.id, name: 'clip', fieldType: 'video', value });
    const namingImage = await element({ mediaId: image.image._id });
    expect(namingImage.status).toBe(400);
    expect((await namingImage.json()).errors).toEqual([{ field: 'value.mediaId', message: 'Choose an uploaded video.' }]);
    const empty = await element({});
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors[0].message).toBe('Give a video address or choose an uploaded video');
  });
});
