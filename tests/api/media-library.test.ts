import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { auditLog, contentElementHistory, contentElements, media, posts } from '#src/server/db/schema.ts';
import { MEDIA_LIMITS } from '#src/schemas/media.ts';
import { limitMessages } from '#src/schemas/messages.ts';
import { postPageEntry } from '#src/site/blog-page-entries.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

/** The media library: list, read with its uses, describe, replace everywhere, and delete only what nothing uses. */

let t: TestApp;
let editor: Agent;
let anon: Agent;
let admin: Agent;
let heroId: string;
const NO_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  editor = await signedInAs(t);
  anon = agent(t);
  // The content structure is an Administrator's; the media work below is any editor's.
  admin = await signedInAs(t, 'admin@shannon-insurance.ie', 'admin');
  const section = async (body: Record<string, unknown>) => (await (await admin.call('POST', '/api/v1/cms/section/', body)).json()).section.id as string;
  heroId = await section({ name: 'Hero', parent: await section({ name: 'Home', parent: null }) });
});
afterAll(() => t.test.drop());

const json = async (res: Response | Promise<Response>) => (await res).json();

/** An uploaded image or video, as the upload service leaves it (its files are not needed here). */
async function upload(name: string, kind: 'image' | 'video' = 'image') {
  const [row] = await t.test.database.db
    .insert(media)
    .values(
      kind === 'image'
        ? {
            purpose: 'post-image',
            originalName: name,
            mime: 'image/jpeg',
            bytes: 1000,
            width: 960,
            height: 640,
            variants: [{ file: '960.jpg', format: 'jpeg', width: 960, height: 640, bytes: 300 }],
          }
        : { purpose: 'content-video', originalName: name, mime: 'video/mp4', bytes: 5000 },
    )
    .returning();
  return row!.id;
}

const createPost = async (title: string, coverImage: string) =>
  editor.call('POST', '/api/v1/posts/create', { title, body: 'Body text.', coverImage, coverAlt: 'A picture' });

describe('GET /api/v1/media', () => {
  it('lists images and videos newest first with their uses, filtered by kind and words; never a visitor’s document', async () => {
    const van = await upload('white-van.jpg');
    const clip = await upload('yard-tour.mp4', 'video');
    await t.test.database.db.insert(media).values({ purpose: 'lead-file', originalName: 'fleet-schedule.pdf', mime: 'application/pdf', bytes: 10 });
    expect((await createPost('A van on the cover', van)).status).toBe(201);

    const all = await json(editor.call('GET', '/api/v1/media?page_size=50'));
    const names = all.media.map((item: { name: string }) => item.name);
    expect(names).toContain('white-van.jpg');
    expect(names).not.toContain('fleet-schedule.pdf');
    expect(names.indexOf('yard-tour.mp4')).toBeLessThan(names.indexOf('white-van.jpg'));
    expect(all.media.find((item: { _id: string }) => item._id === van)).toMatchObject({
      kind: 'image',
      uses: 1,
      image: { src: `/media/${van}/960.jpg` },
      video: null,
    });
    expect(all.media.find((item: { _id: string }) => item._id === clip)).toMatchObject({ kind: 'video', uses: 0, image: null, video: { type: 'video/mp4' } });

    const videos = await json(editor.call('GET', '/api/v1/media?kind=video'));
    expect(videos.media.every((item: { kind: string }) => item.kind === 'video')).toBe(true);
    const found = await json(editor.call('GET', '/api/v1/media?q=WHITE-VAN'));
    expect(found.media.map((item: { _id: string }) => item._id)).toEqual([van]);
    expect((await editor.call('GET', '/api/v1/media?kind=pdf')).status).toBe(400);
    expect((await anon.call('GET', '/api/v1/media')).status).toBe(401);
  });
});

describe('GET /api/v1/media/get/{id}', () => {
  it("names every post and page element that uses an upload, the element's page among them", async () => {
    const truck = await upload('truck.jpg');
    expect((await createPost('Truck cover story', truck)).status).toBe(201);
    const created = await admin.call('POST', '/api/v1/cms/element/create', {
      sectionId: heroId,
      name: 'photo',
      fieldType: 'image',
      value: { mediaId: truck, alt: 'A truck' },
    });
    expect(created.status).toBe(201);
    const { media: found } = await json(editor.call('GET', `/api/v1/media/get/${truck}`));
    expect(found.uses).toBe(2);
    expect(found.usages).toEqual([
      { kind: 'post', id: expect.any(String), name: 'Truck cover story', pageId: null },
      { kind: 'content', id: expect.any(String), name: 'Home / Hero / photo', pageId: expect.any(String) },
    ]);
    expect((await editor.call('GET', `/api/v1/media/get/${NO_ID}`)).status).toBe(404);
    expect((await editor.call('GET', '/api/v1/media/get/nope')).status).toBe(404);
    expect((await anon.call('GET', `/api/v1/media/get/${truck}`)).status).toBe(401);
  });
});

describe('the first description given where an image is used', () => {
  it("becomes the library's when it has none, and never replaces one it has", async () => {
    const fresh = await upload('yard.jpg');
    const described = await upload('described.jpg');
    await editor.call('PUT', `/api/v1/media/update/${described}`, { alt: 'Our own words' });
    expect((await createPost('Yard cover', fresh)).status).toBe(201);
    expect((await createPost('Described cover', described)).status).toBe(201);
    expect((await json(editor.call('GET', `/api/v1/media/get/${fresh}`))).media.alt).toBe('A picture');
    expect((await json(editor.call('GET', `/api/v1/media/get/${described}`))).media.alt).toBe('Our own words');
  });
});

describe('PUT /api/v1/media/update/{id}', () => {
  it('keeps alt text and caption, trimmed; refuses a value too long or with control characters in words', async () => {
    const id = await upload('office.jpg');
    const saved = await json(editor.call('PUT', `/api/v1/media/update/${id}`, { alt: '  Our Limerick office  ', caption: 'Opened in 1988' }));
    expect(saved).toMatchObject({ ok: true, media: { alt: 'Our Limerick office', caption: 'Opened in 1988' } });
    const long = await editor.call('PUT', `/api/v1/media/update/${id}`, { alt: 'a'.repeat(MEDIA_LIMITS.alt + 1) });
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual([{ field: 'alt', message: limitMessages.tooLong(MEDIA_LIMITS.alt) }]);
    expect((await editor.call('PUT', `/api/v1/media/update/${id}`, { caption: 'bad\u0000' })).status).toBe(400);
    expect((await editor.call('PUT', `/api/v1/media/update/${NO_ID}`, { alt: 'x' })).status).toBe(404);
    expect((await anon.call('PUT', `/api/v1/media/update/${id}`, { alt: 'x' })).status).toBe(401);
  });

  it('keeps in its audit entry the words before and after, of the fields the save sent', async () => {
    const id = await upload('yard.jpg');
    await json(editor.call('PUT', `/api/v1/media/update/${id}`, { alt: 'Our yard', caption: '' }));
    await json(editor.call('PUT', `/api/v1/media/update/${id}`, { alt: 'Our yard at dawn' }));
    const entries = await t.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `media:${id}`))
      .orderBy(auditLog.createdAt);
    const updates = entries.filter((entry) => entry.action === 'media updated').map((entry) => entry.details);
    expect(updates).toEqual([
      { changes: [{ field: 'alt', from: '', to: 'Our yard' }] },
      { changes: [{ field: 'alt', from: 'Our yard', to: 'Our yard at dawn' }] },
    ]);
  });
});

describe('POST /api/v1/media/replace/{id}', () => {
  it("puts the new upload on posts' covers and pages' saved values, each change kept in the element's history", async () => {
    const old = await upload('old-logo.jpg');
    const next = await upload('new-logo.jpg');
    const clip = await upload('clip.mp4', 'video');
    expect((await createPost('Old logo post', old)).status).toBe(201);
    const element = await json(
      admin.call('POST', '/api/v1/cms/element/create', { sectionId: heroId, name: 'logo', fieldType: 'image', value: { mediaId: old, alt: 'Logo' } }),
    );

    expect((await json(editor.call('POST', `/api/v1/media/replace/${old}`, { replacement: clip }))).errors).toEqual([
      { field: 'replacement', message: 'Replace an image with an image, and a video with a video.' },
    ]);
    expect((await editor.call('POST', `/api/v1/media/replace/${old}`, { replacement: old })).status).toBe(400);
    expect((await editor.call('POST', `/api/v1/media/replace/${old}`, { replacement: NO_ID })).status).toBe(400);
    expect((await editor.call('POST', `/api/v1/media/replace/${old}`, { replacement: 'x' })).status).toBe(400);

    const replaced = await json(editor.call('POST', `/api/v1/media/replace/${old}`, { replacement: next }));
    expect(replaced).toMatchObject({ ok: true, posts: 1, elements: 1, message: 'Replaced in 2 places. Publish the pages to show it on the site.' });
    const db = t.test.database.db;
    expect((await db.select().from(posts).where(eq(posts.title, 'Old logo post')))[0]!.coverImage).toBe(next);
    const id = element.element?.id ?? element.id;
    const [row] = await db.select().from(contentElements).where(eq(contentElements.id, id));
    expect(row!.value).toEqual({ mediaId: next, alt: 'Logo' });
    const history = await db.select().from(contentElementHistory).where(eq(contentElementHistory.elementId, id));
    expect(history.map((entry) => entry.previousValue)).toContainEqual({ mediaId: old, alt: 'Logo' });
    expect((await json(editor.call('GET', `/api/v1/media/get/${old}`))).media.uses).toBe(0);
  });
});

describe('pictures in a post’s body', () => {
  it('count as uses, are listed where the upload is used, move with Replace everywhere, and must still be stored', async () => {
    const old = await upload('diagram.jpg');
    const next = await upload('diagram-2.jpg');
    const body = `Before.\n\n![The CVRT areas](/media/${old}/960.jpg)\n\nAfter.`;
    const created = await editor.call('POST', '/api/v1/posts/create', { title: 'A post with a diagram', body, coverImage: old, coverAlt: 'Diagram' });
    expect(created.status).toBe(201);
    const detail = await json(editor.call('GET', `/api/v1/media/get/${old}`));
    // One post, cover and body alike: one place.
    expect(detail.media.uses).toBe(1);
    expect(detail.media.usages).toEqual([expect.objectContaining({ kind: 'post', name: 'A post with a diagram' })]);
    await t.test.database.db.update(posts).set({ coverImage: '' }).where(eq(posts.title, 'A post with a diagram'));
    expect((await editor.call('DELETE', `/api/v1/media/delete/${old}`)).status).toBe(409);

    expect(await json(editor.call('POST', `/api/v1/media/replace/${old}`, { replacement: next }))).toMatchObject({ posts: 1, elements: 0 });
    const [post] = await t.test.database.db.select().from(posts).where(eq(posts.title, 'A post with a diagram'));
    expect(post!.body).toBe(`Before.\n\n![The CVRT areas](/media/${next}/960.jpg)\n\nAfter.`);
    expect(post!.bodyHtml).toContain(`src="/media/${next}/960.jpg"`);
    expect((await json(editor.call('GET', `/api/v1/media/get/${old}`))).media.uses).toBe(0);

    const missing = await editor.call('POST', '/api/v1/posts/create', { title: 'A lost picture', body: `![Gone](/media/${NO_ID}/960.jpg)` });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([
      { field: 'body', message: 'An image in the body is no longer in the media library. Remove it, or choose another.' },
    ]);
  });
});

describe('a post’s own share image', () => {
  it('is shared instead of the cover, counts as a use, moves with Replace everywhere, and must still be stored', async () => {
    const cover = await upload('share-cover.jpg');
    const card = await upload('share-card.jpg');
    await editor.call('PUT', `/api/v1/media/update/${card}`, { alt: 'Our yard at dawn', caption: '' });
    const created = await editor.call('POST', '/api/v1/posts/create', {
      title: 'Shared with its own card',
      body: 'Body text.',
      coverImage: cover,
      coverAlt: 'A cover',
      seoImage: card,
    });
    expect(created.status).toBe(201);
    const { post } = await created.json();
    expect(post).toMatchObject({ seoImage: card, shareImage: { _id: card, alt: 'Our yard at dawn', width: 960 } });
    // The page's og:image is the share image, with the library's alt text; the cover stays the cover.
    expect(postPageEntry(post).article?.image).toMatchObject({ src: `/media/${card}/960.jpg`, alt: 'Our yard at dawn' });
    expect(post.cover._id).toBe(cover);
    const withoutCard = await json(
      editor.call('POST', '/api/v1/posts/create', { title: 'Shares its cover', body: 'B.', coverImage: cover, coverAlt: 'A cover' }),
    );
    expect(postPageEntry(withoutCard.post).article?.image).toMatchObject({ src: `/media/${cover}/960.jpg`, alt: 'A cover' });

    const { media: found } = await json(editor.call('GET', `/api/v1/media/get/${card}`));
    expect(found.usages).toEqual([{ kind: 'post', id: post._id, name: 'Shared with its own card', pageId: null }]);
    expect((await editor.call('DELETE', `/api/v1/media/delete/${card}`)).status).toBe(409);

    const next = await upload('share-card-2.jpg');
    expect((await editor.call('POST', `/api/v1/media/replace/${card}`, { replacement: next })).status).toBe(200);
    const { post: moved } = await json(editor.call('GET', `/api/v1/posts/get/${post._id}`));
    expect(moved.seoImage).toBe(next);
    expect((await editor.call('DELETE', `/api/v1/media/delete/${card}`)).status).toBe(200);

    // Naming an upload that is gone, or not an id at all, is refused in words; the post keeps its card.
    const gone = await editor.call('PUT', `/api/v1/posts/update/${post._id}`, { title: 'Shared with its own card', body: 'Body text.', seoImage: NO_ID });
    expect(gone.status).toBe(400);
    expect((await gone.json()).errors).toEqual([{ field: 'seoImage', message: 'The share image is no longer stored. Choose it again.' }]);
    const notAnId = await editor.call('PUT', `/api/v1/posts/update/${post._id}`, {
      title: 'Shared with its own card',
      body: 'Body text.',
      seoImage: 'card.jpg',
    });
    expect(notAnId.status).toBe(400);
    expect((await notAnId.json()).errors).toEqual([{ field: 'seoImage', message: 'Upload the share image again' }]);
    expect((await json(editor.call('GET', `/api/v1/posts/get/${post._id}`))).post.seoImage).toBe(next);
  });
});

describe('DELETE /api/v1/media/delete/{id}', () => {
  it('refuses while a post or page uses the upload, then deletes it once nothing does', async () => {
    const id = await upload('used.jpg');
    expect((await createPost('Uses an image', id)).status).toBe(201);
    const refused = await editor.call('DELETE', `/api/v1/media/delete/${id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe('This upload is still used in one place. Replace it there, or choose another image for them, then delete it.');
    await t.test.database.db.update(posts).set({ coverImage: '' }).where(eq(posts.coverImage, id));
    expect(await json(editor.call('DELETE', `/api/v1/media/delete/${id}`))).toMatchObject({ ok: true });
    expect((await editor.call('DELETE', `/api/v1/media/delete/${id}`)).status).toBe(404);
    expect((await anon.call('DELETE', `/api/v1/media/delete/${id}`)).status).toBe(401);
  });

  it('never leaves a post or page naming a deleted upload, however the saves and deletes interleave', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(`race-${i}.jpg`)));
    const results = await Promise.all(
      ids.flatMap((id, i) => [
        i % 2 === 0
          ? createPost(`Race ${i}`, id)
          : admin.call('POST', '/api/v1/cms/element/create', { sectionId: heroId, name: `race${i}`, fieldType: 'image', value: { mediaId: id, alt: '' } }),
        editor.call('DELETE', `/api/v1/media/delete/${id}`),
      ]),
    );
    for (const res of results) expect([200, 201, 400, 409]).toContain(res.status);
    const db = t.test.database.db;
    const left = new Set((await db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((row) => row.id));
    const covers = (await db.select({ cover: posts.coverImage }).from(posts).where(inArray(posts.coverImage, ids))).map((row) => row.cover);
    const elements = await db.select({ value: contentElements.value }).from(contentElements).where(eq(contentElements.sectionId, heroId));
    const named = elements.map((row) => (row.value as { mediaId?: string }).mediaId).filter((id): id is string => ids.includes(id ?? ''));
    for (const id of [...covers, ...named]) expect(left.has(id), id).toBe(true);
  });
});

describe('a picture in a post body and a delete at the same moment', () => {
  it('never leave a body naming a deleted upload', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(`body-race-${i}.jpg`)));
    const results = await Promise.all(
      ids.flatMap((id, i) => [
        editor.call('POST', '/api/v1/posts/create', { title: `Body race ${i}`, body: `![Race ${i}](/media/${id}/960.jpg)` }),
        editor.call('DELETE', `/api/v1/media/delete/${id}`),
      ]),
    );
    for (const res of results) expect([200, 201, 400, 409]).toContain(res.status);
    const db = t.test.database.db;
    const left = new Set((await db.select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((row) => row.id));
    const bodies = await db.select({ body: posts.body }).from(posts).where(like(posts.title, 'Body race %'));
    const named = ids.filter((id) => bodies.some((row) => row.body.includes(`/media/${id}/`)));
    for (const id of named) expect(left.has(id), id).toBe(true);
  });
});

describe('GET /api/v1/media?sort=', () => {
  it('orders by oldest, name (A to Z, any case) or size (largest first), and pages through each order by cursor', async () => {
    const tag = `sorted-${Date.now()}`;
    const db = t.test.database.db;
    const made = [
      { name: `${tag}-b.jpg`, bytes: 300 },
      { name: `${tag}-C.jpg`, bytes: 50_000 },
      { name: `${tag}-a.jpg`, bytes: 7_000 },
    ];
    for (const [i, file] of made.entries())
      await db.insert(media).values({
        purpose: 'post-image',
        originalName: file.name,
        mime: 'image/jpeg',
        bytes: file.bytes,
        width: 960,
        height: 640,
        variants: [],
        createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
      });
    const names = async (sort: string, extra = '') =>
      (await json(editor.call('GET', `/api/v1/media?q=${tag}&page_size=10&sort=${sort}${extra}`))).media.map((item: { name: string }) => item.name);
    expect(await names('')).toEqual([`${tag}-a.jpg`, `${tag}-C.jpg`, `${tag}-b.jpg`]);
    expect(await names('oldest')).toEqual([`${tag}-b.jpg`, `${tag}-C.jpg`, `${tag}-a.jpg`]);
    expect(await names('name')).toEqual([`${tag}-a.jpg`, `${tag}-b.jpg`, `${tag}-C.jpg`]);
    expect(await names('size')).toEqual([`${tag}-C.jpg`, `${tag}-a.jpg`, `${tag}-b.jpg`]);

    // The next page follows the same order from a cursor.
    const first = await json(editor.call('GET', `/api/v1/media?q=${tag}&page_size=2&sort=size`));
    expect(first.media.map((item: { name: string }) => item.name)).toEqual([`${tag}-C.jpg`, `${tag}-a.jpg`]);
    const next = await json(editor.call('GET', `/api/v1/media?q=${tag}&page_size=2&page=1&sort=size&cursor=${encodeURIComponent(first.next_cursor)}`));
    expect(next.media.map((item: { name: string }) => item.name)).toEqual([`${tag}-b.jpg`]);
  });

  it('refuses an order it does not know with a 400 that says which it knows', async () => {
    const res = await editor.call('GET', '/api/v1/media?sort=biggest');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Sort by newest, oldest, name or size');
  });
});

describe('POST /api/v1/media/delete-many', () => {
  it('deletes the chosen uploads nothing uses, keeps and names those in use, and audits each delete', async () => {
    const unused = [await upload('bulk-unused-1.jpg'), await upload('bulk-unused-2.jpg')];
    const used = await upload('bulk-used.jpg');
    expect((await createPost('Bulk cover', used)).status).toBe(201);
    const gone = await upload('bulk-gone.jpg');
    expect((await editor.call('DELETE', `/api/v1/media/delete/${gone}`)).status).toBe(200);

    const res = await editor.call('POST', '/api/v1/media/delete-many', { ids: [...unused, used, gone, unused[0]] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(body.deleted.sort()).toEqual([...unused].sort());
    expect(body.kept).toEqual([{ _id: used, name: 'bulk-used.jpg', uses: 1 }]);
    expect(body.missing).toBe(1);
    expect(body.message).toBe('Deleted 2 uploads. Kept one still in use: bulk-used.jpg. Replace it where used first. One was already gone.');

    const left = await t.test.database.db
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, [...unused, used]));
    expect(left.map((row) => row.id)).toEqual([used]);
    const log = await t.test.database.db.select({ target: auditLog.target }).from(auditLog).where(eq(auditLog.action, 'media deleted'));
    const targets = log.map((entry) => entry.target);
    for (const id of unused) expect(targets).toContain(`media:${id}`);
  });

  it('says nothing was deleted when every choice is in use', async () => {
    const used = await upload('bulk-only-used.jpg');
    expect((await createPost('Bulk only used', used)).status).toBe(201);
    const body = await json(editor.call('POST', '/api/v1/media/delete-many', { ids: [used] }));
    expect(body.message).toBe('Nothing was deleted. Kept one still in use: bulk-only-used.jpg. Replace it where used first.');
    expect(body.deleted).toEqual([]);
  });

  it('refuses an empty choice, an id that is not one, or too many at once, with the field named; and a visitor', async () => {
    const empty = await editor.call('POST', '/api/v1/media/delete-many', { ids: [] });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual([expect.objectContaining({ field: 'ids', message: 'Choose the uploads to delete' })]);
    const odd = await editor.call('POST', '/api/v1/media/delete-many', { ids: ['not-an-id'] });
    expect(odd.status).toBe(400);
    const many = await editor.call('POST', '/api/v1/media/delete-many', { ids: Array.from({ length: 49 }, () => crypto.randomUUID()) });
    expect(many.status).toBe(400);
    expect(JSON.stringify(await many.json())).toContain('Delete at most 48 uploads at once');
    expect((await anon.call('POST', '/api/v1/media/delete-many', { ids: [NO_ID] })).status).toBe(401);
  });
});

describe('the API description', () => {
  it('lists every media library call in the OpenAPI document', async () => {
    const doc = await json(editor.call('GET', '/api/v1/openapi.json'));
    const paths = Object.keys(doc.paths).filter((path) => path.startsWith('/api/v1/media'));
    expect(paths.sort()).toEqual([
      '/api/v1/media',
      '/api/v1/media/delete-many',
      '/api/v1/media/delete/{id}',
      '/api/v1/media/get/{id}',
      '/api/v1/media/replace/{id}',
      '/api/v1/media/update/{id}',
    ]);
  });
});
