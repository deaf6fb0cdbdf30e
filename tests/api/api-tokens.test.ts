import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditLog, contacts, leads, users } from '#src/server/db/schema.ts';
import { leadForms } from '#src/schemas/leads/index.ts';
import type { ApiTokenScope } from '#src/schemas/api-token.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser } from '../support/agent.ts';
import { validAnswers } from '../support/lead-answers.ts';

/**
 * API tokens: made by Administrators and Brokers, shown once, stored hashed, revocable, and
 * accepted as `Authorization: Bearer` only where their scopes reach. The walk goes through
 * every route of the app, as the router lists them, with a token holding every scope: only the
 * scoped routes let it in, so a route added later is walked too.
 */

const PASSWORD = 'a long test password';
let t: TestApp;
let admin: Agent;
let broker: Agent;
let editor: Agent;
let brokerId: string;
const ids: Record<string, string> = {};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedIn(email: string, role: 'admin' | 'broker' | 'editor'): Promise<{ agent: Agent; id: string }> {
  const id = await createUser(t, { email, password: PASSWORD, role });
  const a = agent(t);
  expect((await a.call('POST', '/api/v1/auth/login', { email, password: PASSWORD })).status).toBe(200);
  return { agent: a, id };
}

async function makeToken(as: Agent, scopes: ApiTokenScope[], name = 'Broker system'): Promise<{ token: string; id: string }> {
  const res = await as.call('POST', '/api/v1/api-tokens/create', { name, scopes, expires_in_days: '30' });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { token: string; apiToken: { id: string } };
  return { token: body.token, id: body.apiToken.id };
}

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  admin = (await signedIn('admin@shannon-insurance.ie', 'admin')).agent;
  ({ agent: broker, id: brokerId } = await signedIn('broker@shannon-insurance.ie', 'broker'));
  editor = (await signedIn('editor@shannon-insurance.ie', 'editor')).agent;
  const { db } = t.test.database;
  const [contact] = await db
    .insert(contacts)
    .values({ name: 'Aine Token', email: 'aine@example.ie', phone: '0861111111', subject: 'Van insurance', message: 'Ring me' })
    .returning({ id: contacts.id });
  const answers = { ...validAnswers.van, firstName: 'Aine', lastName: 'Token', email: 'aine@example.ie' };
  const [lead] = await db
    .insert(leads)
    .values({ kind: 'van', reference: 'VQ-2026-000009', ...leadForms.van.summary(answers as never), answers })
    .returning({ id: leads.id });
  ids.contact = contact!.id;
  ids.lead = lead!.id;
}, 60_000);
afterAll(() => t.test.drop());

describe('making and listing tokens', () => {
  it('answers the token once, with a recognisable prefix, and stores only its hash', async () => {
    const res = await broker.call('POST', '/api/v1/api-tokens/create', { name: 'CRM', scopes: ['leads:read'], expires_in_days: '90' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; apiToken: { id: string; start: string; status: string; expiresAt: string } };
    expect(body.token).toMatch(/^sci_[A-Za-z0-9_-]{12}_[A-Za-z0-9_-]{43}$/);
    expect(body.apiToken.status).toBe('active');
    expect(body.token.startsWith(body.apiToken.start.replace('…', ''))).toBe(true);
    const days = (Date.parse(body.apiToken.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    const [row] = await t.test.database.db.select().from(apiTokens).where(eq(apiTokens.id, body.apiToken.id));
    // The secret is the last 43 characters; it may itself hold '_', so it is not split on one.
    expect(JSON.stringify(row)).not.toContain(body.token.slice(-43));
    // Never again: the list and the record show only the start.
    const list = await (await broker.call('GET', '/api/v1/api-tokens')).text();
    expect(list).not.toContain(body.token);
    const [entry] = await t.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `api-token:${body.apiToken.id}`));
    expect(entry).toMatchObject({ action: 'api token created', actorId: brokerId });
    // The audit log names the token as its screen does.
    const { entries } = (await (await admin.call('GET', '/api/v1/audit?page_size=100&activity=all')).json()) as {
      entries: { target: string | null; record: { name: string } | null }[];
    };
    expect(entries.find((logged) => logged.target === `api-token:${body.apiToken.id}`)?.record?.name).toBe('CRM');
  });

  it('checks the input with the form’s schema: a clear 400 for each field', async () => {
    const res = await broker.call('POST', '/api/v1/api-tokens/create', { name: '', scopes: ['users:write'], expires_in_days: '1000' });
    expect(res.status).toBe(400);
    const fields = ((await res.json()) as { errors: { field: string }[] }).errors.map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'expires_in_days']));
    expect(fields.some((field) => field.startsWith('scopes'))).toBe(true);
    const none = await broker.call('POST', '/api/v1/api-tokens/create', { name: 'x', scopes: [], expires_in_days: '7' });
    expect(none.status).toBe(400);
  });

  it('is refused to Editors (their role reads no customer data) and to the signed out', async () => {
    expect((await editor.call('POST', '/api/v1/api-tokens/create', { name: 'x', scopes: ['leads:read'], expires_in_days: '7' })).status).toBe(403);
    expect((await editor.call('GET', '/api/v1/api-tokens')).status).toBe(403);
    expect((await agent(t).call('GET', '/api/v1/api-tokens')).status).toBe(401);
  });

  it('a Broker sees and revokes only their own tokens; an Administrator any', async () => {
    const own = await makeToken(admin, ['callbacks:read'], 'Admin’s own');
    const brokers = (await (await broker.call('GET', '/api/v1/api-tokens')).json()) as { apiTokens: { id: string }[] };
    expect(brokers.apiTokens.map((token) => token.id)).not.toContain(own.id);
    expect((await broker.call('POST', `/api/v1/api-tokens/revoke/${own.id}`)).status).toBe(403);
    const mine = await makeToken(broker, ['callbacks:read']);
    expect((await admin.call('POST', `/api/v1/api-tokens/revoke/${mine.id}`)).status).toBe(200);
    expect((await admin.call('POST', `/api/v1/api-tokens/revoke/${mine.id}`)).status).toBe(409);
  });
});

describe('using a token', () => {
  it('reads quotes with the read scope, records the last use, and gets 401 once revoked', async () => {
    const { token, id } = await makeToken(broker, ['leads:read']);
    const res = await t.call('GET', '/api/v1/quotes', undefined, bearer(token));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { leads: { _id: string }[] }).leads).toHaveLength(1);
    expect((await t.call('GET', `/api/v1/renewals/get/${ids.lead}`, undefined, bearer(token))).status).toBe(404);
    expect((await t.call('GET', `/api/v1/quotes/van/get/${ids.lead}`, undefined, bearer(token))).status).toBe(200);
    // Its view of a customer's request is audited under its maker, naming the token.
    const views = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'lead viewed'));
    expect(views.at(-1)).toMatchObject({ actorId: brokerId, details: { apiToken: id } });
    const [row] = await t.test.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).not.toBeNull();

    expect((await broker.call('POST', `/api/v1/api-tokens/revoke/${id}`)).status).toBe(200);
    const after = await t.call('GET', '/api/v1/quotes', undefined, bearer(token));
    expect(after.status).toBe(401);
    expect(((await after.json()) as { message: string }).message).toMatch(/revoked/);
  });

  it('a wrong secret, an unknown or malformed token, and an expired one get 401', async () => {
    const { token, id } = await makeToken(broker, ['leads:read']);
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'sci_nope', 'not-a-token', `sci_AAAAAAAAAAAA_${'A'.repeat(43)}`]) {
      expect((await t.call('GET', '/api/v1/quotes', undefined, bearer(bad))).status, bad).toBe(401);
    }
    await t.test.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    expect((await t.call('GET', '/api/v1/quotes', undefined, bearer(token))).status).toBe(401);
  });

  it('changes a status with the write scope, and not with a read scope alone', async () => {
    const reader = await makeToken(broker, ['callbacks:read']);
    const body = { status: 'contacted' };
    expect((await t.call('PUT', `/api/v1/contacts/update/${ids.contact}`, body, bearer(reader.token))).status).toBe(403);
    const writer = await makeToken(broker, ['status:write']);
    const res = await t.call('PUT', `/api/v1/contacts/update/${ids.contact}`, body, bearer(writer.token));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { contact: { status: string } }).contact.status).toBe('contacted');
    // The write scope alone does not read.
    expect((await t.call('GET', `/api/v1/contacts/get/${ids.contact}`, undefined, bearer(writer.token))).status).toBe(403);
  });

  it('is held to its maker’s role: a maker who became an Editor, or was suspended, takes the token’s access with them', async () => {
    const other = await signedIn('second.broker@shannon-insurance.ie', 'broker');
    const { token } = await makeToken(other.agent, ['callbacks:read']);
    expect((await t.call('GET', '/api/v1/contacts', undefined, bearer(token))).status).toBe(200);
    await t.test.database.db.update(users).set({ role: 'editor' }).where(eq(users.id, other.id));
    expect((await t.call('GET', '/api/v1/contacts', undefined, bearer(token))).status).toBe(403);
    await t.test.database.db.update(users).set({ role: 'broker', suspendedAt: new Date() }).where(eq(users.id, other.id));
    expect((await t.call('GET', '/api/v1/contacts', undefined, bearer(token))).status).toBe(401);
  });

  it('is rate-limited per token', async () => {
    const { token } = await makeToken(broker, ['callbacks:read']);
    let status = 0;
    for (let i = 0; i < 121 && status !== 429; i++)
      status = (await t.call('GET', '/api/v1/contacts/get/00000000-0000-4000-8000-000000000000', undefined, bearer(token))).status;
    expect(status).toBe(429);
    // Another token has its own budget.
    const fresh = await makeToken(broker, ['callbacks:read']);
    expect((await t.call('GET', '/api/v1/contacts', undefined, bearer(fresh.token))).status).toBe(200);
  });
});

describe('every route of the app, with a token holding every scope', () => {
  it('reaches exactly the routes its scopes open, and nothing else (users, content, mail, its own management)', async () => {
    const { token } = await makeToken(admin, ['callbacks:read', 'leads:read', 'status:write'], 'Every scope');
    const walked = new Set<string>();
    for (const entry of t.app.routes) {
      if (entry.method === 'ALL' || !entry.path.startsWith('/api/v1/')) continue;
      walked.add(`${entry.method} ${entry.path}`);
    }
    // The scoped routes, known by the middleware on them.
    const scopedRoutes = new Set<string>();
    for (const entry of t.app.routes) {
      if (entry.method === 'ALL' || !entry.path.startsWith('/api/v1/')) continue;
      if ('apiTokenScope' in entry.handler) scopedRoutes.add(`${entry.method} ${entry.path}`);
    }
    expect([...scopedRoutes].sort()).toEqual(
      [
        'GET /api/v1/contacts',
        'GET /api/v1/contacts/get/:id',
        'PUT /api/v1/contacts/update/:id',
        'GET /api/v1/quotes',
        'GET /api/v1/quotes/get/:id',
        'PUT /api/v1/quotes/update/:id',
        'GET /api/v1/quotes/:kind',
        'GET /api/v1/quotes/:kind/get/:id',
        'PUT /api/v1/quotes/:kind/update/:id',
        'GET /api/v1/renewals',
        'GET /api/v1/renewals/get/:id',
        'PUT /api/v1/renewals/update/:id',
      ].sort(),
    );

    const reached: string[] = [];
    const fill = (path: string) =>
      path
        .replace(':kind', 'van')
        .replace(/:id$|:id\//, (match) => match.replace(':id', path.includes('contacts') ? ids.contact! : ids.lead!))
        .replace(/:(\w+)/g, 'x');
    for (const route of walked) {
      const [method, path] = route.split(' ') as [string, string];
      // Signed-out routes answer anyone (the public forms, sign-in, health): a token adds nothing there.
      const signedOut = await t.call(method, fill(path), method === 'GET' ? undefined : {});
      if (signedOut.status !== 401) continue;
      const res = await t.call(method, fill(path), method === 'GET' ? undefined : { status: 'contacted' }, bearer(token));
      if (res.status !== 403 && res.status !== 401) reached.push(route);
      else if (!scopedRoutes.has(route)) {
        expect(res.status, route).toBe(403);
        expect(((await res.json()) as { message: string }).message, route).toMatch(/cannot be used on this endpoint/);
      }
    }
    expect(reached.sort()).toEqual([...scopedRoutes].sort());
  }, 300_000);
});

describe('the OpenAPI document', () => {
  it('describes the bearer scheme, which operations take which scope, and the token endpoints with an example', async () => {
    const doc = (await (await t.call('GET', '/api/v1/openapi.json')).json()) as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, string[]>[]; responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>
      >;
    };
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/quotes']!.get!.security).toContainEqual({ apiToken: ['leads:read'] });
    expect(doc.paths['/api/v1/contacts/update/{id}']!.put!.security).toContainEqual({ apiToken: ['status:write'] });
    expect(doc.paths['/api/v1/users/create']!.post!.security).toBeUndefined();
    const created = doc.paths['/api/v1/api-tokens/create']!.post!.responses['201']!.content!['application/json']!.example as { token: string };
    expect(created.token).toMatch(/^sci_/);
    expect(doc.paths['/api/v1/api-tokens/revoke/{id}']).toBeDefined();
  });
});
