import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/server/auth/rate-limit.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.test.drop());

const from = (address: string) => ({ 'x-forwarded-for': address });
const FORMS = ['/api/v1/contacts/create', '/api/v1/quotes/van/create', '/api/v1/quotes/fleet/create', '/api/v1/renewals/create'];

describe('public form submissions per address', () => {
  it(`allow ${LIMITS.publicFormPerAddress.max} an hour across every form, then answer 429 with Retry-After`, async () => {
    // Empty bodies are refused (400) but still count: the budget is spent before anything else is checked.
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
