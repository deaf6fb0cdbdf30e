import type { Env, Hono, Schema } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { toJsonSchema } from '@valibot/to-json-schema';
import { FailEnvelopeSchema } from '#src/schemas/envelope.ts';
import { WEBHOOK_EVENT_LABELS, webhookEvents } from '#src/schemas/webhook.ts';
import { WEBHOOK_EXAMPLES, webhookMessageSchema } from '#src/schemas/webhook-payloads.ts';
import { UPLOADS_PATH } from '../storage/upload-address.ts';
import { BEARER_SCHEME, SESSION_SCHEME } from '../http/describe.ts';

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;

/** The API's areas, in the order the reference page lists them. */
export const API_TAGS = [
  { name: 'Auth', description: 'Signing in and out, two-factor, password reset, the signed-in user.' },
  { name: 'Users', description: 'Back-office accounts (administrators manage everyone; a user, themselves).' },
  { name: 'Invitations', description: 'Inviting a person to the staff by email with a role; they set their own name, password and two-factor.' },
  {
    name: 'API tokens',
    description:
      'Tokens for the broker’s other systems, sent as `Authorization: Bearer sci_…`: scoped, expiring, revocable, shown once. Endpoints a token may reach list `apiToken` with its scope under security.',
  },
  {
    name: 'Contacts',
    description: 'Callbacks: requests to be rung back, from the public form, and the staff list of them (the path keeps its first name, contacts).',
  },
  { name: 'Leads', description: 'Quote and renewal requests, their notes, history, documents and CSV export.' },
  { name: 'Dashboard', description: 'What came in and what needs attention, for the back-office’s first screen.' },
  { name: 'Audit log', description: 'Who did what to which record and when, with CSV export (Administrators only).' },
  { name: 'Posts', description: 'Blog posts: the public list and pages, and editing for staff.' },
  { name: 'Content', description: 'The site’s editable copy (CMS): sections, elements, their history, and publishing with a site rebuild.' },
  {
    name: 'Media library',
    description: 'Every image and video staff uploaded: alt text, caption, where each is used, replace everywhere, delete once unused.',
  },
  {
    name: 'Webhooks',
    description: 'Endpoints of the broker’s other systems told of events, signed as Standard Webhooks describes, with each endpoint’s delivery log.',
  },
  { name: 'Redirects', description: 'Old addresses of the site sent on to new ones (301 or 302), with their hits; a published post’s new slug records one.' },
  { name: 'Mail', description: 'The outbox: every mail the site sends, its attempts and errors, and sending again.' },
  { name: 'Search', description: 'The back-office’s search across every area the caller may use, and the navigation’s counts.' },
  { name: 'Privacy requests', description: 'Data-subject requests (access, erasure) and their deadlines.' },
  { name: 'Uploads', description: 'Resumable (tus) uploads: post images, and a visitor’s quote document.' },
  { name: 'Public forms', description: 'The human check and the reference lists the forms use.' },
  { name: 'Health', description: 'Liveness and readiness for load balancers.' },
  { name: 'Reference', description: 'This description of the API.' },
];

type Options = NonNullable<Parameters<typeof generateSpecs>[1]>;

/** A validator's failure is our usual 400 envelope, not hono-openapi's default shape. */
const invalidInput = {
  description: 'The input is not valid: `errors` lists each field with its message.',
  content: { 'application/json': { schema: toJsonSchema(FailEnvelopeSchema) } },
} as Options['defaultValidationErrorResponse'];

const tus = (summary: string, status: string, description: string) => ({
  tags: ['Uploads'],
  summary,
  parameters: [{ in: 'header', name: 'Tus-Resumable', required: true, schema: { type: 'string', const: '1.0.0' } }],
  responses: { [status]: { description }, '4XX': { description: 'Refused, in the usual envelope (`errors` names the file)' } },
});

/**
 * The tus endpoint (src/server/storage/uploads.ts) speaks a protocol of headers rather than
 * JSON routes, so it is described here by hand.
 */
const uploadPaths = {
  [UPLOADS_PATH]: {
    post: tus(
      'Start a resumable upload (Upload-Length, Upload-Metadata with purpose "post-image" or "content-video" (staff; 100 MB) or "lead-file" (anyone, 10 MB) and filename)',
      '201',
      'Created; Location names the upload',
    ),
  },
  [`${UPLOADS_PATH}/{id}`]: {
    head: tus('The offset reached so far (Upload-Offset), to resume after a dropped connection', '200', 'The offset'),
    patch: tus('Send the next chunk (10 MB at most); the last one answers with `image` or `file`', '204', 'Stored; or 200 with the finished upload'),
    delete: tus('Abandon an upload', '204', 'Deleted'),
  },
} as NonNullable<NonNullable<Options['documentation']>['paths']>;

const signatureHeaders = [
  ['webhook-id', 'The message’s id (`msg_…`): the same when a delivery is sent again, so a receiver can drop a repeat', 'msg_2b0c9f6e4d1a4c7e9b7f0e3a5d6c8b1a'],
  ['webhook-timestamp', 'When it was signed, in seconds since 1970; refuse one far from your clock', '1796035337'],
  [
    'webhook-signature',
    '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the endpoint’s secret',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ],
].map(([name, description, example]) => ({ in: 'header', name, required: true, description, schema: { type: 'string' }, example }));

/**
 * What the site sends to an Administrator's endpoints (OpenAPI 3.1's `webhooks`): one POST per
 * event, its body described by the schema the server builds it to, with an example.
 */
const webhookOperations = Object.fromEntries(
  webhookEvents.map((event) => [
    event,
    {
      post: {
        tags: ['Webhooks'],
        summary: WEBHOOK_EVENT_LABELS[event],
        description: 'Signed as Standard Webhooks describes; answer any 2xx within 15 seconds. A failure is tried again with backoff.',
        parameters: signatureHeaders,
        requestBody: {
          required: true,
          content: { 'application/json': { schema: toJsonSchema(webhookMessageSchema(event)), example: WEBHOOK_EXAMPLES[event] } },
        },
        responses: { '2XX': { description: 'Received' } },
      },
    },
  ]),
) as NonNullable<NonNullable<Options['documentation']>['webhooks']>;

/** Options for hono-openapi: every described route under /api/v1, in our own envelope. */
const options = {
  documentation: {
    info: {
      title: 'Shannon Commercial Insurance API',
      version: '1',
      description:
        'Every response is a JSON object with `ok`, `message` and `errors` (a list of `{ field, message }`), and a truthful status. Writes take JSON only and must come from our own pages; staff endpoints need a signed-in session (cookie). A few endpoints also take an API token (`Authorization: Bearer sci_…`) with the scope they list under security; a token reaches nothing else (403), and an unknown, expired or revoked one gets 401.',
    },
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'The back-office session (`__Host-sid` over HTTPS), set by signing in (and two-factor, when on).',
        },
        [BEARER_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token made on the back-office’s API tokens screen, e.g. `Authorization: Bearer sci_Ab3dEf6hIj9k_…`. Scopes: `callbacks:read` (list and read callbacks), `leads:read` (list and read quotes and renewals), `status:write` (move a callback, quote or renewal along the pipeline). It acts as the staff member who made it, with their role; 120 requests a minute per token.',
        },
      },
    },
    tags: API_TAGS,
    paths: uploadPaths,
    webhooks: webhookOperations,
  },
  // The app also serves pages, media and feeds; only the JSON API is described.
  exclude: [/^(?!\/api\/v1\/)/],
  // `/api/v1/openapi.json` is a route, not a static file.
  excludeStaticFile: false,
  defaultValidationErrorResponse: invalidInput,
} satisfies Options;

const documents = new WeakMap<object, Promise<OpenApiDocument>>();

/** The OpenAPI 3.1 document of an app, made once from its route declarations (describeRoute, validate). */
export function openApiDocument<E extends Env, S extends Schema, P extends string>(app: Hono<E, S, P>): Promise<OpenApiDocument> {
  let document = documents.get(app);
  if (!document) {
    document = generateSpecs(app, options);
    documents.set(app, document);
  }
  return document;
}
