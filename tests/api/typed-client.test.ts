import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import * as v from 'valibot';
import { hc } from 'hono/client';
import type { ApiType } from '#src/server/app.ts';
import { ApiError } from '#src/api/client.ts';
import { unwrap } from '#src/api/typed-client.ts';
import { ContactCreateSchema } from '#src/schemas/contact.ts';
import type { ContactDetailView } from '#src/schemas/contact-view.ts';
import { contacts } from '#src/server/db/schema.ts';
import { fieldErrors, INVALID_INPUT } from '#src/server/http/envelope.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { createUser } from '../support/agent.ts';

let t: TestApp;
let cookie = '';
/** The derived client, its requests answered by the in-process app. */
const clientFor = (headers: Record<string, string> = {}) =>
  hc<ApiType>('http://localhost/api/v1', {
    headers: { 'x-forwarded-for': '198.51.100.9', ...headers },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => t.app.request(input instanceof Request ? input : String(input), init),
  });

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'staff@shannon-insurance.ie', password: 'a long test password' });
  const login = await t.call('POST', '/api/v1/auth/login', { email: 'staff@shannon-insurance.ie', password: 'a long test password' });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await t.test.database.db
    .insert(contacts)
    .values({ name: 'Caller', email: 'caller@example.ie', phone: '0871234567', subject: 'Van insurance for convicted drivers', message: 'Hello' });
});
afterAll(() => t.test.drop());

describe('the client derived from the routes (hc<ApiType>)', () => {
  it('reads a typed body through unwrap', async () => {
    const client = clientFor({ cookie });
    const { contacts: list, total_items } = await unwrap(client.contacts.$get({ query: { page: '0', page_size: '10' } }));
    expect(total_items).toBe(1);
    const one = await unwrap(client.contacts.get[':id'].$get({ param: { id: list[0]?._id ?? '' } }));
    expect(one.contact.message).toBe('Hello');
    // The body's type comes from the route's declaration, not from a hand-written copy.
    expectTypeOf(one.contact).toEqualTypeOf<ContactDetailView>();
    expectTypeOf(total_items).toEqualTypeOf<number>();
  });

  it('throws ApiError with the server status and message', async () => {
    const failure = await unwrap(clientFor().contacts.$get({ query: {} })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401 });
  });
});

describe('the validator hook', () => {
  it('answers a body that fails its schema with the 400 envelope readBody gave, one error per field', async () => {
    const body = { name: '', email: 'not an address', phone: '1', subject: '', message: '' };
    const res = await t.call('POST', '/api/v1/contacts/create', body, { 'x-forwarded-for': '198.51.100.10' });
    expect(res.status).toBe(400);
    const result = v.safeParse(ContactCreateSchema, body);
    expect(result.success).toBe(false);
    expect(await res.json()).toEqual({ ok: false, message: INVALID_INPUT, errors: fieldErrors(result.issues ?? []) });
  });

  it('answers a query that fails its schema the same way', async () => {
    const res = await t.app.request('/api/v1/contacts?page=first', { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, message: INVALID_INPUT, errors: [{ field: 'page', message: 'Must be a whole number' }] });
  });

  it('keeps the messages for a body that is not JSON, or not an object', async () => {
    const notJson = await t.call('POST', '/api/v1/contacts/create', '{"name":', { 'x-forwarded-for': '198.51.100.11' });
    expect(await notJson.json()).toEqual({ ok: false, message: 'The request body is not valid JSON.', errors: [] });
    const list = await t.call('POST', '/api/v1/contacts/create', '[1]', { 'x-forwarded-for': '198.51.100.11' });
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual({ ok: false, message: 'The request body must be a JSON object.', errors: [] });
  });
});
