import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outbox, webhookDeliveries, webhookEndpoints } from '#src/server/db/schema.ts';
import { DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, sendDueWebhooks } from '#src/server/jobs/webhook-sender.ts';
import { createLogger } from '#src/server/log.ts';
import { PRIVATE_ADDRESS } from '#src/server/webhooks/address-check.ts';
import { NO_SUCH_DELIVERY, RETRY_REFUSED } from '#src/server/webhooks/queries.ts';
import { WEBHOOK_MESSAGES, type WebhookEvent } from '#src/schemas/webhook.ts';
import { webhookMessageSchema } from '#src/schemas/webhook-payloads.ts';
import { validAnswers } from '../support/lead-answers.ts';
import * as v from 'valibot';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { type Agent, agent, signedInAs } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';

/**
 * Webhooks end to end: an Administrator adds an endpoint (a real HTTP receiver on this
 * machine, allowed by WEBHOOKS_ALLOW_PRIVATE), a callback from the public form queues a
 * delivery in its own statement, and the sender posts it signed so that the Standard Webhooks
 * library (a second implementation) accepts it; failures are retried, kept in the log, can be
 * redelivered, and an endpoint that keeps failing is turned off and its maker told.
 */

type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverBase: string;
let received: Received[] = [];
/** What the receiver answers next: a status, and where a redirect points. */
let answer = { status: 204, location: '' };

let t: TestApp;
let admin: Agent;
const CUSTOMER = { name: 'Ultan Breathnach', email: 'ultan.breathnach@example.ie', phone: '0869998877' };

const deps = (allowPrivate = true) => ({
  db: t.test.database.db,
  log: createLogger('silent'),
  secretKey: t.secretKey,
  allowPrivate,
  origin: t.config.site.origin,
});

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end(answer.status >= 400 ? 'receiver says no' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  admin = await signedInAs(t, 'admin@shannon-insurance.ie', 'admin');
});
afterAll(async () => {
  await t.test.drop();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(async () => {
  received = [];
  answer = { status: 204, location: '' };
  await t.test.database.db.delete(webhookEndpoints);
});

async function addEndpoint(events: string[] = ['callback.received']) {
  const res = await admin.call('POST', '/api/v1/webhooks/create', { url: `${receiverBase}/hooks`, description: 'CRM', events });
  expect(res.status).toBe(201);
  return (await res.json()) as { endpoint: { id: string }; secret: string };
}

async function sendCallback() {
  const humanCheck = await solvedCheck(async (path) => (await t.call('GET', path)).json());
  const res = await t.call('POST', '/api/v1/contacts/create', { ...CUSTOMER, subject: 'Van insurance', message: 'Please call me.', humanCheck });
  expect(res.status).toBe(201);
  return (await res.json()).contact as { _id: string };
}

/** A body as a receiver gets it must match what the API reference publishes for its event. */
function expectPublishedShape(event: WebhookEvent, body: unknown) {
  expect(v.safeParse(webhookMessageSchema(event), body).issues, event).toBeUndefined();
}

const deliveriesOf = (endpointId: string) => t.test.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('webhook endpoints', () => {
  it('are an Administrator’s: a Broker and an Editor are refused, and signed out is 401', async () => {
    const body = { url: 'https://crm.example.ie/hooks', events: ['callback.received'] };
    expect((await agent(t).call('POST', '/api/v1/webhooks/create', body)).status).toBe(401);
    for (const role of ['broker', 'editor'] as const) {
      const someone = await signedInAs(t, `${role}@shannon-insurance.ie`, role);
      expect((await someone.call('POST', '/api/v1/webhooks/create', body)).status, role).toBe(403);
      expect((await someone.call('GET', '/api/v1/webhooks')).status, role).toBe(403);
    }
  });

  it('refuse an address that is not a web address, credentials in it, and no events, in words', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await admin.call('POST', '/api/v1/webhooks/create', body);
      expect(res.status).toBe(400);
      return (await res.json()).errors;
    };
    expect(await refused({ url: 'ftp://crm.example.ie/x', events: ['callback.received'] })).toEqual([{ field: 'url', message: WEBHOOK_MESSAGES.notHttps }]);
    expect(await refused({ url: 'https://user:pw@crm.example.ie/x', events: ['callback.received'] })).toEqual([
      { field: 'url', message: WEBHOOK_MESSAGES.credentials },
    ]);
    expect(await refused({ url: 'https://crm.example.ie/x', events: [] })).toEqual([{ field: 'events', message: WEBHOOK_MESSAGES.events }]);
    // Not an address at all, or none: one message, never a failure of the server.
    expect(await refused({ url: 'crm', events: ['callback.received'] })).toEqual([{ field: 'url', message: WEBHOOK_MESSAGES.url }]);
    expect(await refused({ url: '', events: ['callback.received'] })).toEqual([{ field: 'url', message: WEBHOOK_MESSAGES.url }]);
  });

  it('refuse plain HTTP unless WEBHOOKS_ALLOW_PRIVATE is set', async () => {
    const strict = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
    try {
      const strictAdmin = await signedInAs(strict, 'admin@shannon-insurance.ie', 'admin');
      const res = await strictAdmin.call('POST', '/api/v1/webhooks/create', { url: 'http://crm.example.ie/hooks', events: ['post.published'] });
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual([{ field: 'url', message: WEBHOOK_MESSAGES.notHttps }]);
    } finally {
      await strict.test.drop();
    }
  });

  it('show the signing secret once, keep it sealed, and never answer it again', async () => {
    const { endpoint, secret } = await addEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const [row] = await t.test.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.secretSealed).not.toContain(secret.slice(6));
    const read = await (await admin.call('GET', `/api/v1/webhooks/get/${endpoint.id}`)).text();
    expect(read).not.toContain(secret.slice(6));
    const [entry] = await t.test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `webhook:${endpoint.id}`));
    expect(entry?.action).toBe('webhook endpoint created');
  });
});

describe('a callback from the public form', () => {
  it('is delivered signed as Standard Webhooks describes, with no personal data in it', async () => {
    const { endpoint, secret } = await addEndpoint();
    const contact = await sendCallback();
    expect(await sendDueWebhooks(deps())).toBe(1);
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    const verified = new Webhook(secret).verify(body, headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('callback.received');
    expectPublishedShape('callback.received', verified);
    expect(verified.data).toMatchObject({ id: contact._id, subject: 'Van insurance', link: `${t.config.site.origin}/admin/contacts/view/${contact._id}` });
    for (const detail of Object.values(CUSTOMER)) expect(body).not.toContain(detail);
    // A changed body fails the check: the signature covers it.
    expect(() => new Webhook(secret).verify(body.replace('Van', 'Car'), headers as Record<string, string>)).toThrow();

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 204, messageId: headers['webhook-id'] });
    const log = await (await admin.call('GET', `/api/v1/webhooks/deliveries/${endpoint.id}`)).json();
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ event: 'callback.received', status: 'delivered', responseStatus: 204 });
  });

  it('is not queued for an endpoint that is off or asked for other events', async () => {
    const { endpoint } = await addEndpoint(['post.published']);
    const off = await addEndpoint();
    expect((await admin.call('PUT', `/api/v1/webhooks/update/${off.endpoint.id}`, { enabled: false })).status).toBe(200);
    await sendCallback();
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
    expect(await deliveriesOf(off.endpoint.id)).toEqual([]);
  });
});

describe('a delivery that fails', () => {
  it('is retried later with the answer kept, fails after the last attempt, and can be redelivered with the same webhook-id', async () => {
    const { endpoint } = await addEndpoint();
    await sendCallback();
    answer = { status: 500, location: '' };
    expect(await sendDueWebhooks(deps())).toBe(1);
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'queued', attempts: 1, responseStatus: 500, responseBody: 'receiver says no', lastError: 'Replied 500.' });
    expect(delivery!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is sent.
    expect(await sendDueWebhooks(deps())).toBe(0);

    // The last attempt: the delivery is failed for good.
    const { db } = t.test.database;
    await db
      .update(webhookDeliveries)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(await sendDueWebhooks(deps())).toBe(1);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

    answer = { status: 200, location: '' };
    const again = await admin.call('POST', `/api/v1/webhooks/redeliver/${delivery!.id}`);
    expect(again.status).toBe(201);
    expect(await sendDueWebhooks(deps())).toBe(1);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['delivered', 'failed']);
    expect(new Set(rows.map((row) => row.messageId)).size).toBe(1);
    expect(received.at(-1)?.headers['webhook-id']).toBe(delivery!.messageId);
  });

  it('can be retried now by an Administrator, in place and once, audited, and never while it is being sent or once delivered', async () => {
    const { endpoint } = await addEndpoint();
    await sendCallback();
    answer = { status: 500, location: '' };
    expect(await sendDueWebhooks(deps())).toBe(1);
    const [retrying] = await deliveriesOf(endpoint.id);
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1 });
    expect(retrying!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const path = `/api/v1/webhooks/retry-now/${retrying!.id}`;

    // Only an Administrator: a Broker is refused and nothing moves.
    const broker = await signedInAs(t, 'retry-broker@shannon-insurance.ie', 'broker');
    expect((await broker.call('POST', path)).status).toBe(403);
    expect(await sendDueWebhooks(deps())).toBe(0);

    // Clicked twice: both schedule the one delivery, which is sent once, in place.
    answer = { status: 200, location: '' };
    const [first, second] = [await admin.call('POST', path), await admin.call('POST', path)];
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect((await first.json()).delivery).toMatchObject({ id: retrying!.id, status: 'queued' });
    expect(await sendDueWebhooks(deps())).toBe(1);
    expect(await sendDueWebhooks(deps())).toBe(0);
    expect(received).toHaveLength(2);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    const entries = await t.test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `webhook:${endpoint.id}`), eq(auditLog.action, 'webhook retried now')));
    expect(entries).toHaveLength(2);
    expect(entries[0]?.details).toMatchObject({ delivery: retrying!.id });

    // Delivered: refused in words (Send again makes a new entry instead); an unknown id is 404.
    const delivered = await admin.call('POST', path);
    expect(delivered.status).toBe(409);
    expect((await delivered.json()).message).toBe(RETRY_REFUSED.delivered);
    const unknown = await admin.call('POST', '/api/v1/webhooks/retry-now/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(NO_SUCH_DELIVERY);
  });

  it('is not retried now while a sender holds it, and a failed one gets one more try', async () => {
    const { endpoint } = await addEndpoint();
    await sendCallback();
    const { db } = t.test.database;
    // As a sender's claim leaves it: a try counted and stamped, no attempt recorded yet, under a lease.
    await db
      .update(webhookDeliveries)
      .set({ attempts: 1, lastAttemptAt: new Date(), nextAttemptAt: new Date(Date.now() + 120_000) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const [claimed] = await deliveriesOf(endpoint.id);
    const sending = await admin.call('POST', `/api/v1/webhooks/retry-now/${claimed!.id}`);
    expect(sending.status).toBe(409);
    expect((await sending.json()).message).toBe(RETRY_REFUSED.sending);
    expect((await deliveriesOf(endpoint.id))[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Failed after the last try: retried now, it is tried once more and fails again if refused again.
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: new Date(0) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    answer = { status: 503, location: '' };
    expect((await admin.call('POST', `/api/v1/webhooks/retry-now/${claimed!.id}`)).status).toBe(200);
    expect(await sendDueWebhooks(deps())).toBe(1);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS + 1, responseStatus: 503 });

    // Its address turned off: refused, saying what to do first.
    await db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, endpoint.id));
    const off = await admin.call('POST', `/api/v1/webhooks/retry-now/${claimed!.id}`);
    expect(off.status).toBe(409);
    expect((await off.json()).message).toBe(RETRY_REFUSED.turnedOff);
  });

  it('reaches a receiver that was down for a minute, with each attempt in the log', async () => {
    const { endpoint } = await addEndpoint();
    // A port nothing listens on: the receiver is down.
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const downUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}/hooks`;
    await new Promise((resolve) => down.close(resolve));
    const { db } = t.test.database;
    await db.update(webhookEndpoints).set({ url: downUrl }).where(eq(webhookEndpoints.id, endpoint.id));
    await sendCallback();
    const retryNow = () => db.update(webhookDeliveries).set({ nextAttemptAt: new Date() }).where(eq(webhookDeliveries.endpointId, endpoint.id));

    // At once, and again after 5 s: refused both times, and queued for the next try.
    expect(await sendDueWebhooks(deps())).toBe(1);
    await retryNow();
    expect(await sendDueWebhooks(deps())).toBe(1);
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'queued', attempts: 2, responseStatus: null });
    expect(delivery!.lastError).toMatch(/refused/i);
    // The next try is 5 minutes on, after the minute's outage: the receiver is back by then.
    expect(delivery!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    await db
      .update(webhookEndpoints)
      .set({ url: `${receiverBase}/hooks` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await retryNow();
    expect(await sendDueWebhooks(deps())).toBe(1);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204, lastError: null });
    expect(received).toHaveLength(1);

    const res = await admin.call('GET', `/api/v1/webhooks/attempts/${delivery!.id}`);
    expect(res.status).toBe(200);
    const { attempts } = (await res.json()) as { attempts: { responseStatus: number | null; error: string | null; durationMs: number }[] };
    expect(attempts.map((attempt) => attempt.responseStatus)).toEqual([204, null, null]);
    expect(attempts[0]!.error).toBeNull();
    for (const attempt of attempts.slice(1)) expect(attempt.error).toMatch(/refused/i);
    for (const attempt of attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    // Staff other than Administrators never read the log; an unknown delivery is a 404 in words.
    const broker = await signedInAs(t, 'attempts-broker@shannon-insurance.ie', 'broker');
    expect((await broker.call('GET', `/api/v1/webhooks/attempts/${delivery!.id}`)).status).toBe(403);
    const missing = await admin.call('GET', '/api/v1/webhooks/attempts/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe(NO_SUCH_DELIVERY);
  });

  it('does not follow a redirect', async () => {
    const { endpoint } = await addEndpoint();
    await sendCallback();
    answer = { status: 302, location: 'http://169.254.169.254/latest/meta-data/' };
    await sendDueWebhooks(deps());
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'queued', responseStatus: 302, lastError: 'Replied 302: redirects are not followed.' });
    expect(received).toHaveLength(1);
  });

  it('never reaches a private or loopback address, by number or by a name resolving to one', async () => {
    const { db } = t.test.database;
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const { endpoint } = await addEndpoint();
      const port = new URL(receiverBase).port;
      await db
        .update(webhookEndpoints)
        .set({ url: `http://${host}:${port}/hooks` })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await sendCallback();
      await sendDueWebhooks(deps(false));
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery, host).toMatchObject({ status: 'queued', responseStatus: null, lastError: PRIVATE_ADDRESS });
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    }
    expect(received).toEqual([]);
  });

  it('turns off an endpoint that keeps failing and tells the Administrator who made it', async () => {
    const { endpoint } = await addEndpoint();
    const { db } = t.test.database;
    await db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: DISABLE_AFTER_FAILURES - 1 })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await sendCallback();
    answer = { status: 503, location: '' };
    await sendDueWebhooks(deps());
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, consecutiveFailures: DISABLE_AFTER_FAILURES });
    expect(row?.disabledReason).toContain('Replied 503.');
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ref, `webhook:${endpoint.id}`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['admin@shannon-insurance.ie']);
    expect(mails[0]?.text).toContain(`/admin/webhooks/${endpoint.id}`);

    // Turned on again by staff: its count starts afresh.
    const on = await (await admin.call('PUT', `/api/v1/webhooks/update/${endpoint.id}`, { enabled: true })).json();
    expect(on.endpoint).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });
});

describe('other events', () => {
  it('tell of a status change and a published post, each once', async () => {
    const { endpoint } = await addEndpoint(['status.changed', 'post.published']);
    const contact = await sendCallback();
    expect((await admin.call('PUT', `/api/v1/contacts/update/${contact._id}`, { status: 'contacted' })).status).toBe(200);
    expect((await admin.call('POST', '/api/v1/posts/create', { title: 'Webhook news', body: 'Published at once.', status: 'published' })).status).toBe(201);
    expect((await admin.call('POST', '/api/v1/posts/create', { title: 'A draft', body: 'Not yet.', status: 'draft' })).status).toBe(201);
    const rows = await deliveriesOf(endpoint.id);
    const byEvent = Object.fromEntries(rows.map((row) => [row.event, (row.payload as { data: Record<string, unknown> }).data]));
    expect(Object.keys(byEvent).sort()).toEqual(['post.published', 'status.changed']);
    expect(byEvent['status.changed']).toMatchObject({ record: 'callback', id: contact._id, from: 'new', to: 'contacted' });
    expect(byEvent['post.published']).toMatchObject({ title: 'Webhook news', url: `${t.config.site.origin}/blog/webhook-news` });
    for (const row of rows) expectPublishedShape(row.event as WebhookEvent, row.payload);
  });

  it('tell of a quote and a renewal request with their references', async () => {
    const { endpoint } = await addEndpoint(['quote.received', 'renewal.received']);
    for (const [kind, path] of [
      ['van', '/api/v1/quotes/van/create'],
      ['renewal', '/api/v1/renewals/create'],
    ] as const) {
      const humanCheck = await solvedCheck(async (address) => (await t.call('GET', address)).json());
      expect((await t.call('POST', path, { ...validAnswers[kind], humanCheck })).status, kind).toBe(201);
    }
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((row) => row.event).sort()).toEqual(['quote.received', 'renewal.received']);
    for (const row of rows) expectPublishedShape(row.event as WebhookEvent, row.payload);
    const quote = rows.find((row) => row.event === 'quote.received')!.payload as { data: Record<string, string> };
    expect(quote.data).toMatchObject({ kind: 'van', product: 'Van insurance quote', reference: expect.stringMatching(/^VQ-\d{4}-\d{6}$/) });
    expect(quote.data.link).toBe(`${t.config.site.origin}/admin/quotes/view/${quote.data.id}`);
  });
});
