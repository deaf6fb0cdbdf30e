import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE } from '#src/lib/api-base.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/**
 * The browser calls the API only through the client derived from the routes
 * (src/api/typed-client.ts): no store, island or screen writes an API path, fetches by hand or
 * reads an answer's envelope itself, so nothing can drift from the server's declarations.
 */
const root = join(import.meta.dirname, '../..');
const scanned = ['src/admin', 'src/islands', 'src/ui', 'src/api'];

/** Where the API is allowed to be named: the derived client (its base comes from src/lib/api-base.ts). */
const allowed = new Set([
  'src/api/typed-client.ts', // hc<ApiType>(API_BASE): the derived client
]);
/** Besides the derived client: the tus library makes its own requests, and readEnvelope lives beside ApiError. */
const fetchAllowed = new Set([
  'src/api/resumable-upload.ts',
  // An image given by its web address is fetched from that address first (never an API address: it refuses those).
  'src/api/url-value.ts',
]);
const envelopeAllowed = new Set(['src/api/client.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

/** The code without its comments (a comment may say which address a module talks to). */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

let t: TestApp;
/** The first path segment of every API route the app serves: /contacts, /quotes, /cms… */
let areas: string[];

beforeAll(async () => {
  t = await makeTestApp();
  const prefix = `${DEFAULT_API_BASE}/`;
  areas = [...new Set(t.app.routes.filter((route) => route.path.startsWith(prefix)).map((route) => route.path.slice(prefix.length).split('/')[0]!))].filter(
    (segment) => segment !== '' && segment !== '*' && !segment.startsWith(':'),
  );
});
afterAll(() => t.test.drop());

/** Hand-written API addresses and calls in one file's code. */
function findings(file: string, code: string): string[] {
  const found: string[] = [];
  if (allowed.has(file)) return found;
  if (code.includes(DEFAULT_API_BASE)) found.push(DEFAULT_API_BASE);
  // An area's path in a string or template: '/contacts/…', `/quotes/${kind}`, "/cms".
  const areaPath = new RegExp(`['"\`]/(${areas.join('|')})(?=[/?'"\`$])`, 'g');
  for (const match of code.matchAll(areaPath)) found.push(match[0]);
  if (!fetchAllowed.has(file) && /\bfetch\(/.test(code)) found.push('fetch(');
  if (!envelopeAllowed.has(file) && /\breadEnvelope\(/.test(code)) found.push('readEnvelope(');
  return found;
}

describe('the browser names no API route by hand', () => {
  it('knows the API areas from the app itself', () => {
    expect(areas).toEqual(expect.arrayContaining(['contacts', 'users', 'posts', 'quotes', 'renewals', 'auth', 'cms', 'uploads']));
  });

  it('finds no /api/v1 path, area path, fetch or envelope reading outside the derived client', () => {
    const offending = scanned
      .flatMap(sourceFiles)
      .map((file) => ({ file: relative(root, join(root, file)), found: findings(file, codeOf(readFileSync(join(root, file), 'utf8'))) }))
      .filter(({ found }) => found.length > 0);
    expect(offending).toEqual([]);
  });

  it('would see a hand-written call', () => {
    expect(findings('src/admin/stores/example.ts', "await api('GET', `/quotes/get/` + id)")).toEqual(['`/quotes']);
    expect(findings('src/islands/example.ts', "fetch('/api/v1/posts?page=0')")).toEqual([DEFAULT_API_BASE, 'fetch(']);
    expect(findings('src/api/typed-client.ts', "hc<ApiType>('/api/v1')")).toEqual([]);
  });
});
