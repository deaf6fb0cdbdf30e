import { toJsonSchema } from '@valibot/to-json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentValueSchemas, contentFieldTypes } from '#src/schemas/content.ts';
import { seedContent } from '#src/server/content/seed.ts';
import { contentElements } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';

/**
 * Every JSON body the API takes, sent with each of its fields of the wrong kind (a number for a
 * text, a text for a list, an object or yes/no), by a signed-in administrator: each is refused
 * with a 400 in our own words, never a 500 and never the validation library's own wording.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type Document = { paths: Record<string, Record<string, Operation>> };

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** The JSON kinds a schema accepts ('integer' counts as a number); empty when it says nothing (any value). */
function kindsOf(schema: JsonSchema): Set<string> {
  const kinds = new Set<string>();
  for (const type of [schema.type ?? []].flat()) kinds.add(type === 'integer' ? 'number' : type);
  if ('const' in schema) kinds.add(kindOf(schema.const));
  for (const value of schema.enum ?? []) kinds.add(kindOf(value));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) for (const kind of kindsOf(branch)) kinds.add(kind);
  return kinds;
}

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * A value of a kind the schema does not accept: a number for a text, a text for anything else.
 * Undefined (the field left out) when the schema takes any value: nothing is wrong for it.
 */
function wrongFor(schema: JsonSchema): unknown {
  const kinds = kindsOf(schema);
  if (kinds.size === 0) return undefined;
  if (!kinds.has('string')) return 'not the right kind';
  if (!kinds.has('number')) return 12345;
  if (!kinds.has('boolean')) return true;
  return ['a list'];
}

/**
 * For each shape of the body (each variant, keeping its discriminating constant), every property
 * of the wrong kind; a shape with nothing to get wrong is not sent (it might be a valid request).
 */
function wrongBodies(schema: JsonSchema): Record<string, unknown>[] {
  const shapes = schema.oneOf ?? schema.anyOf ?? [schema];
  return shapes.flatMap((shape) => {
    const fields = Object.entries(shape.properties ?? {});
    const wrong = fields.filter(([, field]) => !('const' in field) && wrongFor(field) !== undefined);
    if (wrong.length === 0) return [];
    return [Object.fromEntries(fields.map(([name, field]) => [name, 'const' in field ? field.const : wrongFor(field)]))];
  });
}

/** Lead answers of the wrong kind: the form's fields are its own, not the OpenAPI document's. */
const wrongAnswers = (answers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(answers).map(([name, value]) => [name, typeof value === 'string' ? 12345 : 'not the right kind']));

let t: TestApp;
let admin: Agent;
/** Real records for the routes that look their record up before they read the body. */
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await seedContent(t.test.database.db);
  const password = 'a long test password';
  await createUser(t, { email: 'admin@shannon-insurance.ie', password, isAdmin: true });
  ids.users = await createUser(t, { email: 'staff@shannon-insurance.ie', password });
  admin = agent(t);
  expect((await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password })).status).toBe(200);
  const visitor = agent(t, '192.0.2.44');
  for (const [area, path, kind] of [
    ['quotes', '/api/v1/quotes/van/create', 'van'],
    ['renewals', '/api/v1/renewals/create', 'renewal'],
  ] as const) {
    const humanCheck = await solvedCheck(async (p) => (await t.call('GET', p)).json());
    const res = await visitor.call('POST', path, { ...validAnswers[kind], humanCheck });
    ids[area] = ((await res.json()) as { lead: { _id: string } }).lead._id;
  }
  const [element] = await t.test.database.db.select({ id: contentElements.id }).from(contentElements).limit(1);
  ids.cms = element!.id;
});

/** A route's address with a real record's id where there is one ('/api/v1/quotes/…' a request's), else an unknown id. */
const addressOf = (template: string) => {
  const area = /^\/api\/v1\/(\w+)\//.exec(template)?.[1] ?? '';
  return template.replace('{kind}', 'van').replace(/\{\w+\}/g, ids[area] ?? SOME_ID);
};
afterAll(() => t.test.drop());

type Sent = { route: string; body: unknown; status: number; text: string };

async function send(method: string, path: string, body: unknown, route = `${method} ${path}`): Promise<Sent> {
  const res = await admin.call(method, path, body);
  return { route, body, status: res.status, text: await res.text() };
}

function expectRefusedInOurWords(sent: Sent[]) {
  for (const { route, body, status, text } of sent) {
    const where = `${route} ${JSON.stringify(body)} → ${status} ${text}`;
    expect.soft(status, where).not.toBe(500);
    expect.soft(text, where).not.toMatch(/Invalid type|Expected/);
  }
}

describe('a body with fields of the wrong kind', () => {
  it('is refused in plain words by every route that takes JSON', async () => {
    const document = (await (await t.call('GET', '/api/v1/openapi.json')).json()) as Document;
    const sent: Sent[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['post', 'put', 'patch'].includes(method)) continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue;
        const path = addressOf(template);
        for (const body of wrongBodies(schema)) sent.push(await send(method.toUpperCase(), path, body));
      }
    }
    expect(sent.length).toBeGreaterThan(30);
    expectRefusedInOurWords(sent);
    // Refused before anything was done: none of them was taken as a valid request.
    for (const { route, status } of sent) expect.soft(status, route).toBeGreaterThanOrEqual(400);
  });

  it('is refused in plain words by a lead form, field by field', async () => {
    const sent: Sent[] = [];
    sent.push(await send('POST', '/api/v1/quotes/van/create', wrongAnswers(validAnswers.van)));
    sent.push(await send('POST', '/api/v1/renewals/create', wrongAnswers(validAnswers.renewal)));
    expectRefusedInOurWords(sent);
    for (const { status } of sent) expect(status).toBe(400);
  });

  it('is refused in plain words for a content value of another kind, whatever the element’s kind', async () => {
    const elements = await t.test.database.db
      .select({ id: contentElements.id, fieldType: contentElements.fieldType, sectionId: contentElements.sectionId })
      .from(contentElements);
    // The seed's copy may hold no link at a given time: one is added, as staff would, so the kind is always tried.
    if (!elements.some((row) => row.fieldType === 'link')) {
      const created = await admin.call('POST', '/api/v1/cms/element/create', {
        sectionId: elements[0]!.sectionId,
        name: 'A link for this test',
        fieldType: 'link',
        value: { url: '/van-insurance', label: 'Van insurance' },
      });
      expect(created.status).toBe(201);
      const { element } = (await created.json()) as { element: { id: string } };
      elements.push({ id: element.id, fieldType: 'link', sectionId: elements[0]!.sectionId });
    }
    const sent: Sent[] = [];
    for (const type of contentFieldTypes) {
      const element = elements.find((row) => row.fieldType === type);
      if (!element) continue;
      const value = wrongFor(toJsonSchema(contentValueSchemas[type], { errorMode: 'ignore' }) as JsonSchema);
      sent.push(await send('PUT', `/api/v1/cms/element/update/${element.id}`, { value }, `update of a ${type} element`));
    }
    expect(sent.map(({ route }) => route)).toContain('update of a link element');
    expectRefusedInOurWords(sent);
    for (const { status } of sent) expect(status).toBe(400);
  });
});
