import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MAX } from '#src/schemas/fields.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, type Agent } from '../support/agent.ts';

/** Every staff list's search is bounded: a search longer than any name, address or reference is refused, not run. */

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' });
});
afterAll(() => t.test.drop());

const lists = [
  ['/api/v1/contacts/', 'q'],
  ['/api/v1/quotes/', 'q'],
  ['/api/v1/renewals/', 'q'],
  ['/api/v1/users/', 'search'],
  ['/api/v1/mail/', 'q'],
] as const;

describe('staff list searches', () => {
  it.each(lists)('%s takes a search of up to the limit and refuses a longer one with a message', async (path, field) => {
    const longest = '%_'.repeat(SEARCH_MAX / 2);
    const fits = await admin.call('GET', `${path}?${field}=${encodeURIComponent(longest)}`);
    expect(fits.status).toBe(200);
    const tooLong = await admin.call('GET', `${path}?${field}=${encodeURIComponent(`${longest}a`)}`);
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).errors).toEqual([{ field, message: `Must be ${SEARCH_MAX} characters or fewer` }]);
  });
});
