import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import { type RedirectInput, RedirectInputSchema, RedirectListQuerySchema, RedirectViewSchema } from '#src/schemas/redirect.ts';
import type { AppEnv } from '../app-env.ts';
import { requireStaff, staffOnly } from '../auth/session.ts';
import { listRequest } from '../db/keyset.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { createRedirect, deleteRedirect, findRedirect, listRedirects, NO_SUCH_REDIRECT, updateRedirect } from './queries.ts';
import { whyNotRedirectable } from './served.ts';
import { toRedirectView } from './views.ts';

const tags = ['Redirects'];
const redirectAnswer = okEnvelope({ redirect: RedirectViewSchema });

/** A redirect from an address the site answers would never be used: refused with the reason. */
async function refuseServed(c: Parameters<typeof whyNotRedirectable>[0], input: RedirectInput): Promise<void> {
  const why = await whyNotRedirectable(c, input.from);
  if (why) throw new HttpError(400, why, [{ field: 'from', message: why }]);
}

/**
 * `/api/v1/redirects` (an addition to the spec): old addresses of the site sent on to new ones,
 * with how often each was used. A published post's new slug records one by itself.
 */
export const redirectRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'List redirects, newest first: with words in either address, made by staff or by a post’s new slug',
      responses: {
        200: answers('One page of redirects', okEnvelope({ redirects: v.array(RedirectViewSchema), ...listPageInfoEntries })),
        ...failures(400, 401),
      },
    }),
    staffOnly,
    validate('query', RedirectListQuerySchema),
    async (c) => {
      const { page, page_size, cursor, ...filter } = c.req.valid('query');
      const paging = listRequest({ page, page_size, cursor }, c.var.config);
      const list = await listRedirects(c.var.db, filter, paging);
      return sendOk(c, 'Redirects', { redirects: list.rows.map(toRedirectView), ...listPageInfo(paging, list) });
    },
  )
  .get(
    '/get/:id',
    describeRoute({ tags, summary: 'One redirect', responses: { 200: answers('The redirect', redirectAnswer), ...failures(401, 404) } }),
    staffOnly,
    async (c) => sendOk(c, 'Redirect', { redirect: toRedirectView(await findRedirect(c.var.db, uuidParam(c, 'id', NO_SUCH_REDIRECT))) }),
  )
  .post(
    '/create',
    describeRoute({
      tags,
      summary: 'Send an old address of the site to another (301 or 302); refused for a page the site has, another site, a loop or a chain',
      responses: { 201: answers('Created', redirectAnswer), ...failures(400, 401, 409) },
    }),
    staffOnly,
    validate('json', RedirectInputSchema),
    async (c) => {
      const actor = requireStaff(c).user;
      const input = c.req.valid('json');
      await refuseServed(c, input);
      const row = await createRedirect(c.var.db, input, actor.id);
      return sendOk(c, 'Redirect created.', { redirect: toRedirectView(row) }, 201);
    },
  )
  .put(
    '/update/:id',
    describeRoute({
      tags,
      summary: 'Change a redirect, under the same rules',
      responses: { 200: answers('Changed', redirectAnswer), ...failures(400, 401, 404, 409) },
    }),
    staffOnly,
    validate('json', RedirectInputSchema),
    async (c) => {
      const actor = requireStaff(c).user;
      const id = uuidParam(c, 'id', NO_SUCH_REDIRECT);
      const input = c.req.valid('json');
      await refuseServed(c, input);
      const row = await updateRedirect(c.var.db, id, input, actor.id);
      return sendOk(c, 'Redirect saved.', { redirect: toRedirectView(row) });
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete a redirect: its old address then goes home, as any unknown address does',
      responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 404) },
    }),
    staffOnly,
    async (c) => {
      const actor = requireStaff(c).user;
      await deleteRedirect(c.var.db, uuidParam(c, 'id', NO_SUCH_REDIRECT), actor.id);
      return sendOk(c, 'Redirect deleted.', {});
    },
  );
