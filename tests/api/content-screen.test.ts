import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '#src/server/db/schema.ts';
import { checkVideo } from '#src/server/content/video-check.ts';
import { CONTENT_LIMITS } from '#src/schemas/content.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

/** The calls the back-office Content screen adds: Markdown preview, an image's variants, a video's check, and who changed a value. */

let t: TestApp;
let admin: Agent;
let editor: Agent;
let anon: Agent;
const NO_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true, firstName: 'Aoife', lastName: 'Byrne' });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' });
  editor = await signedInAs(t);
  anon = agent(t);
});
afterAll(() => t.test.drop());

const json = async (res: Response | Promise<Response>) => (await res).json();

describe('POST /api/v1/cms/preview/markdown', () => {
  it('renders and sanitises like the saved value, for Standard and Admin staff', async () => {
    const res = await editor.call('POST', '/api/v1/cms/preview/markdown', { markdown: '**Bold** <script>alert(1)</script> [x](javascript:alert(1))' });
    expect(res.status).toBe(200);
    const { ok, html } = await res.json();
    expect(ok).toBe(true);
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect((await admin.call('POST', '/api/v1/cms/preview/markdown', { markdown: '# Title' })).status).toBe(200);
  });

  it('refuses a signed-out visitor, a missing or non-text value, and one longer than a Markdown value may be', async () => {
    const signedOut = await anon.call('POST', '/api/v1/cms/preview/markdown', { markdown: 'x' });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ ok: false, message: 'User is not logged in.' });
    expect((await json(editor.call('POST', '/api/v1/cms/preview/markdown', {}))).errors).toEqual([{ field: 'markdown', message: 'Required' }]);
    expect((await editor.call('POST', '/api/v1/cms/preview/markdown', { markdown: 12 })).status).toBe(400);
    const long = await editor.call('POST', '/api/v1/cms/preview/markdown', { markdown: 'a'.repeat(CONTENT_LIMITS.markdown + 1) });
    expect(long.status).toBe(400);
    expect((await long.json()).errors[0].field).toBe('markdown');
  });
});

describe('GET /api/v1/cms/media/{id}', () => {
  it("answers an uploaded image's variants or video's address to staff, 404 for an unknown one or a document, 401 signed out", async () => {
    const [image] = await t.test.database.db
      .insert(media)
      .values({
        purpose: 'post-image',
        originalName: 'van.jpg',
        mime: 'image/jpeg',
        bytes: 1000,
        width: 960,
        height: 640,
        variants: [
          { file: '480.avif', format: 'avif', width: 480, height: 320, bytes: 100 },
          { file: '480.webp', format: 'webp', width: 480, height: 320, bytes: 100 },
          { file: '960.jpg', format: 'jpeg', width: 960, height: 640, bytes: 300 },
        ],
      })
      .returning();
    const found = await json(editor.call('GET', `/api/v1/cms/media/${image!.id}`));
    expect(found).toMatchObject({
      ok: true,
      video: null,
      image: { _id: image!.id, width: 960, height: 640, src: `/media/${image!.id}/960.jpg` },
    });
    expect(found.image.sources).toEqual([
      { type: 'image/avif', srcset: `/media/${image!.id}/480.avif 480w` },
      { type: 'image/webp', srcset: `/media/${image!.id}/480.webp 480w` },
    ]);
    const [clip, schedule] = await t.test.database.db
      .insert(media)
      .values([
        { purpose: 'content-video', originalName: 'yard.mp4', mime: 'video/mp4', bytes: 5000 },
        { purpose: 'lead-file', originalName: 'fleet.pdf', mime: 'application/pdf', bytes: 5000 },
      ])
      .returning();
    expect(await json(editor.call('GET', `/api/v1/cms/media/${clip!.id}`))).toMatchObject({
      ok: true,
      image: null,
      video: { _id: clip!.id, src: `/media/${clip!.id}/video.mp4`, type: 'video/mp4' },
    });
    expect((await editor.call('GET', `/api/v1/cms/media/${schedule!.id}`)).status).toBe(404);
    expect((await editor.call('GET', `/api/v1/cms/media/${NO_ID}`)).status).toBe(404);
    expect((await editor.call('GET', '/api/v1/cms/media/not-an-id')).status).toBe(404);
    expect((await anon.call('GET', `/api/v1/cms/media/${image!.id}`)).status).toBe(401);
  });
});

describe('POST /api/v1/cms/check/video', () => {
  it('refuses a signed-out visitor, an address that is not a URL, and a host off the list, before asking anyone', async () => {
    expect((await anon.call('POST', '/api/v1/cms/check/video', { url: 'https://www.youtube.com/watch?v=abc' })).status).toBe(401);
    expect((await json(editor.call('POST', '/api/v1/cms/check/video', { url: 'not a url' }))).errors).toEqual([{ field: 'url', message: 'Invalid URL' }]);
    expect((await json(editor.call('POST', '/api/v1/cms/check/video', { url: 'http://www.youtube.com/watch?v=abc' }))).errors[0].message).toBe('Invalid URL');
    const offList = await json(editor.call('POST', '/api/v1/cms/check/video', { url: 'https://videos.example.com/watch?v=abc' }));
    expect(offList.errors[0]).toEqual({ field: 'url', message: expect.stringContaining('Videos can come from') });
    expect((await editor.call('POST', '/api/v1/cms/check/video', {})).status).toBe(400);
  });

  it('refuses an address with no video behind it (the host says no, or cannot be reached), with a 400 on url', async () => {
    // YouTube's oEmbed answers 400 or 404 for a watch address without a video; a machine without the internet cannot reach it: either way, refused.
    const res = await editor.call('POST', '/api/v1/cms/check/video', { url: 'https://www.youtube.com/watch?v=' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual([{ field: 'url', message: expect.stringMatching(/^The video host/) }]);
  }, 15_000);

  it("asks the host's oEmbed endpoint for the address, and answers the title when the video exists", async () => {
    const asked: string[] = [];
    const host = async (address: string | URL | Request) => {
      asked.push(String(address));
      return String(address).includes('missing')
        ? new Response('Not Found', { status: 404 })
        : Response.json({ type: 'video', title: 'How a fleet policy works' });
    };
    expect(await checkVideo('https://vimeo.com/76979871', host as typeof fetch)).toEqual({ title: 'How a fleet policy works' });
    expect(asked[0]).toBe(`https://vimeo.com/api/oembed.json?url=${encodeURIComponent('https://vimeo.com/76979871')}`);
    await checkVideo('https://youtu.be/abc', host as typeof fetch);
    expect(asked[1]).toBe(`https://www.youtube.com/oembed?format=json&url=${encodeURIComponent('https://youtu.be/abc')}`);
    await expect(checkVideo('https://www.youtube.com/watch?v=missing', host as typeof fetch)).rejects.toMatchObject({
      status: 400,
      errors: [{ field: 'url', message: expect.stringContaining('answered 404') }],
    });
  });
});

describe("an element's history names who replaced each value", () => {
  it('gives the name beside the id', async () => {
    const section = (await json(admin.call('POST', '/api/v1/cms/section/', { name: 'About' }))).section;
    const element = (await json(admin.call('POST', '/api/v1/cms/element/create', { sectionId: section.id, name: 'headline', fieldType: 'text', value: 'One' })))
      .element;
    expect((await admin.call('PUT', `/api/v1/cms/element/update/${element.id}`, { value: 'Two' })).status).toBe(200);
    expect((await editor.call('PUT', `/api/v1/cms/element/update/${element.id}`, { value: 'Three' })).status).toBe(200);
    const { history } = await json(admin.call('GET', `/api/v1/cms/element/${element.id}/history`));
    expect(history.map((entry: { previousValue: string; changedByName: string }) => [entry.previousValue, entry.changedByName])).toEqual([
      ['Two', 'Test User'],
      ['One', 'Aoife Byrne'],
    ]);
  });
});
