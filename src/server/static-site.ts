import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { RequestListener } from 'node:http';
import type { Context } from 'hono';
import type { Logger } from './log.ts';
import { BUILT_POST_VERSIONS_FILE, type BuiltPostVersions } from '../site/blog-snapshot.ts';

/**
 * The built site, held in memory with its precompressed twins (.br, .gz written at build
 * time). A few megabytes of files buys answers with no disk I/O, a strong ETag per encoding
 * and 304s for revalidated HTML. Hono's serveStatic streams from disk and has no ETags,
 * which is why this is our own.
 */
type Asset = {
  /** Its URL path, the key it is found by (a string that lives as long as the build). */
  path: string;
  type: string;
  etag: string;
  cacheControl: string;
  compressible: boolean;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
};

export type StaticSite = {
  /** The asset for a URL path, if the build has one. */
  find(path: string): Asset | undefined;
  /** The admin island's page, served for /admin/* and /verifypasswordreset. */
  adminPage: Asset | undefined;
  /** The `updatedAt` a pre-rendered post page was made from, by slug. */
  builtPostVersion(slug: string): string | undefined;
  fileCount: number;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

export const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

/** Hashed build output never changes under its name; everything else revalidates with its ETag. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** URL path for a built file: index.html is `/`, about-us.html is `/about-us`, others as they are. */
function urlPathFor(file: string): string {
  const path = `/${file.split(sep).join('/')}`;
  if (path === '/index.html') return '/';
  return path.endsWith('.html') ? path.slice(0, -'.html'.length) : path;
}

/** A file as last read: its bytes and, for a page's own file, its ETag. */
type ReadFile = { body: Buffer; etag?: string };

/**
 * The files of the build loaded last, by device, inode, size and time. A rebuild hard-links
 * what did not change (precompressed twins from their cache, the pages of unchanged posts
 * from the build before), so loading it reads and hashes only the new files: at 1,000 posts,
 * reading and hashing every one of 3,500 files again took 1.3-2.6 s of a republish.
 */
let lastRead = new Map<string, ReadFile>();

export async function loadStaticSite(distDir: string): Promise<StaticSite | null> {
  if (!existsSync(distDir)) return null;
  const all = await listFiles(distDir);
  const present = new Set(all);
  const files = all.filter((file) => !file.endsWith('.br') && !file.endsWith('.gz'));
  const assets = new Map<string, Asset>();
  const read = new Map<string, ReadFile>();
  const readOnce = async (file: string): Promise<ReadFile> => {
    const info = await stat(file);
    const key = `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
    const known = lastRead.get(key) ?? read.get(key) ?? { body: await readFile(file) };
    read.set(key, known);
    return known;
  };
  await Promise.all(
    files.map(async (file) => {
      const rel = relative(distDir, file);
      if (rel.startsWith('.')) return; // build stamps and other dotfiles are not for the web
      const own = await readOnce(file);
      own.etag ??= createHash('sha256').update(own.body).digest('base64url').slice(0, 22);
      const ext = extname(file).toLowerCase();
      const bodies: Asset['bodies'] = { identity: own.body };
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        if (present.has(file + suffix)) bodies[encoding] = (await readOnce(file + suffix)).body;
      }
      const path = urlPathFor(rel);
      assets.set(path, {
        path,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: own.etag,
        cacheControl: rel.startsWith(`_astro${sep}`) ? IMMUTABLE : REVALIDATE,
        compressible: COMPRESSIBLE_EXTENSIONS.has(ext),
        bodies,
      });
    }),
  );
  lastRead = read;
  const versionsFile = join(distDir, BUILT_POST_VERSIONS_FILE);
  const versions = new Map(Object.entries(existsSync(versionsFile) ? (JSON.parse(await readFile(versionsFile, 'utf8')) as BuiltPostVersions) : {}));
  return { find: (path) => assets.get(path), adminPage: assets.get('/admin'), builtPostVersion: (slug) => versions.get(slug), fileCount: assets.size };
}

/** A built site that a rebuild can replace while it is being served. */
export type ReplaceableSite = StaticSite & { replace(next: StaticSite): void };

/**
 * Wraps a loaded site so a new build can take its place in one assignment: a request reads
 * either the old build or the new one, never a mix, and never a half-written folder (the new
 * build is read into memory completely before it replaces the old).
 */
export function replaceable(initial: StaticSite): ReplaceableSite {
  let current = initial;
  return {
    find: (path) => current.find(path),
    get adminPage() {
      return current.adminPage;
    },
    builtPostVersion: (slug) => current.builtPostVersion(slug),
    get fileCount() {
      return current.fileCount;
    },
    replace(next) {
      current = next;
    },
  };
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The encodings an Accept-Encoding header allows (q=0 refuses one). */
function acceptedEncodings(acceptEncoding: string): Set<string | undefined> {
  return new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
}

/** The best encoding the client accepts among those we have. */
function pickEncoding(asset: Asset, accepted: Set<string | undefined>): Encoding {
  if (asset.bodies.br && accepted.has('br')) return 'br';
  if (asset.bodies.gzip && accepted.has('gzip')) return 'gzip';
  return 'identity';
}

const etagFor = (asset: Asset, encoding: Encoding) => `"${asset.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;

/** The headers of an answer (200 or 304) for one encoding of an asset, the same on both paths. */
function assetHeaders(asset: Asset, encoding: Encoding): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': asset.type, 'cache-control': asset.cacheControl, etag: etagFor(asset, encoding) };
  if (asset.compressible) headers.vary = 'Accept-Encoding';
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return headers;
}

const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  !!ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

export function serveAsset(c: Context, asset: Asset): Response {
  const encoding = pickEncoding(asset, acceptedEncodings(c.req.header('accept-encoding') ?? ''));
  const headers = new Headers(assetHeaders(asset, encoding));
  if (matchesEtag(c.req.header('if-none-match'), etagFor(asset, encoding))) return new Response(null, { status: 304, headers });
  const body = asset.bodies[encoding] ?? asset.bodies.identity;
  headers.set('content-length', String(body.byteLength));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/**
 * One encoding of an asset, ready to send: its body and both header sets, made once, as flat
 * [name, value, ...] lists: node checks every header of every answer either way, and walks a
 * list more cheaply than an object's keys (bare node:http, 8 alternated runs: 24.4 µs an answer
 * instead of 25.9; within the noise of the whole server's figure).
 */
type Variant = { body: Buffer; etag: string; ok: string[]; notModified: string[] };
const CLOSE = ['connection', 'close'];

export type FastPathOptions = {
  /** The headers the app adds to every answer (secureHeaders), read from the app itself. */
  appHeaders: Promise<Record<string, string>>;
  /** Paths the app's own routes answer (the database decides a post page; the feed, the sitemap, media): never served here. */
  isAppPath: (path: string) => boolean;
  log: Logger;
  /** Told of every file answered here (the app's metrics count the rest). */
  onServed?: (method: string, status: number, seconds: number) => void;
  /** True while the server shuts down: every answer then says `Connection: close`, as the app's drain has them (ops/drain.ts). */
  draining?: () => boolean;
};

/**
 * A node:http request listener for the built site's files, in front of the app's: a GET or
 * HEAD of a path the build holds is answered from headers and bodies made once, with no
 * Request or Response objects and no middleware chain; anything else goes to `next` (the
 * Hono app), which serves the same files the same way (serveAsset) when it gets them. The
 * answers are the app's, header for header (tests/api/static-fast-path.test.ts compares them).
 * A path with percent-escapes, a query with any (a control character may hide there), and
 * every admin or app path take the app's way, which checks them.
 */
export function staticFastPath(site: StaticSite, next: RequestListener, { appHeaders, isAppPath, log, onServed, draining }: FastPathOptions): RequestListener {
  let common: Record<string, string> | null = null;
  void appHeaders.then((headers) => {
    common = headers;
  });
  // Weak: a rebuild replaces every asset (site.replace), and the old ones' answers go with them.
  const variants = new WeakMap<Asset, Partial<Record<Encoding, Variant>>>();
  const variantOf = (asset: Asset, encoding: Encoding, extra: Record<string, string>): Variant => {
    let forAsset = variants.get(asset);
    if (!forAsset) {
      forAsset = {};
      variants.set(asset, forAsset);
    }
    let variant = forAsset[encoding];
    if (!variant) {
      const body = asset.bodies[encoding] ?? asset.bodies.identity;
      const notModified = { ...extra, ...assetHeaders(asset, encoding) };
      const ok = { ...notModified, 'content-length': String(body.byteLength) };
      variant = { body, etag: etagFor(asset, encoding), notModified: Object.entries(notModified).flat(), ok: Object.entries(ok).flat() };
      forAsset[encoding] = variant;
    }
    return variant;
  };
  // Browsers send a handful of distinct Accept-Encoding values; each is parsed once.
  const acceptedCache = new Map<string, Set<string | undefined>>();
  const accepted = (header: string) => {
    let set = acceptedCache.get(header);
    if (!set) {
      set = acceptedEncodings(header);
      if (acceptedCache.size < 256) acceptedCache.set(header, set);
    }
    return set;
  };

  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const asset = common && (req.method === 'GET' || req.method === 'HEAD') && !url.includes('%') && !isAppPath(path) ? site.find(path) : undefined;
    if (!asset || !common) return next(req, res);

    const encoding = pickEncoding(asset, accepted(req.headers['accept-encoding'] ?? ''));
    const variant = variantOf(asset, encoding, common);
    // While draining, a kept-alive client is told to take its next request elsewhere.
    const closing = draining?.() ? CLOSE : undefined;
    let status = 200;
    if (matchesEtag(req.headers['if-none-match'], variant.etag)) {
      status = 304;
      res.writeHead(304, closing ? [...variant.notModified, ...closing] : variant.notModified);
      res.end();
    } else {
      res.writeHead(200, closing ? [...variant.ok, ...closing] : variant.ok);
      res.end(req.method === 'HEAD' ? undefined : variant.body);
    }
    // The request log's line, as requestLog writes it; the id is the log's own (the app's answer
    // for a built file carries none either: serveAsset's Response replaces the one it set).
    const ms = performance.now() - started;
    const method = req.method as 'GET' | 'HEAD';
    // The asset's own key, the same text as the request's path (it was found by it), but one
    // the log's batch can hold without keeping a young string alive.
    log.request(method, asset.path, status, ms);
    onServed?.(method, status, ms / 1000);
  };
}
