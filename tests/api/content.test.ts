import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, contentElements, media } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

let t: TestApp;
let admin: Agent;
let editor: Agent;
let anon: Agent;
const NO_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' });
  editor = await signedInAs(t);
  anon = agent(t);
});
afterAll(() => t.test.drop());

const json = async (res: Response | Promise<Response>) => (await res).json();

async function section(who: Agent, body: Record<string, unknown>) {
  const res = await who.call('POST', '/api/v1/cms/section/', body);
  return { status: res.status, body: await res.json() };
}

async function element(who: Agent, body: Record<string, unknown>) {
  const res = await who.call('POST', '/api/v1/cms/element/create', body);
  return { status: res.status, body: await res.json() };
}

describe('content sections', () => {
  it('creates a tree with levels, name paths and id paths, as Standard and as Admin', async () => {
    const home = await section(admin, { name: 'Home', parent: null, level: 0, namePath: 'Home' });
    expect(home.status).toBe(201);
    expect(home.body).toMatchObject({ ok: true, errors: [], section: { name: 'Home', parent: null, level: 0, namePath: 'Home', order: 0, data: {} } });
    const homeId = home.body.section.id;
    expect(home.body.section._id).toBe(homeId);
    expect(home.body.section.idPath).toBe(homeId);

    const hero = await section(admin, { name: 'Hero', parent: homeId, level: 1, namePath: 'Home/Hero' });
    expect(hero.status).toBe(201);
    expect(hero.body.section).toMatchObject({ parent: homeId, level: 1, namePath: 'Home/Hero', idPath: `${homeId}/${hero.body.section.id}` });
  });

  it('refuses bad sections: empty name, unknown parent, wrong level, a path that does not match, a duplicate', async () => {
    expect((await section(admin, { name: '  ' })).body).toMatchObject({ ok: false, errors: [{ field: 'name', message: 'Required' }] });
    expect((await section(admin, { name: 'X', parent: NO_ID })).body.errors).toEqual([{ field: 'parent', message: 'There is no such section.' }]);
    expect((await section(admin, { name: 'X', parent: 'not-an-id' })).status).toBe(400);
    const top = (await section(admin, { name: 'Top', parent: '' })).body.section;
    expect(top).toMatchObject({ parent: null, level: 0 });
    expect((await admin.call('DELETE', `/api/v1/cms/section/delete/${top.id}`)).status).toBe(200);
    const wrongLevel = await section(admin, { name: 'Careers', level: 2 });
    expect(wrongLevel.status).toBe(400);
    expect(wrongLevel.body.errors[0].field).toBe('level');
    expect((await section(admin, { name: 'Careers', namePath: 'Jobs' })).body.errors[0].field).toBe('namePath');
    expect((await section(admin, { name: 'A/B' })).status).toBe(400);
    const duplicate = await section(admin, { name: 'Home' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.ok).toBe(false);
  });

  it('lists by parent and by name path, paged, and reads one with its elements', async () => {
    const all = await json(anon.call('GET', '/api/v1/cms/section/?page=0&page_size=10'));
    expect(all).toMatchObject({ ok: true, page: 0, page_size: 10, total_items: 2 });
    expect(all.sections.map((s: { namePath: string }) => s.namePath)).toEqual(['Home', 'Home/Hero']);
    const top = await json(admin.call('GET', '/api/v1/cms/section/?parent=root'));
    expect(top.sections.map((s: { name: string }) => s.name)).toEqual(['Home']);
    const under = await json(admin.call('GET', `/api/v1/cms/section/?parent=${top.sections[0].id}`));
    expect(under.sections.map((s: { name: string }) => s.name)).toEqual(['Hero']);
    const byPath = await json(admin.call('GET', '/api/v1/cms/section/?namePath=Home%2FHero'));
    expect(byPath.sections).toHaveLength(1);
    expect((await admin.call('GET', '/api/v1/cms/section/?parent=nope')).status).toBe(400);
    const one = await json(admin.call('GET', `/api/v1/cms/section/${top.sections[0].id}`));
    expect(one.section).toMatchObject({ name: 'Home', elements: [] });
    expect((await admin.call('GET', `/api/v1/cms/section/${NO_ID}`)).status).toBe(404);
  });
});

describe('content elements', () => {
  let heroId: string;
  beforeAll(async () => {
    heroId = (await json(admin.call('GET', '/api/v1/cms/section/?namePath=Home%2FHero'))).sections[0].id;
  });

  it('creates one element of each field type and shows them in the section data', async () => {
    const [image] = await t.test.database.db
      .insert(media)
      .values({ purpose: 'post-image', originalName: 'van.jpg', mime: 'image/jpeg', bytes: 1000, width: 1200, height: 800 })
      .returning();
    const values = {
      text: 'Van insurance that keeps you on the road',
      longText: 'Line one\nLine two',
      markdown: '**Bold** and <script>alert(1)</script>',
      image: { mediaId: image!.id, alt: 'A white van' },
      video: { url: 'https://www.youtube.com/watch?v=abc' },
      link: { url: '/van-insurance', label: 'Get a quote' },
      number: 1988,
      boolean: true,
      list: [{ question: 'Can I insure a van for business?', answer: 'Yes.' }],
    };
    for (const [fieldType, value] of Object.entries(values)) {
      const created = await element(admin, { sectionId: heroId, name: fieldType, fieldType, value, config: { label: fieldType } });
      expect(created.status, fieldType).toBe(201);
    }
    const { section } = await json(admin.call('GET', `/api/v1/cms/section/${heroId}`));
    expect(section.data.text).toBe(values.text);
    expect(section.data.list).toEqual(values.list);
    expect(section.elements.map((e: { name: string }) => e.name)).toEqual(Object.keys(values));
    const markdown = section.elements.find((e: { name: string }) => e.name === 'markdown');
    expect(markdown.html).toContain('<strong>Bold</strong>');
    expect(markdown.html).not.toContain('<script');
  });

  it('refuses bad elements: unknown field type, duplicate, bad URL, video host, oversized value, unknown section and image', async () => {
    const unknown = await element(admin, { sectionId: heroId, name: 'x', fieldType: 'colour', value: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toMatch(/^Unknown field type/);
    const duplicate = await element(admin, { sectionId: heroId, name: 'text', fieldType: 'text', value: 'again' });
    expect(duplicate).toMatchObject({ status: 409, body: { ok: false, errors: [{ field: 'name' }] } });
    for (const url of ['javascript:alert(1)', 'not a url', '//evil.example/x', 'data:text/html,hi']) {
      const bad = await element(admin, { sectionId: heroId, name: 'cta', fieldType: 'link', value: { url } });
      expect(bad.body.errors, url).toEqual([{ field: 'value.url', message: 'Invalid URL' }]);
    }
    const video = await element(admin, { sectionId: heroId, name: 'clip', fieldType: 'video', value: { url: 'https://evil.example/video.mp4' } });
    expect(video.body.errors[0]).toMatchObject({ field: 'value.url' });
    const huge = await element(admin, { sectionId: heroId, name: 'big', fieldType: 'text', value: 'x'.repeat(501) });
    expect(huge.body.errors).toEqual([{ field: 'value', message: 'Must be 500 characters or fewer' }]);
    const longList = await element(admin, { sectionId: heroId, name: 'faq', fieldType: 'list', value: Array.from({ length: 51 }, () => ({ q: 'a' })) });
    expect(longList.status).toBe(400);
    expect((await element(admin, { sectionId: NO_ID, name: 'x', fieldType: 'text', value: 'x' })).body.errors).toEqual([
      { field: 'sectionId', message: 'There is no such section.' },
    ]);
    const noImage = await element(admin, { sectionId: heroId, name: 'photo', fieldType: 'image', value: { mediaId: NO_ID, alt: 'x' } });
    expect(noImage.body.errors).toEqual([{ field: 'value.mediaId', message: 'Choose an uploaded image.' }]);
    expect((await element(admin, { sectionId: heroId, name: 'n', fieldType: 'number', value: '12' })).status).toBe(400);
  });

  it('creates one element when two creates with the same name arrive at once (201 and 409)', async () => {
    const body = { sectionId: heroId, name: 'race', fieldType: 'text', value: 'same' };
    const answers = await Promise.all([element(admin, body), element(admin, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const { section } = await json(admin.call('GET', `/api/v1/cms/section/${heroId}`));
    const race = section.elements.filter((e: { name: string }) => e.name === 'race');
    expect(race).toHaveLength(1);
    expect((await admin.call('DELETE', `/api/v1/cms/element/delete/${race[0].id}`)).status).toBe(200);
  });

  it('updates a value of its own type, keeps the previous one in the history, and restores it', async () => {
    const { section } = await json(admin.call('GET', `/api/v1/cms/section/${heroId}`));
    const text = section.elements.find((e: { name: string }) => e.name === 'text');
    const wrongType = await editor.call('PUT', `/api/v1/cms/element/update/${text.id}`, { value: 42 });
    expect(wrongType.status).toBe(400);
    const updated = await json(editor.call('PUT', `/api/v1/cms/element/update/${text.id}`, { value: 'Cover from €1 a day' }));
    expect(updated.element).toMatchObject({ value: 'Cover from €1 a day', unpublished: true });
    await admin.call('PUT', `/api/v1/cms/element/update/${text.id}`, { value: 'Third headline' });

    const { history } = await json(admin.call('GET', `/api/v1/cms/element/${text.id}/history`));
    expect(history.map((h: { previousValue: string }) => h.previousValue)).toEqual(['Cover from €1 a day', 'Van insurance that keeps you on the road']);
    expect(history[0].changedBy).not.toBe(history[1].changedBy);

    const restored = await json(admin.call('POST', `/api/v1/cms/element/${text.id}/restore`, { historyId: history[1].id }));
    expect(restored.element.value).toBe('Van insurance that keeps you on the road');
    const after = await json(admin.call('GET', `/api/v1/cms/element/${text.id}/history`));
    expect(after.history[0].previousValue).toBe('Third headline');
    expect((await admin.call('POST', `/api/v1/cms/element/${text.id}/restore`, { historyId: NO_ID })).status).toBe(404);

    const actions = (
      await t.test.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `content-element:${text.id}`))
    ).map((row) => row.action);
    expect(actions.sort()).toEqual(['content element created', 'content element restored', 'content element updated', 'content element updated']);
  });

  it('keeps a text that reads like a number or yes as text, in the draft, the history and the published value', async () => {
    const { section } = await json(admin.call('GET', `/api/v1/cms/section/${heroId}`));
    const text = section.elements.find((e: { name: string }) => e.name === 'text');
    const original = text.value as string;
    for (const value of ['2009', 'true', 'null'])
      expect((await json(editor.call('PUT', `/api/v1/cms/element/update/${text.id}`, { value }))).element.value).toBe(value);
    const { history } = await json(admin.call('GET', `/api/v1/cms/element/${text.id}/history`));
    expect(history.slice(0, 2).map((h: { previousValue: unknown }) => h.previousValue)).toEqual(['true', '2009']);
    const [row] = await t.test.database.db.select().from(contentElements).where(eq(contentElements.id, text.id));
    expect(row?.value).toBe('null');
    await admin.call('PUT', `/api/v1/cms/element/update/${text.id}`, { value: original });
  });

  it('reorders elements and sections', async () => {
    const hero = (await json(admin.call('GET', `/api/v1/cms/section/${heroId}`))).section;
    const ids = hero.elements.map((e: { id: string }) => e.id).reverse();
    expect((await admin.call('PUT', '/api/v1/cms/element/reorder', { sectionId: heroId, ids })).status).toBe(200);
    const again = await json(admin.call('GET', `/api/v1/cms/section/${heroId}`));
    expect(again.section.elements.map((e: { id: string }) => e.id)).toEqual(ids);
    expect((await admin.call('PUT', '/api/v1/cms/element/reorder', { sectionId: heroId, ids: ids.slice(1) })).status).toBe(400);

    const careers = (await section(admin, { name: 'Careers' })).body.section;
    const top = await json(admin.call('GET', '/api/v1/cms/section/?parent=root'));
    expect(top.sections.map((s: { name: string }) => s.name)).toEqual(['Home', 'Careers']);
    const home = top.sections[0].id;
    expect((await admin.call('PUT', '/api/v1/cms/section/reorder', { parent: null, ids: [careers.id, home] })).status).toBe(200);
    const reordered = await json(admin.call('GET', '/api/v1/cms/section/?parent=root'));
    expect(reordered.sections.map((s: { name: string }) => s.name)).toEqual(['Careers', 'Home']);
  });

  it('shows a visitor only published values, and a publish answers a build', async () => {
    const before = await json(anon.call('GET', `/api/v1/cms/section/${heroId}`));
    expect(before.section.elements).toEqual([]);
    const publish = await admin.call('POST', '/api/v1/cms/publish');
    expect(publish.status).toBe(202);
    const body = await publish.json();
    expect(body).toMatchObject({ ok: true, published: 9, build: { status: 'queued', reason: 'content' } });
    const after = await json(anon.call('GET', `/api/v1/cms/section/${heroId}`));
    expect(after.section.data.text).toBe('Van insurance that keeps you on the road');
    expect(after.section.elements[0]).not.toHaveProperty('publishedValue');
    // A saved change is not public until the next publish.
    const text = after.section.elements.find((e: { name: string }) => e.name === 'text');
    await admin.call('PUT', `/api/v1/cms/element/update/${text.id}`, { value: 'Draft headline' });
    expect((await json(anon.call('GET', `/api/v1/cms/section/${heroId}`))).section.data.text).toBe('Van insurance that keeps you on the road');
    const builds = await json(editor.call('GET', '/api/v1/cms/publish'));
    expect(builds.builds[0]).toMatchObject({ id: body.build.id, status: 'queued' });
  });
});

describe('moving and deleting sections', () => {
  it('moves a section with its subtree, and refuses a move inside itself', async () => {
    const about = (await section(admin, { name: 'About' })).body.section;
    const team = (await section(admin, { name: 'Team', parent: about.id })).body.section;
    const people = (await section(admin, { name: 'People', parent: team.id })).body.section;
    const home = (await json(admin.call('GET', '/api/v1/cms/section/?namePath=Home&parent=root'))).sections[0];
    const moved = await json(admin.call('PUT', `/api/v1/cms/section/update/${about.id}`, { parent: home.id, name: 'About us' }));
    expect(moved.section).toMatchObject({ namePath: 'Home/About us', level: 1, idPath: `${home.id}/${about.id}` });
    const deep = await json(admin.call('GET', `/api/v1/cms/section/${people.id}`));
    expect(deep.section).toMatchObject({ namePath: 'Home/About us/Team/People', level: 3, idPath: `${home.id}/${about.id}/${team.id}/${people.id}` });
    expect((await admin.call('PUT', `/api/v1/cms/section/update/${about.id}`, { parent: people.id })).status).toBe(400);
    expect((await admin.call('PUT', `/api/v1/cms/section/update/${about.id}`, { parent: NO_ID })).status).toBe(400);
    expect((await admin.call('PUT', `/api/v1/cms/section/update/${NO_ID}`, { name: 'x' })).status).toBe(404);
    expect((await admin.call('PUT', `/api/v1/cms/section/update/${about.id}`, { name: 'Hero' })).status).toBe(409);
  });

  it('refuses to delete a section with children or elements without cascade, and deletes the subtree with it', async () => {
    const home = (await json(admin.call('GET', '/api/v1/cms/section/?namePath=Home&parent=root'))).sections[0];
    const refused = await admin.call('DELETE', `/api/v1/cms/section/delete/${home.id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).ok).toBe(false);
    const hero = (await json(admin.call('GET', '/api/v1/cms/section/?namePath=Home%2FHero'))).sections[0];
    const heroOnly = await admin.call('DELETE', `/api/v1/cms/section/delete/${hero.id}?cascade=false`);
    expect(heroOnly.status).toBe(409);
    expect((await admin.call('DELETE', `/api/v1/cms/section/delete/${hero.id}?cascade=maybe`)).status).toBe(400);

    const empty = (await section(admin, { name: 'Empty' })).body.section;
    expect((await admin.call('DELETE', `/api/v1/cms/section/delete/${empty.id}`)).status).toBe(200);

    const deleted = await json(admin.call('DELETE', `/api/v1/cms/section/delete/${home.id}?cascade=true`));
    expect(deleted).toMatchObject({ ok: true, deletedSections: 5 });
    const left = await json(admin.call('GET', '/api/v1/cms/section/'));
    expect(left.sections.map((s: { name: string }) => s.name)).toEqual(['Careers']);
    expect((await admin.call('DELETE', `/api/v1/cms/section/delete/${home.id}`)).status).toBe(404);
    const audited = await t.test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content section deleted'), eq(auditLog.target, `content-section:${home.id}`)));
    expect(audited[0]?.details).toMatchObject({ cascade: true, sections: 5 });
  });

  it('deletes an element', async () => {
    const careers = (await json(admin.call('GET', '/api/v1/cms/section/?parent=root'))).sections[0];
    const created = await element(admin, { sectionId: careers.id, name: 'intro', fieldType: 'text', value: 'Join us' });
    expect((await admin.call('DELETE', `/api/v1/cms/element/delete/${created.body.element.id}`)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/v1/cms/element/delete/${created.body.element.id}`)).status).toBe(404);
  });
});

describe('who may call', () => {
  it('answers 401 to a signed-out visitor for every write and for history and builds', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/cms/section/', { name: 'X' }],
      ['PUT', `/api/v1/cms/section/update/${NO_ID}`, { name: 'X' }],
      ['DELETE', `/api/v1/cms/section/delete/${NO_ID}`],
      ['PUT', '/api/v1/cms/section/reorder', { parent: null, ids: [NO_ID] }],
      ['POST', '/api/v1/cms/element/create', { sectionId: NO_ID, name: 'x', fieldType: 'text', value: 'x' }],
      ['PUT', `/api/v1/cms/element/update/${NO_ID}`, { value: 'x' }],
      ['DELETE', `/api/v1/cms/element/delete/${NO_ID}`],
      ['PUT', '/api/v1/cms/element/reorder', { sectionId: NO_ID, ids: [NO_ID] }],
      ['GET', `/api/v1/cms/element/${NO_ID}/history`],
      ['POST', `/api/v1/cms/element/${NO_ID}/restore`, { historyId: NO_ID }],
      ['POST', '/api/v1/cms/publish'],
      ['GET', '/api/v1/cms/publish'],
    ];
    for (const [method, path, body] of calls) {
      const res = await anon.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json(), `${method} ${path}`).toMatchObject({ ok: false, message: 'User is not logged in.', errors: [] });
    }
  });

  it('lets a visitor read sections (published values only)', async () => {
    expect((await anon.call('GET', '/api/v1/cms/section/')).status).toBe(200);
    expect((await anon.call('GET', `/api/v1/cms/element/${NO_ID}`)).status).toBe(404);
  });
});

describe('the API description', () => {
  it('lists every content call in the OpenAPI document', async () => {
    const doc = await json(admin.call('GET', '/api/v1/openapi.json'));
    const paths = Object.keys(doc.paths).filter((path) => path.startsWith('/api/v1/cms/'));
    expect(paths.sort()).toEqual(
      [
        '/api/v1/cms/check/video',
        '/api/v1/cms/element/create',
        '/api/v1/cms/element/delete/{id}',
        '/api/v1/cms/element/reorder',
        '/api/v1/cms/element/update/{id}',
        '/api/v1/cms/element/{id}',
        '/api/v1/cms/element/{id}/history',
        '/api/v1/cms/element/{id}/restore',
        '/api/v1/cms/facts',
        '/api/v1/cms/media/{id}',
        '/api/v1/cms/pages',
        '/api/v1/cms/preview',
        '/api/v1/cms/preview/markdown',
        '/api/v1/cms/publish',
        '/api/v1/cms/publish/prepare',
        '/api/v1/cms/section',
        '/api/v1/cms/section/delete/{id}',
        '/api/v1/cms/section/reorder',
        '/api/v1/cms/section/update/{id}',
        '/api/v1/cms/section/{id}',
      ].sort(),
    );
  });
});
