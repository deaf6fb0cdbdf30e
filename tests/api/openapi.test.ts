import { Validator } from '@seriousme/openapi-schema-validator';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '#src/schemas/webhook.ts';
import { WEBHOOK_EXAMPLES, webhookMessageSchema } from '#src/schemas/webhook-payloads.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, signedInAs } from '../support/agent.ts';

let t: TestApp;
let staff: Agent;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staff = await signedInAs(t, 'staff@shannon-insurance.ie');
});
afterAll(() => t.test.drop());

type Document = { openapi: string; paths: Record<string, Record<string, { tags?: string[]; summary?: string; responses: Record<string, unknown> }>> };

/** Every route the app answers under /api/v1, as OpenAPI writes it (`:id` → `{id}`); tus's catch-all is documented by hand. */
function apiRoutes(): string[] {
  const routes = t.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/v1/'))
    .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)(\{[^/]*\})?/g, '{$1}')}`);
  return [...new Set(routes)].sort();
}

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await t.call('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as Document;
    expect(document.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route of the API, each with a summary, a tag and its responses', async () => {
    const document = (await (await t.call('GET', '/api/v1/openapi.json')).json()) as Document;
    const described = new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`)));
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.filter((route) => !described.has(route))).toEqual([]);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect.soft(operation.summary, `${method} ${path}`).toBeTruthy();
        expect.soft(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
  });

  it('describes a validated body and the envelope of its answers', async () => {
    const document = (await (await t.call('GET', '/api/v1/openapi.json')).json()) as Document & {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>;
    };
    const create = document.paths['/api/v1/contacts/create']?.post;
    expect(Object.keys(create?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'subject', 'message']),
    );
    expect(Object.keys(create?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '429']));
    expect(JSON.stringify(create?.responses['201'])).toContain('"contact"');
  });
});

describe('GET /api/v1/docs', () => {
  it('answers the 401 envelope to anyone signed out', async () => {
    const res = await agent(t).call('GET', '/api/v1/docs');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ ok: false, errors: [] });
  });

  it('renders the reference for staff as plain HTML with no script, under a strict policy', async () => {
    const res = await staff.call('GET', '/api/v1/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).not.toMatch(/<script/i);
    expect(page).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-[^"]+&#39;/);
    expect(page).toContain('<h2 id="tag-contacts">Contacts</h2>');
    expect(page).toContain('/api/v1/contacts/get/{id}');
    expect(page).toContain('Request a callback');
    // Each route of the document has its section.
    const document = (await (await t.call('GET', '/api/v1/openapi.json')).json()) as Document;
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    expect(page.match(/<h3 id=/g)?.length).toBe(operations + webhookEvents.length);
    // Each webhook event, with its data's fields and an example body.
    expect(page).toContain('<h3 id="event-quote-received">quote.received</h3>');
    expect(page).toContain('&quot;reference&quot;: &quot;VQ-2026-000123&quot;');
  });
});

describe('the webhooks of the OpenAPI document', () => {
  it('describe every event’s body, signed headers and an example that its own schema accepts', async () => {
    const document = (await (await t.call('GET', '/api/v1/openapi.json')).json()) as {
      webhooks: Record<string, { post: { parameters: { name: string }[]; requestBody: { content: Record<string, { schema: unknown; example: unknown }> } } }>;
    };
    expect(Object.keys(document.webhooks)).toEqual([...webhookEvents]);
    for (const event of webhookEvents) {
      const { parameters, requestBody } = document.webhooks[event]!.post;
      expect(parameters.map((parameter) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const { schema, example } = requestBody.content['application/json']!;
      expect(JSON.stringify(schema), event).toContain('"data"');
      expect(v.safeParse(webhookMessageSchema(event), example).issues, event).toBeUndefined();
      expect(example, event).toEqual(WEBHOOK_EXAMPLES[event]);
    }
  });
});
