import { Hono, type Env, type Schema } from 'hono';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../app-env.ts';
import { staffOnly } from '../auth/session.ts';
import { failures } from '../http/describe.ts';
import { docsPage } from './docs-page.ts';
import { openApiDocument } from './document.ts';

const tags = ['Reference'];

/**
 * `GET /api/v1/openapi.json` (public: it says no more than the browser's own code does) and
 * `GET /api/v1/docs`, the readable reference, for signed-in staff only (signed out: the 401
 * envelope, like every staff endpoint). Both describe the whole app they are mounted in.
 */
export function openApiRoutes<E extends Env, S extends Schema, P extends string>(app: () => Hono<E, S, P>) {
  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      describeRoute({
        tags,
        summary: 'This API as an OpenAPI 3.1 document',
        responses: { 200: { description: 'The OpenAPI document', content: { 'application/json': {} } } },
      }),
      async (c) => c.json(await openApiDocument(app())),
    )
    .get(
      '/docs',
      describeRoute({
        tags,
        summary: 'This API as a readable page (signed-in staff)',
        responses: { 200: { description: 'The reference page', content: { 'text/html': {} } }, ...failures(401) },
      }),
      staffOnly,
      async (c) => c.html(await docsPage(await openApiDocument(app()))),
    );
}
