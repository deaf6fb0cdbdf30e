import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, leads, outbox, privacyRequests } from '#src/server/db/schema.ts';
import { adminOnly, personalDataOnly } from '#src/server/auth/session.ts';
import { leadForms } from '#src/schemas/leads/index.ts';
import type { Role } from '#src/schemas/roles.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, createUser, userRow } from '../support/agent.ts';
import { validAnswers } from '../support/lead-answers.ts';

/**
 * Walks every route of the API, as the router lists them (so a route added later is walked
 * too), once for each role. What counts as personal data is found, not listed: a customer
 * with a name and address nobody else has is stored in every personal record (a contact, a
 * quote, a mail, a privacy request), and a route whose answer to an Administrator holds them
 * returns personal data. An Editor must get 403 from each of those, and from every route
 * guarded as personal data, and must never see the customer anywhere; a Broker must be refused
 * every way of managing another user.
 */

const CUSTOMER = { name: 'Zebedee Quillfeather', email: 'zebedee.quillfeather@example.ie', phone: '0861239876' };
const MARKERS = ['Quillfeather', 'quillfeather', '0861239876'];
const PASSWORD = 'a long test password';
const MISSING = '00000000-0000-4000-8000-000000000000';

type Route = { method: string; path: string; guards: Set<unknown> };

let t: TestApp;
const people: Record<Role, { id: string; email: string; agent: Agent }> = {} as never;
const ids: Record<string, string> = {};
let routes: Route[] = [];

async function signIn(role: Role): Promise<void> {
  const person = people[role];
  person.agent = agent(t);
  const res = await person.agent.call('POST', '/api/v1/auth/login', { email: person.email, password: PASSWORD });
  expect(res.status, `${role} signs in`).toBe(200);
}

/** A call as `role`, signing in again when an earlier call (sign-out, ending sessions) ended the session. */
async function callAs(role: Role, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  let res = await people[role].agent.call(method, path, body);
  if (res.status === 401 && !path.startsWith('/api/v1/auth/')) {
    await signIn(role);
    res = await people[role].agent.call(method, path, body);
  }
  return { status: res.status, text: await res.text() };
}

/** Every way to fill a route's parameters: each seeded record's id in turn for an id. */
function addresses(path: string): string[] {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (names.length === 0) return [path];
  const candidates = (name: string): string[] => {
    // A quote's kind (renewals have routes of their own; /quotes/renewal is no address at all).
    if (name === 'kind') return ['van'];
    if (name === 'email') return [CUSTOMER.email];
    if (name === 'file') return ['schedule.pdf'];
    if (/id$/i.test(name) || name === 'idOrSlug') return name === 'revisionId' ? [MISSING] : Object.values(ids);
    return ['x'];
  };
  let filled = [path];
  for (const name of names) filled = filled.flatMap((p) => candidates(name).map((value) => p.replace(`:${name}`, encodeURIComponent(value))));
  return filled;
}

const showsCustomer = (text: string) => MARKERS.some((marker) => text.includes(marker));
const key = (route: Route) => `${route.method} ${route.path}`;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  for (const role of ['admin', 'broker', 'editor'] as const) {
    const email = `${role}@shannon-insurance.ie`;
    people[role] = { id: await createUser(t, { email, password: PASSWORD, role }), email, agent: agent(t) };
    await signIn(role);
    ids[`user:${role}`] = people[role].id;
  }
  const { db } = t.test.database;
  const [contact] = await db
    .insert(contacts)
    .values({ name: CUSTOMER.name, email: CUSTOMER.email, phone: CUSTOMER.phone, subject: 'Van insurance', message: 'Please ring me' })
    .returning({ id: contacts.id });
  const answers = { ...validAnswers.van, firstName: 'Zebedee', lastName: 'Quillfeather', email: CUSTOMER.email, phone: CUSTOMER.phone };
  const [lead] = await db
    .insert(leads)
    .values({ kind: 'van', reference: 'VQ-2026-000001', ...leadForms.van.summary(answers as never), answers })
    .returning({ id: leads.id });
  const [mail] = await db
    .insert(outbox)
    .values({ to: [CUSTOMER.email], subject: `Your callback, ${CUSTOMER.name}`, text: `Dear ${CUSTOMER.name}`, messageId: '<walk@test>', status: 'sent' })
    .returning({ id: outbox.id });
  const [privacy] = await db
    .insert(privacyRequests)
    .values({ reference: 'PR-2026-000001', kind: 'access', name: CUSTOMER.name, email: CUSTOMER.email, receivedOn: '2026-11-20', dueOn: '2026-12-20' })
    .returning({ id: privacyRequests.id });
  Object.assign(ids, { contact: contact!.id, lead: lead!.id, mail: mail!.id, privacy: privacy!.id });

  // The router's own list: one entry per handler, middleware included, so a route's guards are known by identity.
  const byKey = new Map<string, Route>();
  for (const entry of t.app.routes) {
    if (entry.method === 'ALL' || !entry.path.startsWith('/api/v1/')) continue;
    const route = byKey.get(`${entry.method} ${entry.path}`) ?? { method: entry.method, path: entry.path, guards: new Set() };
    route.guards.add(entry.handler);
    byKey.set(key(route), route);
  }
  routes = [...byKey.values()];
}, 120_000);
afterAll(() => t.test.drop());

describe('every route, for each role', () => {
  it('finds the routes (the walk is not empty)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => route.guards.has(personalDataOnly)).length).toBeGreaterThan(30);
  });

  it("an Editor gets 403 from every route that shows an Administrator a customer's personal data, and sees none of it anywhere", async () => {
    // What shows personal data, found by reading as an Administrator (reads only: nothing is changed).
    const personal = new Set<string>();
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const path of addresses(route.path)) {
        const { status, text } = await callAs('admin', 'GET', path);
        expect(status, `${path} as an Administrator`).not.toBe(403);
        if (showsCustomer(text)) personal.add(key(route));
      }
    }
    expect(personal.size).toBeGreaterThan(10);
    // Each is guarded as personal data (or more narrowly, for Administrators: the audit log names the records), so the guard cannot be forgotten on a new route.
    const guarded = (route: Route) => route.guards.has(personalDataOnly) || route.guards.has(adminOnly);
    const unguarded = routes.filter((route) => personal.has(key(route)) && !guarded(route)).map(key);
    expect(unguarded).toEqual([]);

    const leaks: string[] = [];
    const notRefused: string[] = [];
    for (const route of routes) {
      const mustRefuse = personal.has(key(route)) || guarded(route);
      const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : { email: CUSTOMER.email, ids: Object.values(ids) };
      for (const path of addresses(route.path)) {
        const { status, text } = await callAs('editor', route.method, path, body);
        if (showsCustomer(text)) leaks.push(`${route.method} ${path}`);
        if (mustRefuse && status !== 403) notRefused.push(`${route.method} ${path}: ${status}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(notRefused).toEqual([]);
    // And the Editor's writes changed none of it.
    const { db } = t.test.database;
    expect([await db.$count(contacts), await db.$count(leads), await db.$count(outbox), await db.$count(privacyRequests)]).toEqual([1, 1, 1, 1]);
  }, 600_000);

  it("a Broker cannot manage users, the audit log or the content's structure", async () => {
    // One's own account is theirs (reached by their own id, or by a token only they were mailed).
    const ownAccount = new Set(['POST /api/v1/users/confirmEmail']);
    const refusedToBroker: string[] = [];
    let walked = 0;
    for (const route of routes) {
      const managesUsers = route.path.startsWith('/api/v1/users/') && !ownAccount.has(key(route));
      if (!managesUsers && !route.guards.has(adminOnly) && !route.path.startsWith('/api/v1/audit')) continue;
      // Signed-out routes (a password reset, sign-up) are not management.
      const path = route.path.replace(/:(id|email)/g, (_, name: string) => (name === 'id' ? people.admin.id : people.admin.email));
      const body =
        route.method === 'GET' ? undefined : { first_name: 'Taken', last_name: 'Over', email: 'broker@shannon-insurance.ie', isAdmin: 'true', role: 'admin' };
      if ((await agent(t).call(route.method, path, body)).status !== 401) continue;
      walked += 1;
      const { status } = await callAs('broker', route.method, path, body);
      if (status !== 403) refusedToBroker.push(`${route.method} ${path}: ${status}`);
    }
    expect(refusedToBroker).toEqual([]);
    expect(walked).toBeGreaterThan(20);
    const admin = await userRow(t, people.admin.id);
    expect(admin).toMatchObject({ role: 'admin', suspendedAt: null, firstName: 'Test' });
  }, 300_000);

  it('a Broker still works the enquiries and an Editor the content', async () => {
    for (const path of ['/api/v1/contacts/', '/api/v1/quotes', '/api/v1/mail', '/api/v1/dashboard', '/api/v1/privacy/requests']) {
      expect((await callAs('broker', 'GET', path)).status, path).toBe(200);
    }
    for (const path of ['/api/v1/posts?status=draft', '/api/v1/media', '/api/v1/redirects', '/api/v1/cms/pages', `/api/v1/users/get/${people.editor.id}`]) {
      expect((await callAs('editor', 'GET', path)).status, path).toBe(200);
    }
  });
});
