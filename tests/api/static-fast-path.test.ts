import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerWithStaticFastPath } from '#src/server/app.ts';
import { createLogger } from '#src/server/log.ts';
import { createDrain } from '#src/server/ops/drain.ts';
import { createMetrics, type Metrics } from '#src/server/ops/metrics.ts';
import { loadStaticSite } from '#src/server/static-site.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

/**
 * The built site's files are answered ahead of the app (static-site.ts's fast path). Every
 * answer must be the app's own, header for header: the same request is sent to the real
 * server and to the app alone, and the two answers compared. Post pages, unknown and odd
 * addresses still go through the app.
 */
const html = `<!doctype html><title>Home</title>${'<p>Van insurance in Ireland.</p>'.repeat(100)}`;
const blogHtml = `<!doctype html><title>Blog</title>${'<p>Articles.</p>'.repeat(100)}`;
let dist: string;
let t: TestApp;
let server: ServerType;
let base: { port: number };
let metrics: Metrics;
/** The server's drain; the last test begins it. */
const drain = createDrain();
/** Paths the app itself was asked for, through the real server. */
const reachedApp: string[] = [];
/** The bodies of the writes the app was asked for, through the real server, as it read them. */
const bodiesSeen: string[] = [];

type Raw = { status: number; headers: Record<string, string>; body: Buffer };

/** One request to the real server, bytes as sent (no decompression). */
function viaServer(method: string, path: string, headers: Record<string, string> = {}, body?: string[]): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port: base.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    for (const chunk of body ?? []) req.write(chunk);
    req.end();
  });
}

async function viaApp(method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const res = await t.app.request(path, { method, headers });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) };
}

/** What node:http adds to every answer on the wire, left out of the comparison. */
const comparable = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'dist-fast-'));
  await mkdir(join(dist, '_astro'));
  await mkdir(join(dist, 'blog'));
  await writeFile(join(dist, 'index.html'), html);
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(html));
  await writeFile(join(dist, 'index.html.gz'), gzipSync(html));
  await writeFile(join(dist, 'blog.html'), blogHtml);
  await writeFile(join(dist, 'blog', 'a-post.html'), '<!doctype html><title>A post</title>');
  await writeFile(join(dist, 'about-us.html'), '<!doctype html><title>About</title>');
  await writeFile(join(dist, 'admin.html'), '<!doctype html><title>Back-office</title>');
  await writeFile(join(dist, '_astro', 'app.Ab12Cd34.js'), 'console.info(1)');
  const site = await loadStaticSite(dist);
  t = await makeTestApp({ site });
  metrics = createMetrics({ db: t.test.database.db, token: undefined });
  await new Promise<void>((ready) => {
    server = serve(
      {
        fetch: async (request, ...rest) => {
          reachedApp.push(new URL(request.url).pathname);
          if (request.method === 'POST') bodiesSeen.push(await request.clone().text());
          return t.app.fetch(request, ...rest);
        },
        hostname: '127.0.0.1',
        port: 0,
        createServer: createServerWithStaticFastPath({ site, log: createLogger('silent'), metrics, drain }),
      },
      () => ready(),
    );
  });
  base = { port: (server.address() as AddressInfo).port };
  // The app's headers are read once, at start; until then everything goes the app's way.
  await new Promise((resolve) => setTimeout(resolve, 50));
});
afterAll(async () => {
  server.close();
  await rm(dist, { recursive: true });
  await t.test.drop();
});

describe('the static fast path', () => {
  it('is counted in the metrics as the built site (route /*), like the files the app serves', async () => {
    const count = async (status: number) => {
      const line = (await metrics.registry.metrics())
        .split('\n')
        .find((row) => row.startsWith(`http_requests_total{method="GET",route="/*",status="${status}"}`));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const timed = async () =>
      Number(
        (await metrics.registry.metrics())
          .split('\n')
          .find((row) => row.startsWith('http_request_duration_seconds_count{method="GET",route="/*",status="200"}'))
          ?.split(' ')
          .pop() ?? 0,
      );
    const [ok, notModified, okTimed] = [await count(200), await count(304), await timed()];
    const first = await viaServer('GET', '/about-us');
    expect(first.status).toBe(200);
    expect((await viaServer('GET', '/about-us', { 'if-none-match': first.headers.etag! })).status).toBe(304);
    // At once: the answers' figures are gathered and folded in by the scrape itself.
    expect(await count(200)).toBe(ok + 1);
    expect(await count(304)).toBe(notModified + 1);
    expect(await timed()).toBe(okTimed + 1);
  });

  it('counts every answer of a run longer than what waits to be folded in, each in its bucket', async () => {
    const sample = async (name: string, le = '') =>
      Number(
        (await metrics.registry.metrics())
          .split('\n')
          .find((row) => row.startsWith(`${name}{`) && row.includes(le) && row.includes('method="HEAD",route="/*",status="200"'))
          ?.split(' ')
          .pop() ?? 0,
      );
    const bucket = 'http_request_duration_seconds_bucket';
    const before = { count: await sample('http_requests_total'), fast: await sample(bucket, 'le="0.005"'), all: await sample(bucket, 'le="+Inf"') };
    for (let i = 0; i < 2500; i++) metrics.recordStaticFile('HEAD', 200, i % 2 === 0 ? 0.001 : 0.02);
    expect(await sample('http_requests_total')).toBe(before.count + 2500);
    expect(await sample(bucket, 'le="0.005"')).toBe(before.fast + 1250);
    expect(await sample(bucket, 'le="+Inf"')).toBe(before.all + 2500);
  });

  const etagOf = async (path: string, headers: Record<string, string>) => (await viaApp('GET', path, headers)).headers.etag!;

  it('answers built files itself, with the app’s status, headers and bytes for every encoding, 304 and HEAD', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['GET', '/', { 'accept-encoding': 'gzip, deflate, br' }],
      ['GET', '/', { 'accept-encoding': 'gzip, br;q=0' }],
      ['GET', '/', {}],
      ['HEAD', '/', { 'accept-encoding': 'br' }],
      ['GET', '/', { 'accept-encoding': 'br', 'if-none-match': await etagOf('/', { 'accept-encoding': 'br' }) }],
      ['GET', '/about-us', { 'if-none-match': `"nope", W/${await etagOf('/about-us', {})}` }],
      ['GET', '/about-us', { 'if-none-match': '"stale"' }],
      ['GET', '/_astro/app.Ab12Cd34.js', { 'accept-encoding': 'gzip' }],
      ['GET', '/blog?tag=Vans&page=2', { 'accept-encoding': 'br' }],
      ['GET', '/admin', {}],
    ];
    reachedApp.length = 0;
    for (const [method, path, headers] of cases) {
      const fast = await viaServer(method, path, headers);
      const app = await viaApp(method, path, headers);
      const label = `${method} ${path} ${JSON.stringify(headers)}`;
      expect(fast.status, label).toBe(app.status);
      expect(comparable(fast.headers), label).toEqual(comparable(app.headers));
      expect(fast.body.equals(app.body), label).toBe(true);
      // The security headers are there at all (the comparison would pass if both lost them).
      expect(fast.headers['content-security-policy'], label).toContain("frame-ancestors 'self'");
      expect(fast.headers['x-frame-options'], label).toBe('SAMEORIGIN');
    }
    expect(reachedApp).toEqual([]);
  });

  it('leaves post pages, unknown, escaped and odd addresses, and other methods to the app', async () => {
    reachedApp.length = 0;
    const paths = ['/blog/a-post', '/about-us/', '/no-such-page', '/%61bout-us', '/about-us?x=%00', '/admin/users', '/api/v1/health/live'];
    for (const path of paths) {
      const fast = await viaServer('GET', path);
      const app = await viaApp('GET', path);
      expect(fast.status, path).toBe(app.status);
      expect(fast.headers.location, path).toBe(app.headers.location);
    }
    // A post the database does not hold is not served, although its page was built.
    expect((await viaServer('GET', '/blog/a-post')).status).toBe(302);
    await viaServer('POST', '/about-us');
    expect(reachedApp).toEqual([...paths.map((path) => path.split('?')[0]), '/blog/a-post', '/about-us']);
  });

  it('hands the app the body of a write, whether its length is declared or it comes in chunks', async () => {
    // The server skips the body events of requests that declare none (optimizeEmptyRequests).
    bodiesSeen.length = 0;
    const declared = '{"name":"Declared"}';
    await viaServer('POST', '/api/v1/no-such-endpoint', { 'content-type': 'application/json', 'content-length': String(declared.length) }, [declared]);
    await viaServer('POST', '/api/v1/no-such-endpoint', { 'content-type': 'application/json' }, ['{"name":', '"Chunked"}']);
    await viaServer('POST', '/api/v1/no-such-endpoint');
    expect(bodiesSeen).toEqual([declared, '{"name":"Chunked"}', '']);
  });

  // Last: the server drains from here on.
  it('tells every client to close its connection once the server drains, as the app does', async () => {
    const keptAlive = { connection: 'keep-alive', 'accept-encoding': 'br' };
    expect((await viaServer('GET', '/', keptAlive)).headers.connection).toBe('keep-alive');
    drain.begin();
    reachedApp.length = 0;
    const etag = await etagOf('/', { 'accept-encoding': 'br' });
    const answers = [
      await viaServer('GET', '/', keptAlive),
      await viaServer('GET', '/', { ...keptAlive, 'if-none-match': etag }),
      await viaServer('HEAD', '/about-us', keptAlive),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers.connection])).toEqual([
      [200, 'close'],
      [304, 'close'],
      [200, 'close'],
    ]);
    expect(reachedApp).toEqual([]);
  });
});
