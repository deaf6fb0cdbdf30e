import { link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticSite } from '#src/server/static-site.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

const html = `<!doctype html><title>Home</title>${'<p>Van insurance in Ireland.</p>'.repeat(100)}`;
const adminHtml = '<!doctype html><title>Back-office</title><div id="admin"></div>';
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-'));
  await mkdir(join(dist, '_astro'));
  await writeFile(join(dist, 'index.html'), html);
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(html));
  await writeFile(join(dist, 'index.html.gz'), gzipSync(html));
  await writeFile(join(dist, 'about-us.html'), '<!doctype html><title>About</title>');
  await writeFile(join(dist, 'admin.html'), adminHtml);
  await writeFile(join(dist, '_astro', 'app.Ab12Cd34.js'), 'console.info(1)');
  await writeFile(join(dist, '.build-stamp.json'), '{}');
  t = await makeTestApp({ site: await loadStaticSite(dist) });
});
afterAll(async () => {
  await rm(dist, { recursive: true });
  await t.test.drop();
});

describe('serving the built site', () => {
  it('answers a build file the build lacks with a 404, never a redirect home', async () => {
    const stale = await t.call('GET', '/_astro/app.Old99Xy.js');
    expect(stale.status).toBe(404);
    expect(stale.headers.get('location')).toBeNull();
    expect(stale.headers.get('cache-control')).toBe('no-store');
    expect((await t.call('GET', '/_astro/app.Ab12Cd34.js')).status).toBe(200);
    const page = await t.call('GET', '/no-such-page');
    expect(page.status).toBe(302);
  });

  it('sends brotli, then gzip, then plain, each with its own ETag, and HTML revalidates', async () => {
    const br = await t.call('GET', '/', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const gz = await t.call('GET', '/', undefined, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.call('GET', '/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    const tags = new Set([br, gz, plain].map((res) => res.headers.get('etag')));
    expect(tags.size).toBe(3);
  });

  it('answers 304 when the ETag still matches', async () => {
    const first = await t.call('GET', '/about-us');
    const etag = first.headers.get('etag')!;
    const again = await t.call('GET', '/about-us', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await t.call('GET', '/_astro/app.Ab12Cd34.js');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers HEAD with headers only', async () => {
    const res = await t.call('HEAD', '/about-us');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String('<!doctype html><title>About</title>'.length));
    expect(await res.text()).toBe('');
  });

  it('serves the admin page for /admin/* and /verifypasswordreset, and hides dotfiles', async () => {
    for (const path of ['/admin', '/admin/user', '/admin/user/edit/42', '/verifypasswordreset']) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(adminHtml);
    }
    expect((await t.call('GET', '/.build-stamp.json')).status).toBe(302);
    expect((await t.call('GET', '/administrator')).status).toBe(302);
  });
});

describe('loading a new build', () => {
  it('takes a hard-linked file from the build before without reading it again, and reads every changed one', async () => {
    const next = await mkdtemp(join(tmpdir(), 'dist-next-'));
    try {
      const before = (await loadStaticSite(dist))!;
      // The next build: the home page hard-linked (as precompression and unchanged posts are), About rewritten.
      await link(join(dist, 'index.html'), join(next, 'index.html'));
      await writeFile(join(next, 'about-us.html'), '<!doctype html><title>About us, changed</title>');
      const after = (await loadStaticSite(next))!;
      expect(after.find('/')!.bodies.identity).toBe(before.find('/')!.bodies.identity);
      expect(after.find('/')!.etag).toBe(before.find('/')!.etag);
      expect(after.find('/about-us')!.bodies.identity.toString()).toContain('About us, changed');
      expect(after.find('/about-us')!.etag).not.toBe(before.find('/about-us')!.etag);
      // The same path written anew in place (a new size and time): read again, not taken from before.
      await writeFile(join(next, 'index.html'), '<!doctype html><title>Home, rewritten</title>');
      expect((await loadStaticSite(next))!.find('/')!.bodies.identity.toString()).toContain('Home, rewritten');
    } finally {
      await rm(next, { recursive: true, force: true });
    }
  });
});
