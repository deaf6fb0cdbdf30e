import { and, eq, type SQL } from 'drizzle-orm';
import { Hono, type MiddlewareHandler } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ApiTokenCreateSchema, ApiTokenListQuerySchema, ApiTokenViewSchema } from '#src/schemas/api-token.ts';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import { can } from '#src/schemas/roles.ts';
import type { AppEnv } from '../app-env.ts';
import { personalDataOnly, requireAccess } from '../auth/session.ts';
import { listRequest } from '../db/keyset.ts';
import { apiTokens } from '../db/schema.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { uuidParam, uuidParamCheck } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { createApiToken, findApiToken, listApiTokens, NO_SUCH_API_TOKEN, revokeApiToken, statusFilter } from './queries.ts';
import { toApiTokenView } from './views.ts';

const tags = ['API tokens'];
const tokenAnswer = okEnvelope({ apiToken: ApiTokenViewSchema });
const NOT_YOURS = 'You can only manage your own API tokens.';

/** An Administrator manages every token; a Broker only their own (checked before anything else). */
const ownOrAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const actor = requireAccess(c, 'personalData').user;
  const row = await findApiToken(c.var.db, uuidParam(c, 'id', NO_SUCH_API_TOKEN));
  if (row.userId !== actor.id && !can(actor.role, 'administration')) throw new HttpError(403, NOT_YOURS);
  await next();
};

const EXAMPLE_TOKEN = 'sci_Ab3dEf6hIj9k_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

/**
 * `/api/v1/api-tokens`: tokens for the broker's other systems (docs/how-to/use-the-api-with-a-token.md).
 * Made by Administrators and Brokers, whose role lets them read customers' data; managed only
 * with a signed-in session, never with a token.
 */
export const apiTokenRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'List API tokens (an Administrator sees everyone’s, a Broker their own), by `status` (active, expired, revoked), newest first',
      responses: {
        200: answers('One page of tokens, never their secrets', okEnvelope({ apiTokens: v.array(ApiTokenViewSchema), ...listPageInfoEntries })),
        ...failures(400, 401, 403),
      },
    }),
    personalDataOnly,
    validate('query', ApiTokenListQuerySchema),
    async (c) => {
      const actor = requireAccess(c, 'personalData').user;
      const { status, sort, ...pages } = c.req.valid('query');
      const paging = listRequest(pages, c.var.config);
      const filters: (SQL | undefined)[] = [statusFilter(status ?? '')];
      if (!can(actor.role, 'administration')) filters.push(eq(apiTokens.userId, actor.id));
      const page = await listApiTokens(c.var.db, and(...filters), paging, sort);
      return sendOk(c, 'API tokens', { apiTokens: page.rows.map((row) => toApiTokenView(row)), ...listPageInfo(paging, page) });
    },
  )
  .post(
    '/create',
    describeRoute({
      tags,
      summary: 'Make an API token with scopes and a lifetime; the token is in this answer only (Administrators and Brokers; audited)',
      responses: {
        201: answers('Made: keep `token` now, it is never shown again', okEnvelope({ apiToken: ApiTokenViewSchema, token: v.string() }), {
          ok: true,
          message: 'API token created. Copy it now: it is not shown again.',
          errors: [],
          token: EXAMPLE_TOKEN,
          apiToken: {
            id: '0b9a3c4e-8a55-4f57-9a1e-6f0c7d0b2a11',
            name: 'Broker management system',
            start: 'sci_Ab3dEf6hIj9k_…',
            scopes: ['leads:read', 'status:write'],
            status: 'active',
            owner: { id: '5d7c2f7e-0f6d-4c8e-9d7b-2b1b4c0e7a10', name: 'Aoife Byrne' },
            createdAt: '2026-11-29T09:00:00.000Z',
            expiresAt: '2027-02-27T09:00:00.000Z',
            lastUsedAt: null,
            revokedAt: null,
          },
        }),
        ...failures(400, 401, 403),
      },
    }),
    personalDataOnly,
    validate('json', ApiTokenCreateSchema),
    async (c) => {
      const actor = requireAccess(c, 'personalData').user;
      const { row, token } = await createApiToken(c.var.db, actor.id, c.req.valid('json'));
      return sendOk(c, 'API token created. Copy it now: it is not shown again.', { apiToken: toApiTokenView(row), token }, 201);
    },
  )
  .get(
    '/get/:id',
    describeRoute({
      tags,
      summary: 'One API token, never its secret (an Administrator any, a Broker their own)',
      responses: { 200: answers('The token', tokenAnswer), ...failures(401, 403, 404) },
    }),
    personalDataOnly,
    uuidParamCheck(NO_SUCH_API_TOKEN),
    ownOrAdmin,
    async (c) => sendOk(c, 'API token', { apiToken: toApiTokenView(await findApiToken(c.var.db, c.req.param('id'))) }),
  )
  .post(
    '/revoke/:id',
    describeRoute({
      tags,
      summary: 'Revoke an API token: it gets 401 from then on (an Administrator any, a Broker their own; audited)',
      responses: { 200: answers('Revoked', tokenAnswer), ...failures(401, 403, 404, 409) },
    }),
    personalDataOnly,
    uuidParamCheck(NO_SUCH_API_TOKEN),
    ownOrAdmin,
    async (c) => {
      const actor = requireAccess(c, 'personalData').user;
      const row = await revokeApiToken(c.var.db, actor.id, c.req.param('id'));
      return sendOk(c, 'API token revoked.', { apiToken: toApiTokenView(row) });
    },
  );
