import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '#src/server/auth/rate-limit.ts';
import { contacts, leads, outbox, rateLimits } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { solvedCheck } from '../support/human-check.ts';
import { validAnswers } from '../support/lead-answers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.test.drop());

const from = (address: string) => ({ 'x-forwarded-for': address });
const FORMS = ['/api/v1/contacts/create', '/api/v1/quotes/van/create', '/api/v1/quotes/fleet/create', '/api/v1/renewals/create'];

describe('public form submissions per address', () => {
  it(`allow ${LIMITS.publicFormPerAddress.max} an hour across every form, then answer 429 with Retry-After`, async () => {
    // Empty bodies are refused (400) but still count.
    for (let i = 0; i < LIMITS.publicFormPerAddress.max; i++) {
      const res = await t.call('POST', FORMS[i % FORMS.length]!, {}, from('203.0.113.40'));
      expect(res.status).toBe(400);
    }
    for (const form of FORMS) {
      const refused = await t.call('POST', form, {}, from('203.0.113.40'));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LIMITS.publicFormPerAddress.seconds - 60);
      expect(await refused.json()).toEqual({ ok: false, message: 'Too many attempts. Please wait 60 minutes and try again.', errors: [] });
    }
  });

  it('count each address on its own', async () => {
    expect((await t.call('POST', '/api/v1/contacts/create', {}, from('203.0.113.41'))).status).toBe(400);
  });

  it('take their budget from FORM_RATE_LIMIT when it is set', async () => {
    const strict = await makeTestApp({ env: { FORM_RATE_LIMIT: '2' } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await strict.call('POST', FORMS[i]!, {})).status);
    expect(statuses).toEqual([400, 400, 429]);
    await strict.test.drop();
  });
});

describe('a callback request, whose hit is counted by the statement that stores it', () => {
  let strict: TestApp;
  const BUDGET = 3;
  beforeAll(async () => {
    strict = await makeTestApp({ env: { FORM_RATE_LIMIT: String(BUDGET), TRUST_PROXY: 'true' } });
  });
  afterAll(() => strict.test.drop());

  const callback = async (i: number) => ({
    name: `Caller ${i}`,
    email: `caller${i}@example.ie`,
    phone: '0871234567',
    subject: 'Van insurance for convicted drivers',
    message: 'Please call me back.',
    humanCheck: await solvedCheck(async (path) => (await strict.call('GET', path)).json()),
  });
  const stored = async () => ({ contacts: await strict.test.database.db.$count(contacts), mails: await strict.test.database.db.$count(outbox) });

  it('is stored within the budget and refused past it, with nothing stored and its check left unspent', async () => {
    const address = from('198.51.100.70');
    // A refused submission and stored ones share the budget.
    expect((await strict.call('POST', '/api/v1/contacts/create', {}, address)).status).toBe(400);
    for (let i = 1; i < BUDGET; i++) expect((await strict.call('POST', '/api/v1/contacts/create', await callback(i), address)).status).toBe(201);
    const past = await callback(BUDGET);
    const refused = await strict.call('POST', '/api/v1/contacts/create', past, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LIMITS.publicFormPerAddress.seconds - 60);
    expect(await refused.json()).toEqual({ ok: false, message: 'Too many attempts. Please wait 60 minutes and try again.', errors: [] });
    // Each stored request queued its two mails (the sales copy and the visitor's acknowledgement).
    expect(await stored()).toEqual({ contacts: BUDGET - 1, mails: 2 * (BUDGET - 1) });
    // Once the window has passed (its row cleared here), the same submission goes through: its check was not spent.
    await strict.test.database.db.delete(rateLimits);
    expect((await strict.call('POST', '/api/v1/contacts/create', past, address)).status).toBe(201);
    expect(await stored()).toEqual({ contacts: BUDGET, mails: 2 * BUDGET });
  });

  it('stores exactly the budget when many arrive at once from one address', async () => {
    await strict.test.database.db.delete(rateLimits);
    const before = await stored();
    const bodies = await Promise.all(Array.from({ length: 8 }, (_, i) => callback(100 + i)));
    const statuses = await Promise.all(bodies.map(async (body) => (await strict.call('POST', '/api/v1/contacts/create', body, from('198.51.100.71'))).status));
    expect(statuses.filter((status) => status === 201)).toHaveLength(BUDGET);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - BUDGET);
    expect(await stored()).toEqual({ contacts: before.contacts + BUDGET, mails: before.mails + 2 * BUDGET });
  });
});

describe('a quote request, counted before it is stored', () => {
  let strict: TestApp;
  const BUDGET = 3;
  beforeAll(async () => {
    strict = await makeTestApp({ env: { FORM_RATE_LIMIT: String(BUDGET), TRUST_PROXY: 'true' } });
  });
  afterAll(() => strict.test.drop());

  const quote = async () => ({ ...validAnswers.van, humanCheck: await solvedCheck(async (path) => (await strict.call('GET', path)).json()) });
  const post = (body: Record<string, unknown>) => strict.call('POST', '/api/v1/quotes/van/create', body, from('198.51.100.80'));
  const stored = async () => ({ leads: await strict.test.database.db.$count(leads), mails: await strict.test.database.db.$count(outbox) });

  it('counts a store that was rolled back, refuses past the budget with nothing stored, and leaves that check unspent', async () => {
    const first = await quote();
    expect((await post(first)).status).toBe(201);
    // The same check again: its transaction rolls back on the spent check, and still counts.
    expect((await post(first)).status).toBe(400);
    expect((await post(await quote())).status).toBe(201);
    const past = await quote();
    const refused = await post(past);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(LIMITS.publicFormPerAddress.seconds - 60);
    expect(await stored()).toEqual({ leads: 2, mails: 4 });
    await strict.test.database.db.delete(rateLimits);
    expect((await post(past)).status).toBe(201);
    expect(await stored()).toEqual({ leads: 3, mails: 6 });
  });
});
