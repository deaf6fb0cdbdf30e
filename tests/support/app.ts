import { randomBytes } from 'node:crypto';
import { createApp } from '#src/server/app.ts';
import { loadConfig, type Config } from '#src/server/config.ts';
import { createLogger } from '#src/server/log.ts';
import type { StaticSite } from '#src/server/static-site.ts';
import type { ObjectStore } from '#src/server/storage/object-store.ts';
import { freshDatabase, type TestDatabase } from './database.ts';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  config: Config;
  /** The key the app seals secrets with (two-factor, webhook signing): a job run beside it needs the same. */
  secretKey: Buffer;
  test: TestDatabase;
  /** JSON request helper: `call('POST', '/api/v1/contacts/create', body)`. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
};

export async function makeTestApp(options: { env?: Record<string, string>; site?: StaticSite | null; objects?: ObjectStore } = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const test = await freshDatabase();
  const secretKey = randomBytes(32);
  const app = createApp({
    config,
    db: test.database.db,
    log: createLogger('silent'),
    site: options.site ?? null,
    secretKey,
    objects: options.objects,
  });
  return {
    app,
    config,
    secretKey,
    test,
    call: (method, path, body, headers = {}) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
  };
}
