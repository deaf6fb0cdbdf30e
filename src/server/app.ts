import { createServer, type RequestListener, type ServerOptions } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { contextStorage } from 'hono/context-storage';
import { compress } from 'hono/compress';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './log.ts';
import { HttpError, sendFail } from './http/envelope.ts';
import { sendUnavailable } from './http/unavailable.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { createDatabaseProbe } from './db/readiness.ts';
import { jsonOnly, limitBody, requestLog, sameOriginWrites } from './http/middleware.ts';
import { refuseControlCharactersInAddress, refuseControlCharactersInJson } from './http/input-guard.ts';
import { serveAsset, staticFastPath, type StaticSite } from './static-site.ts';
import { contactRoutes } from './contacts/routes.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { auditRoutes } from './audit-log/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { healthRoutes } from './routes/health.ts';
import { authRoutes } from './auth/routes.ts';
import { userRoutes } from './users/routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { apiTokenRoutes } from './api-tokens/routes.ts';
import { humanCheckRoutes } from './human-check/routes.ts';
import { postRoutes } from './posts/routes.ts';
import { leadRoutes } from './leads/routes.ts';
import { referenceDataRoutes } from './routes/reference-data.ts';
import { createUploadService, UPLOADS_PATH, type UploadService } from './storage/uploads.ts';
import { mediaRoutes } from './routes/media.ts';
import { mediaLibraryRoutes } from './media-library/routes.ts';
import { takeRedirect } from './redirects/queries.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { redirectRoutes } from './redirects/routes.ts';
import { previewRoutes } from './previews/routes.ts';
import { staysOnSite, upperEscapes, withoutTrailingSlashes } from '../schemas/redirect.ts';
import { PREVIEW_PREFIX, previewPageRoutes } from './routes/preview-pages.ts';
import type { PreviewService } from './content/preview.ts';
import { MEDIA_PREFIX } from './storage/media-store.ts';
import { StorageUnavailableError, type ObjectStore } from './storage/object-store.ts';
import { openObjectStore } from './storage/open-object-store.ts';
import { blogPageRoutes, isPostPagePath } from './routes/blog-pages.ts';
import { feedRoutes } from './routes/feed.ts';
import { sitemapRoutes } from './routes/sitemap.ts';
import { pageOfBlogListPath } from '#src/lib/blog.ts';
import { loadSession } from './auth/session.ts';
import { contentRoutes } from './content/routes.ts';
import type { Drain } from './ops/drain.ts';
import { METRICS_PATH, type Metrics } from './ops/metrics.ts';
import { safeError, stackFrames } from './log-safe-error.ts';
import { reportError } from './ops/error-reporting.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  log: Logger;
  site: StaticSite | null;
  secretKey: Buffer;
  /** Where uploads are kept; made from the config when not given (main.ts checks it at start-up and shares it). */
  objects?: ObjectStore;
  /** The resumable-upload endpoint; made from the config when not given (main.ts shares it with the cleanup job). */
  uploads?: UploadService;
  /** Counts requests in hand for a graceful shutdown and turns readiness 503 while it drains (main.ts). */
  drain?: Drain;
  /** Request metrics and `GET /metrics` (main.ts makes one per process). */
  metrics?: Metrics;
  /** Draft previews for the page editor (main.ts makes them with the site builder); none in tests that do not build. */
  previews?: PreviewService | null;
};

/**
 * The JSON API's areas under /api/v1, one line each. Declared as one chain so their types add
 * up: the browser's client is derived from ApiType (src/api/typed-client.ts), and the OpenAPI
 * document from the same declarations.
 */
const apiAreas = new Hono<AppEnv>()
  .route('/contacts', contactRoutes)
  .route('/auth', authRoutes)
  .route('/users', userRoutes)
  .route('/invitations', invitationRoutes)
  .route('/api-tokens', apiTokenRoutes)
  .route('/posts', postRoutes)
  .route('/', leadRoutes)
  .route('/challenge', humanCheckRoutes)
  .route('/', referenceDataRoutes)
  .route('/cms', contentRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/audit', auditRoutes)
  .route('/privacy', privacyRoutes)
  .route('/mail', mailRoutes)
  .route('/media', mediaLibraryRoutes)
  .route('/redirects', redirectRoutes)
  .route('/webhooks', webhookRoutes)
  .route('/previews', previewRoutes)
  .route('/search', searchRoutes);

export type ApiType = typeof apiAreas;

const securityHeaders = secureHeaders({
  // Scripts and styles are pinned by the hashes Astro writes into each page's CSP meta
  // element; the header adds what a meta element cannot say. Only the site itself may frame
  // its pages: the back-office previews a draft in the site's own page, no one else can.
  contentSecurityPolicy: { frameAncestors: ["'self'"], objectSrc: ["'none'"], baseUri: ["'self'"], formAction: ["'self'"] },
  xFrameOptions: 'SAMEORIGIN',
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
});

/** The headers securityHeaders adds to every answer, read from the middleware itself, so the static fast path sends the very same. */
async function appHeaders(): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use(securityHeaders);
  probe.get('*', (c) => c.body(null));
  return Object.fromEntries((await probe.request('/')).headers);
}

/** Paths this app's own routes answer, never the built site's files directly (a post page waits for the database). */
const isAppPath = (path: string) =>
  path === '/api' ||
  path.startsWith('/api/') ||
  path.startsWith(MEDIA_PREFIX) ||
  path.startsWith(`${PREVIEW_PREFIX}/`) ||
  path === '/rss.xml' ||
  path === '/sitemap.xml' ||
  (isPostPagePath(path) && !pageOfBlogListPath(path));

/**
 * main.ts's HTTP server (serve's `createServer`): a GET or HEAD of a built file is answered
 * ahead of the app by static-site.ts's fast path, with the app's own headers; the rest by the app.
 */
export const createServerWithStaticFastPath = ({ site, log, metrics, drain }: Pick<AppDeps, 'site' | 'log' | 'metrics' | 'drain'>) =>
  ((options: ServerOptions, appListener: RequestListener) =>
    createServer(
      // A request with no Content-Length or Transfer-Encoding has no body (RFC 9112 6.3): node
      // then hands it over already ended, without the readable stream's data, end and close
      // events and their ticks, which cost a GET of a built file more than its own answer.
      // The app reads a body only from requests that declare one, as every POST, PUT and PATCH does.
      { optimizeEmptyRequests: true, ...options },
      site
        ? staticFastPath(site, appListener, {
            appHeaders: appHeaders(),
            isAppPath,
            log,
            onServed: metrics?.recordStaticFile,
            draining: drain && (() => drain.draining),
          })
        : appListener,
    )) as typeof createServer;

/**
 * The API's reads (lists, exports, a post's body) and downloads are worth compressing. Its
 * other writes answer a short envelope whose length c.json does not state, so compress()
 * would gzip a few hundred bytes through a CompressionStream on every form post.
 */
const compressAnswer = compress();
const compressReads: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'GET') return compressAnswer(c, next);
  await next();
  // A download asked for by POST (chosen rows as CSV, a subject-access export): compressed as a read is.
  if (c.res.headers.has('content-disposition')) await compressAnswer(c, async () => {});
};

/** Paths answered with the admin island's page; the island routes them in the browser. */
export function isAdminPath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/') || path === '/verifypasswordreset';
}

/** Where the build's hashed scripts and styles live; a name there that the build lacks is gone for good. */
const BUILD_ASSETS_PREFIX = '/_astro/';

/** How long a browser or CDN may keep a permanent redirect: long enough to spare the app, short enough that a corrected one takes over within minutes. */
const PERMANENT_REDIRECT_CACHE = 'public, max-age=600';

/** The visit's query (a campaign's utm_ tags) carried on, unless the target has its own; before any #fragment. */
function withQuery(target: string, query: string): string {
  if (!query || target.includes('?')) return target;
  const hash = target.indexOf('#');
  return hash === -1 ? `${target}${query}` : `${target.slice(0, hash)}${query}${target.slice(hash)}`;
}

/**
 * An address we do not serve: a JSON 404 under /api; a missing build file a plain 404 (after a
 * redeploy an old page asks for chunks the new build lacks, and home's HTML in their place
 * would fail silently); a page address with a redirect goes where staff (or a post's new slug)
 * sent it, keeping the visit's query; any other sends the visitor home.
 */
async function unknownAddress(c: Context<AppEnv>): Promise<Response> {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return sendFail(c, 404, 'There is no such API endpoint.');
  if (c.req.path.startsWith(BUILD_ASSETS_PREFIX)) {
    c.header('cache-control', 'no-store');
    return c.text('Not found.', 404);
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return sendFail(c, 404, 'Not found.');
  // As the browser sent it, percent-encoded, as redirects are stored (c.req.path is decoded).
  const url = new URL(c.req.url);
  const path = upperEscapes(withoutTrailingSlashes(url.pathname));
  const redirect =
    path === '/' || path === ''
      ? null
      : await takeRedirect(c.var.db, path).catch((error: unknown) => {
          c.var.log.error('redirect lookup failed', { error: safeError(error) });
          return null;
        });
  // Never to another site, whatever is stored; with the database away, home as before redirects.
  if (!redirect || !staysOnSite(redirect.to)) return c.redirect('/', 302);
  c.header('cache-control', redirect.status === 301 ? PERMANENT_REDIRECT_CACHE : 'no-store');
  return c.redirect(withQuery(redirect.to, url.search), redirect.status === 301 ? 301 : 302);
}

export function createApp({
  config,
  db,
  log,
  site,
  secretKey,
  objects = openObjectStore(config),
  uploads = createUploadService(config, db, objects),
  drain,
  metrics,
  previews = null,
}: AppDeps) {
  // Not strict: the spec writes some list paths with a trailing slash (/api/v1/users/) and others without.
  const app = new Hono<AppEnv>({ strict: false });

  app.use(requestId());
  // Each request's context is reachable from code it calls (audit.ts reads the client's address there).
  app.use(contextStorage());
  if (metrics) app.use(metrics.middleware);
  app.use(requestLog(log));
  app.use(securityHeaders);
  app.use(async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    // The request's own logger: every line it writes carries the request id (X-Request-Id).
    c.set('log', log.child({ reqId: c.get('requestId') }));
    c.set('secretKey', secretKey);
    c.set('session', null);
    c.set('previews', previews);
    c.set('site', site);
    c.set('objects', objects);
    await next();
  });
  app.use(refuseControlCharactersInAddress(unknownAddress));
  if (drain) app.use(drain.middleware);

  // Health first, outside the API's middleware: no session lookup, nothing queued behind the database.
  if (metrics) app.route(METRICS_PATH, metrics.routes);
  app.route('/api/v1/health', healthRoutes({ probe: createDatabaseProbe(db), site: site ? 'loaded' : 'missing' }));

  // Uploads come before the JSON API's middleware: tus sends octet-stream chunks of 10 MB.
  app.route(UPLOADS_PATH, uploads.routes);
  app.route(MEDIA_PREFIX, mediaRoutes());
  app.route(PREVIEW_PREFIX, previewPageRoutes(previews));

  const api = new Hono<AppEnv>();
  api.use(compressReads, limitBody(), jsonOnly, sameOriginWrites([config.site.origin]), refuseControlCharactersInJson, loadSession);
  api.use(async (c, next) => {
    await next();
    // On the answer's own headers, as media.ts does: c.header() on an answer already made
    // rebuilds it (a web Response with its body as a stream, twice over), which cost every API
    // request the server's fast path for a plain body. The API's answers are made here, with
    // headers that can be changed (none is a fetch()'s).
    c.res.headers.set('cache-control', 'no-store');
  });
  api.route('/', apiAreas);
  api.route(
    '/',
    openApiRoutes(() => app),
  );
  app.route('/api/v1', api);

  app.route('/', feedRoutes);
  app.route('/', sitemapRoutes);
  if (site) app.route('/blog', blogPageRoutes(site));
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    // A post's page is served only after the database says the post is public (blogPageRoutes);
    // the list's own pages (/blog/page/N) are plain pages.
    if (!site || isAppPath(c.req.path)) return next();
    const asset = site.find(c.req.path) ?? (isAdminPath(c.req.path) ? site.adminPage : undefined);
    return asset ? serveAsset(c, asset) : next();
  });

  app.notFound(unknownAddress);

  // An error thrown before the request's logger was set (in the first middleware) still gets the id.
  const requestLogger = (c: Context<AppEnv>): Logger => (c.get('log') as Logger | undefined) ?? log.child({ reqId: c.get('requestId') });
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return sendFail(c, error.status, error.message, error.errors);
    }
    if (error instanceof HTTPException && error.status < 500) return sendFail(c, error.status, error.message || 'Bad request.');
    // The database went away (restart, failover, network): the request was fine, so it may be tried again.
    if (isDatabaseUnavailable(error)) {
      requestLogger(c).error('database unavailable', { error: safeError(error) });
      return sendUnavailable(c);
    }
    // Likewise the object store (a bucket away or refusing): what was being stored was removed or never written.
    if (error instanceof StorageUnavailableError) {
      log.error('object storage unavailable', { reqId: c.get('requestId'), error: safeError(error) });
      return sendUnavailable(c);
    }
    // The detail goes to the log under the request id, never to the client.
    requestLogger(c).error('unhandled error', { error: safeError(error), stack: stackFrames(error) });
    reportError(error, { reqId: c.get('requestId') });
    return sendFail(c, 500, 'Something went wrong on our side. Please try again later.');
  });

  return app;
}
