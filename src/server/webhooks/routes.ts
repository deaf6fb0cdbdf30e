import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import {
  WEBHOOK_MESSAGES,
  WebhookAttemptViewSchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryViewSchema,
  webhookEndpointInput,
  webhookEndpointUpdate,
  WebhookEndpointViewSchema,
} from '#src/schemas/webhook.ts';
import type { AppEnv } from '../app-env.ts';
import { adminOnly, requireAdmin } from '../auth/session.ts';
import { listRequest } from '../db/keyset.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  NO_SUCH_DELIVERY,
  NO_SUCH_ENDPOINT,
  redeliver,
  retryDeliveryNow,
  rotateEndpointSecret,
  updateEndpoint,
} from './queries.ts';
import { toWebhookAttemptView, toWebhookDeliveryView, toWebhookEndpointView } from './views.ts';

const tags = ['Webhooks'];
const endpointAnswer = okEnvelope({ endpoint: WebhookEndpointViewSchema });
const withSecret = okEnvelope({ endpoint: WebhookEndpointViewSchema, secret: v.string() });

/**
 * The schemas take http:// too; it is refused here unless WEBHOOKS_ALLOW_PRIVATE (development
 * and tests), so the form's https-only schema and the server agree in production.
 */
function refusePlainHttp(c: Context<AppEnv>, url: string | undefined) {
  if (url && !c.var.config.webhooksAllowPrivate && new URL(url).protocol !== 'https:') {
    throw new HttpError(400, WEBHOOK_MESSAGES.notHttps, [{ field: 'url', message: WEBHOOK_MESSAGES.notHttps }]);
  }
}

/**
 * `/api/v1/webhooks` (an addition to the spec): the endpoints the broker's other systems are
 * told of events at, and each one's delivery log. Administrators only.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'Every webhook endpoint, newest first',
      responses: { 200: answers('The endpoints', okEnvelope({ endpoints: v.array(WebhookEndpointViewSchema) })), ...failures(401, 403) },
    }),
    adminOnly,
    async (c) => sendOk(c, 'Webhook endpoints', { endpoints: (await listEndpoints(c.var.db)).map(toWebhookEndpointView) }),
  )
  .get(
    '/get/:id',
    describeRoute({ tags, summary: 'One webhook endpoint', responses: { 200: answers('The endpoint', endpointAnswer), ...failures(401, 403, 404) } }),
    adminOnly,
    async (c) => sendOk(c, 'Webhook endpoint', { endpoint: toWebhookEndpointView(await findEndpoint(c.var.db, uuidParam(c, 'id', NO_SUCH_ENDPOINT))) }),
  )
  .post(
    '/create',
    describeRoute({
      tags,
      summary: 'Add an endpoint: its signing secret is in this answer only',
      responses: { 201: answers('Created, with its secret', withSecret), ...failures(400, 401, 403) },
    }),
    adminOnly,
    validate('json', webhookEndpointInput(true)),
    async (c) => {
      const actor = requireAdmin(c).user;
      const input = c.req.valid('json');
      refusePlainHttp(c, input.url);
      const { row, secret } = await createEndpoint(c.var.db, actor.id, c.var.secretKey, input);
      return sendOk(c, 'Webhook added.', { endpoint: toWebhookEndpointView(row), secret }, 201);
    },
  )
  .put(
    '/update/:id',
    describeRoute({
      tags,
      summary: 'Change an endpoint’s address, description or events, or turn it off or on',
      responses: { 200: answers('Changed', endpointAnswer), ...failures(400, 401, 403, 404) },
    }),
    adminOnly,
    validate('json', webhookEndpointUpdate(true)),
    async (c) => {
      const actor = requireAdmin(c).user;
      const change = c.req.valid('json');
      refusePlainHttp(c, change.url);
      const row = await updateEndpoint(c.var.db, actor.id, uuidParam(c, 'id', NO_SUCH_ENDPOINT), change);
      return sendOk(c, 'Webhook saved.', { endpoint: toWebhookEndpointView(row) });
    },
  )
  .post(
    '/rotate-secret/:id',
    describeRoute({
      tags,
      summary: 'Replace an endpoint’s signing secret: the new one is in this answer only, and signs every delivery from now on',
      responses: { 200: answers('Replaced, with the new secret', withSecret), ...failures(401, 403, 404) },
    }),
    adminOnly,
    async (c) => {
      const actor = requireAdmin(c).user;
      const { row, secret } = await rotateEndpointSecret(c.var.db, actor.id, c.var.secretKey, uuidParam(c, 'id', NO_SUCH_ENDPOINT));
      return sendOk(c, 'Signing secret replaced.', { endpoint: toWebhookEndpointView(row), secret });
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete an endpoint and its delivery log',
      responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 403, 404) },
    }),
    adminOnly,
    async (c) => {
      const actor = requireAdmin(c).user;
      await deleteEndpoint(c.var.db, actor.id, uuidParam(c, 'id', NO_SUCH_ENDPOINT));
      return sendOk(c, 'Webhook deleted.', {});
    },
  )
  .get(
    '/deliveries/:id',
    describeRoute({
      tags,
      summary: 'One endpoint’s delivery log, newest first, with each answer',
      responses: {
        200: answers('One page of deliveries', okEnvelope({ deliveries: v.array(WebhookDeliveryViewSchema), ...listPageInfoEntries })),
        ...failures(400, 401, 403, 404),
      },
    }),
    adminOnly,
    validate('query', WebhookDeliveryListQuerySchema),
    async (c) => {
      const endpoint = await findEndpoint(c.var.db, uuidParam(c, 'id', NO_SUCH_ENDPOINT));
      const { page, page_size, cursor, status } = c.req.valid('query');
      const paging = listRequest({ page, page_size, cursor }, c.var.config);
      const list = await listDeliveries(c.var.db, endpoint.id, status, paging);
      return sendOk(c, 'Webhook deliveries', { deliveries: list.rows.map(toWebhookDeliveryView), ...listPageInfo(paging, list) });
    },
  )
  .get(
    '/attempts/:id',
    describeRoute({
      tags,
      summary: 'Every attempt at one delivery, newest first: when, the answer (status and its start) or the error, and how long it took',
      responses: { 200: answers('The attempts', okEnvelope({ attempts: v.array(WebhookAttemptViewSchema) })), ...failures(401, 403, 404) },
    }),
    adminOnly,
    async (c) => {
      const attempts = await listAttempts(c.var.db, uuidParam(c, 'id', NO_SUCH_DELIVERY));
      return sendOk(c, 'Delivery attempts', { attempts: attempts.map(toWebhookAttemptView) });
    },
  )
  .post(
    '/redeliver/:id',
    describeRoute({
      tags,
      summary: 'Send a delivery again, with the same webhook-id and payload, as a new entry in the log',
      responses: { 201: answers('Queued', okEnvelope({ delivery: WebhookDeliveryViewSchema })), ...failures(401, 403, 404) },
    }),
    adminOnly,
    async (c) => {
      const actor = requireAdmin(c).user;
      const row = await redeliver(c.var.db, actor.id, uuidParam(c, 'id', NO_SUCH_DELIVERY));
      return sendOk(c, 'Delivery queued again.', { delivery: toWebhookDeliveryView(row) }, 201);
    },
  )
  .post(
    '/retry-now/:id',
    describeRoute({
      tags,
      summary: 'Try a retrying or failed delivery again now, as the same entry in the log; refused while it is being sent or once delivered',
      responses: { 200: answers('Due now', okEnvelope({ delivery: WebhookDeliveryViewSchema })), ...failures(401, 403, 404, 409) },
    }),
    adminOnly,
    async (c) => {
      const actor = requireAdmin(c).user;
      const row = await retryDeliveryNow(c.var.db, actor.id, uuidParam(c, 'id', NO_SUCH_DELIVERY));
      return sendOk(c, 'Retrying now.', { delivery: toWebhookDeliveryView(row) });
    },
  );
