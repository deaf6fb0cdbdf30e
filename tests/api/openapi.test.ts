import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

let t: TestApp;
let staff: Agent;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'staff@shannon-insurance.ie', password: 'a long test password' });
  staff = agent(t);
  await staff.call('POST', '/api/v1/auth/login', { email: 'staff@shannon-insurance.ie', password: 'a long test password' });
});
afterAll(() => t.test.drop());

type Document = { openapi: string; paths: Record<string, Record<string, { tags?: string[]; summary?: string; responses: Record<string, unknown> }>> };

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
    expect(page.match(/<h3 id=/g)?.length).toBe(operations);
  });
});
