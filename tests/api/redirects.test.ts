import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_MESSAGES, REDIRECT_PATH_MAX } from '#src/schemas/redirect.ts';
import { limitMessages } from '#src/schemas/messages.ts';
import { chainAhead, chainBehind, fromTaken, loopAhead, SELF_REDIRECT } from '#src/server/redirects/queries.ts';
import { RESERVED_ADDRESS, SERVED_BY_SITE } from '#src/server/redirects/served.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, signedInAs, type Agent } from '../support/agent.ts';

/** Redirects: made by staff under rules that keep visitors one step from a real page, and by a published post's new slug. */

let t: TestApp;
let editor: Agent;
let anon: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  editor = await signedInAs(t);
  anon = agent(t);
});
afterAll(() => t.test.drop());

const json = async (res: Response | Promise<Response>) => (await res).json();
const create = (from: string, to: string, status: number | string = 301) => editor.call('POST', '/api/v1/redirects/create', { from, to, status });
const visit = (path: string) => anon.call('GET', path);

describe('redirects', () => {
  it('answers an old address with the redirect staff made, counts its hits, and keeps the visit’s query', async () => {
    const made = await create('/old-fleet-offer/', '/fleet-insurance', '301');
    expect(made.status).toBe(201);
    const { redirect } = await made.json();
    // Stored as a request names it: no trailing slash; the select's text is the number.
    expect(redirect).toMatchObject({ from: '/old-fleet-offer', to: '/fleet-insurance', status: 301, origin: 'staff', hits: 0, lastHitAt: null });

    const first = await visit('/old-fleet-offer?utm_source=flyer');
    expect(first.status).toBe(301);
    expect(first.headers.get('location')).toBe('/fleet-insurance?utm_source=flyer');
    expect(first.headers.get('cache-control')).toBe('public, max-age=600');
    expect((await visit('/old-fleet-offer/')).headers.get('location')).toBe('/fleet-insurance');
    const read = await json(editor.call('GET', `/api/v1/redirects/get/${redirect._id}`));
    expect(read.redirect.hits).toBe(2);
    expect(read.redirect.lastHitAt).not.toBeNull();

    // A temporary one is never cached; an address with none still goes home.
    expect((await create('/winter-offer', '/van-insurance#offer', 302)).status).toBe(201);
    const temporary = await visit('/winter-offer?ref=mail');
    expect(temporary.status).toBe(302);
    expect(temporary.headers.get('location')).toBe('/van-insurance?ref=mail#offer');
    expect(temporary.headers.get('cache-control')).toBe('no-store');
    // An address with letters beyond ASCII is stored and matched as browsers send it, percent-encoded.
    expect((await create('/tairiscí', '/blog')).status).toBe(201);
    expect((await visit('/tairisc%C3%AD')).headers.get('location')).toBe('/blog');
    const unknown = await visit('/no-such-page');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/');
  });

  it('refuses another site, the home page, a query, a loop, a chain, a taken address and a 10,000-character one, each with its reason', async () => {
    const refused = async (res: Promise<Response>, status: number, field: string, message: string) => {
      const answer = await res;
      expect(answer.status).toBe(status);
      const body = await answer.json();
      expect(body.errors).toContainEqual({ field, message });
    };
    for (const to of ['https://elsewhere.example/page', '//elsewhere.example/page', '/\\elsewhere.example', 'javascript:alert(1)'])
      await refused(create('/somewhere', to), 400, 'to', REDIRECT_MESSAGES.offSite);
    await refused(create('/', '/blog'), 400, 'from', REDIRECT_MESSAGES.home);
    await refused(create('/promo?x=1', '/blog'), 400, 'from', REDIRECT_MESSAGES.fromWithQuery);
    await refused(create('', '/blog'), 400, 'from', REDIRECT_MESSAGES.fromRequired);
    await refused(create('/a', '/blog', 307), 400, 'status', REDIRECT_MESSAGES.status);
    await refused(create(`/${'x'.repeat(10_000)}`, '/blog'), 400, 'from', limitMessages.tooLong(REDIRECT_PATH_MAX));
    await refused(create('/same', '/same/'), 400, 'to', SELF_REDIRECT);
    await refused(create('/admin/users', '/blog'), 400, 'from', RESERVED_ADDRESS);

    expect((await create('/step-one', '/step-two')).status).toBe(201);
    await refused(create('/step-one', '/elsewhere'), 409, 'from', fromTaken('/step-one'));
    await refused(create('/step-two', '/step-one'), 400, 'to', loopAhead('/step-one', '/step-two'));
    await refused(create('/step-zero', '/step-one'), 400, 'to', chainAhead('/step-one', '/step-two'));
    await refused(create('/step-two', '/step-three'), 400, 'from', chainBehind('/step-one', '/step-two'));
    expect((await anon.call('POST', '/api/v1/redirects/create', { from: '/x', to: '/y', status: 301 })).status).toBe(401);
  });

  it('renaming a published post records a 301 from its old address; older redirects follow it, and renaming back leaves no loop', async () => {
    const post = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Fleet tips', body: 'Text.', status: 'published' }));
    const id = post.post._id as string;
    const rename = (slug: string) => editor.call('PUT', `/api/v1/posts/update/${id}`, { title: 'Fleet tips', body: 'Text.', status: 'published', slug });
    // Staff point an old campaign at the post.
    expect((await create('/fleet-campaign', '/blog/fleet-tips')).status).toBe(201);
    // A public post's address is the site's: no redirect may hide it.
    expect((await create('/blog/fleet-tips', '/blog')).status).toBe(400);
    expect((await json(create('/blog/fleet-tips', '/blog'))).errors[0].message).toBe(SERVED_BY_SITE);

    expect((await rename('fleet-tips-2027')).status).toBe(200);
    const moved = await visit('/blog/fleet-tips');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/blog/fleet-tips-2027');
    // The campaign now takes one step, to the new address.
    expect((await visit('/fleet-campaign')).headers.get('location')).toBe('/blog/fleet-tips-2027');

    expect((await rename('fleet-tips')).status).toBe(200);
    const list = await json(editor.call('GET', '/api/v1/redirects?origin=post'));
    expect(list.redirects.map((r: { from: string; to: string }) => `${r.from} -> ${r.to}`)).toEqual(['/blog/fleet-tips-2027 -> /blog/fleet-tips']);
    expect((await visit('/fleet-campaign')).headers.get('location')).toBe('/blog/fleet-tips');

    // A draft's slug is nobody's address yet: changing it records nothing.
    const draft = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Draft notes', body: 'Text.', status: 'draft' }));
    await editor.call('PUT', `/api/v1/posts/update/${draft.post._id}`, { title: 'Draft notes', body: 'Text.', status: 'draft', slug: 'draft-notes-2' });
    expect((await json(editor.call('GET', '/api/v1/redirects?q=draft-notes'))).total_items).toBe(0);
  });

  it('edits and deletes; the list searches either address', async () => {
    const { redirect } = await json(create('/old-trucks', '/truck-insurance'));
    const changed = await editor.call('PUT', `/api/v1/redirects/update/${redirect._id}`, { from: '/old-trucks', to: '/fleet-insurance', status: 302 });
    expect(changed.status).toBe(200);
    expect((await changed.json()).redirect).toMatchObject({ to: '/fleet-insurance', status: 302 });
    const found = await json(editor.call('GET', '/api/v1/redirects?q=OLD-TRUCKS'));
    expect(found.redirects.map((r: { _id: string }) => r._id)).toEqual([redirect._id]);
    expect((await editor.call('DELETE', `/api/v1/redirects/delete/${redirect._id}`)).status).toBe(200);
    expect((await editor.call('DELETE', `/api/v1/redirects/delete/${redirect._id}`)).status).toBe(404);
    expect((await visit('/old-trucks')).headers.get('location')).toBe('/');
  });

  it('two redirects that would make a loop, made at once, cannot both land', async () => {
    const results = await Promise.all([create('/ping', '/pong'), create('/pong', '/ping')]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 400]);
  });
});

describe('redirects under attack', () => {
  it('never sends a visitor to another site, however the address is dressed', async () => {
    for (const to of ['/.//evil.example', '/x/..//evil.example', '/./\\evil.example', '/%2e%2e//evil.example']) {
      const res = await create(`/dressed-${to.length}-${to.charCodeAt(2)}`, to);
      expect(res.status, to).toBe(400);
      expect((await res.json()).errors).toContainEqual({ field: 'to', message: REDIRECT_MESSAGES.offSite });
    }
  });

  it('measures an address as it is stored (encoded), refusing one too long with a 400, not a 500', async () => {
    const res = await create(`/${'港'.repeat(1999)}`, '/blog');
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toContainEqual({ field: 'from', message: limitMessages.tooLong(REDIRECT_PATH_MAX) });
  });

  it('spells an encoded address one way, whatever case staff or browsers use', async () => {
    expect((await create('/caf%c3%a9', '/blog')).status).toBe(201);
    expect((await create('/caf%C3%A9', '/blog')).status).toBe(409);
    expect((await visit('/caf%C3%A9')).headers.get('location')).toBe('/blog');
    expect((await visit('/caf%c3%a9')).headers.get('location')).toBe('/blog');
  });

  it('answers a long run of slashes at once, and sends it home', async () => {
    const started = performance.now();
    const res = await visit(`/${'/'.repeat(16_000)}a`);
    expect(res.status).toBe(302);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('keeps a withdrawn post’s new address to itself, and a campaign’s query through a post’s move', async () => {
    const made = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Launch notes', body: 'Text.', status: 'published' }));
    const id = made.post._id as string;
    expect((await create('/launch-flyer', '/blog/launch-notes?utm_source=flyer')).status).toBe(201);
    // Renamed while still public: the flyer's query follows the post in one step.
    expect(
      (await editor.call('PUT', `/api/v1/posts/update/${id}`, { title: 'Launch notes', body: 'Text.', status: 'published', slug: 'launch-notes-2' })).status,
    ).toBe(200);
    expect((await visit('/launch-flyer')).headers.get('location')).toBe('/blog/launch-notes-2?utm_source=flyer');
    // Withdrawn and renamed at once: its old address learns nothing of the new one.
    expect(
      (await editor.call('PUT', `/api/v1/posts/update/${id}`, { title: 'Launch notes', body: 'Text.', status: 'draft', slug: 'embargoed-name' })).status,
    ).toBe(200);
    expect((await visit('/blog/launch-notes-2')).headers.get('location')).not.toContain('embargoed');
    // A public post's id address is the post's own, like its slug.
    const other = await json(editor.call('POST', '/api/v1/posts/create', { title: 'Id address', body: 'Text.', status: 'published' }));
    expect((await json(create(`/blog/${other.post._id}`, '/blog'))).errors[0].message).toBe(SERVED_BY_SITE);
  });
});
