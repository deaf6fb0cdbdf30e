import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';
import { loadStaticSite } from '#src/server/static-site.ts';
import { CONTROL_CHARACTER_REFUSED } from '#src/server/http/input-guard.ts';
import { limitMessages } from '#src/schemas/messages.ts';

/**
 * A NUL (or another control character) in any input is the client's mistake: a 400 on the
 * API, an unknown address for a page, never a 500 (PostgreSQL refuses NUL in text). Every
 * route the app has is tried, signed in as an administrator so the input gets past the
 * permission checks to the queries.
 */
let t: TestApp;
let admin: Agent;
let dist: string;

const NUL = 'a\u0000b';
const ENCODED_NUL = 'a%00b';
/** Every name a route reads from the query string, and the text fields the JSON bodies carry. */
const QUERY_NAMES = ['q', 'search', 'tag', 'status', 'kind', 'page', 'page_size', 'from', 'to', 'sort'];
const BODY_FIELDS = [
  'title',
  'body',
  'excerpt',
  'slug',
  'name',
  'email',
  'phone',
  'subject',
  'message',
  'first_name',
  'last_name',
  'password',
  'note',
  'status',
  'token',
  'firstName',
  'lastName',
  'humanCheck',
];

let signIns = 0;
/** Signs the administrator in (again: the walk passes through sign-out), from a fresh address so the sign-in limit is not the subject. */
async function signIn() {
  admin = agent(t, `198.51.100.${++signIns}`);
  expect((await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
}

/** Calls a route as the administrator; a route under /auth may have changed the session, so sign in afresh after it. */
async function callAsAdmin(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await admin.call(method, path, body);
  if (path.startsWith('/api/v1/auth/')) await signIn();
  return res;
}

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(dist, 'blog-reader.html'), '<!doctype html><title>Blog</title>');
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' }, site: await loadStaticSite(dist) });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  await signIn();
});
afterAll(async () => {
  await rm(dist, { recursive: true });
  await t.test.drop();
});

/** Every route as [method, path pattern], once, without the middleware-only entries. */
function everyRoute(): [string, string][] {
  const routes = new Map<string, [string, string]>();
  for (const { method, path } of t.app.routes) {
    if (path === '/*' && method === 'ALL') continue;
    if (path === '/api/v1/*') continue;
    const methods = method === 'ALL' ? ['HEAD', 'POST', 'PATCH', 'DELETE'] : [method];
    for (const m of methods) routes.set(`${m} ${path}`, [m, path]);
  }
  return [...routes.values()];
}

/** A concrete address for a pattern: each `:param` (and `*`) filled with `value`. */
const fill = (pattern: string, value: string) => pattern.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, value).replace(/\*$/, value);

const isApi = (path: string) => path.startsWith('/api/');
const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

async function expectRefused(method: string, path: string, res: Response, what: string) {
  expect(res.status, `${what}: ${method} ${path}`).not.toBe(500);
  if (isApi(path)) {
    expect(res.status, `${what}: ${method} ${path}`).toBe(400);
    if (method === 'HEAD') return;
    const body = await res.json();
    expect(body, `${what}: ${method} ${path}`).toMatchObject({ ok: false, message: CONTROL_CHARACTER_REFUSED });
    expect(body.errors.length, `${what}: ${method} ${path}`).toBeGreaterThan(0);
  } else {
    expect([302, 404], `${what}: ${method} ${path}`).toContain(res.status);
  }
}

describe('control characters in every input', () => {
  it('finds the routes to walk', () => {
    const paths = everyRoute().map(([method, path]) => `${method} ${path}`);
    expect(paths).toContain('GET /api/v1/posts/get/:idOrSlug');
    expect(paths).toContain('GET /blog/:key');
    expect(paths.length).toBeGreaterThan(60);
  });

  it('refuses a NUL in a path parameter of every route', async () => {
    for (const [method, pattern] of everyRoute()) {
      if (!pattern.includes(':') && !pattern.endsWith('*')) continue;
      const path = fill(pattern, ENCODED_NUL);
      const res = await callAsAdmin(method, path, hasBody(method) ? {} : undefined);
      await expectRefused(method, path, res, 'path');
    }
  });

  it('refuses a NUL in a query value of every route', async () => {
    for (const [method, pattern] of everyRoute()) {
      const query = QUERY_NAMES.map((name) => `${name}=${ENCODED_NUL}`).join('&');
      const path = `${fill(pattern, '00000000-0000-4000-8000-000000000000')}?${query}`;
      const res = await callAsAdmin(method, path, hasBody(method) ? {} : undefined);
      await expectRefused(method, path, res, 'query');
    }
  });

  it('refuses a NUL in a JSON body string of every route that takes a body, naming the field', async () => {
    const body = { ...Object.fromEntries(BODY_FIELDS.map((name) => [name, NUL])), tags: [NUL], answers: { firstName: NUL } };
    for (const [method, pattern] of everyRoute()) {
      if (!hasBody(method) || !isApi(pattern) || pattern.startsWith('/api/v1/uploads')) continue;
      const path = fill(pattern, '00000000-0000-4000-8000-000000000000');
      const res = await callAsAdmin(method, path, body);
      await expectRefused(method, path, res, 'body');
    }
    const res = await admin.call('POST', '/api/v1/posts/create', { title: 'A title\u0000', body: 'Body text.' });
    expect((await res.json()).errors).toEqual([{ field: 'title', message: limitMessages.controlCharacter }]);
  });

  it('refuses the cases first reported, and DEL, C1 controls and unpaired surrogates', async () => {
    for (const path of [
      '/api/v1/posts?tag=%00',
      '/api/v1/posts/get/a%00b',
      '/api/v1/posts/search?q=a%00b',
      '/api/v1/users?search=a%00b',
      '/api/v1/quotes?q=a%00b',
      '/api/v1/renewals/export?q=a%00b',
    ]) {
      await expectRefused('GET', path, await admin.call('GET', path), 'reported');
    }
    for (const title of ['a\u0000b', 'a\u007fb', 'a\u0085b', 'a\u001bb', 'a\ud800b', 'a\udc00b']) {
      const res = await admin.call('POST', '/api/v1/posts/create', { title, body: 'Body text.' });
      expect(res.status, JSON.stringify(title)).toBe(400);
    }
  });

  it('walks a deeply nested body without running out of stack', async () => {
    const deep = `{"name":${'['.repeat(30_000)}"a\\u0000b"${']'.repeat(30_000)}}`;
    const res = await admin.call('POST', '/api/v1/contacts/create', deep);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(CONTROL_CHARACTER_REFUSED);
    const clean = await admin.call('POST', '/api/v1/contacts/create', `{"name":${'['.repeat(30_000)}${']'.repeat(30_000)}}`);
    expect(clean.status).toBe(400);
  });

  it('sends a page address with a NUL home like any unknown page, and never answers 500', async () => {
    for (const path of ['/blog/a%00b', '/blog/%00', '/media/a%00b/480.avif', '/a%00b', '/rss.xml?tag=a%00b']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe('/');
    }
  });

  it('keeps tab, line breaks and every ordinary character, emoji included', async () => {
    const res = await admin.call('POST', '/api/v1/posts/create', {
      title: 'Fleet cover 🚚 für Vans',
      body: 'First line.\r\n\tIndented second line.\nThird — with Irish: Seán, Dún Laoghaire.',
    });
    expect(res.status).toBe(201);
    const { post } = await res.json();
    expect(post.body).toContain('\tIndented second line.');
    expect((await admin.call('GET', `/api/v1/posts/search?q=${encodeURIComponent('Seán\tx')}`)).status).toBe(200);
  });
});
