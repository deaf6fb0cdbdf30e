import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, type Agent, signedInAs } from '../support/agent.ts';

let t: TestApp;
let staff: Agent;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  staff = await signedInAs(t, 'staff@shannon-insurance.ie');
  await t.test.database.db.insert(contacts).values(
    Array.from({ length: 12 }, (_, i) => ({
      name: `Caller ${i}`,
      email: `caller${i}@example.ie`,
      phone: '0871234567',
      subject: 'Van insurance for convicted drivers',
      message: `Message ${i}`,
      createdAt: new Date(Date.UTC(2026, 10, 1, 9, i)),
    })),
  );
});
afterAll(() => t.test.drop());

describe('contacts for signed-in staff', () => {
  it('lists enquiries newest first, ten to a page', async () => {
    const first = await (await staff.call('GET', '/api/v1/contacts/?page=0&page_size=10')).json();
    expect(first).toMatchObject({ ok: true, page: 0, page_size: 10, total_pages: 2, total_items: 12 });
    expect(first.contacts[0]).toMatchObject({ name: 'Caller 11', phone: '0871234567' });
    const second = await (await staff.call('GET', '/api/v1/contacts?page=1')).json();
    expect(second.contacts.map((c: { name: string }) => c.name)).toEqual(['Caller 1', 'Caller 0']);
  });

  it('reads one and deletes it', async () => {
    const { contacts: list } = await (await staff.call('GET', '/api/v1/contacts/')).json();
    const id = list[0]._id;
    expect((await (await staff.call('GET', `/api/v1/contacts/get/${id}`)).json()).contact.message).toBe('Message 11');
    const deleted = await staff.call('DELETE', `/api/v1/contacts/delete/${id}`);
    expect(await deleted.json()).toMatchObject({ ok: true, message: 'contact has been deleted.' });
    expect((await staff.call('GET', `/api/v1/contacts/get/${id}`)).status).toBe(404);
    expect((await staff.call('DELETE', `/api/v1/contacts/delete/${id}`)).status).toBe(404);
  });

  it('refuses anyone signed out', async () => {
    const anon = agent(t);
    expect((await anon.call('GET', '/api/v1/contacts/')).status).toBe(401);
    expect((await anon.call('GET', '/api/v1/contacts/get/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await anon.call('DELETE', '/api/v1/contacts/delete/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });
});
