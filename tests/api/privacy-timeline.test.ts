import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#src/schemas/messages.ts';
import { PRIVACY_MESSAGES } from '#src/schemas/privacy-register.ts';
import type { PrivacyTimelineEntryView } from '#src/schemas/privacy-timeline.ts';
import { contacts } from '#src/server/db/schema.ts';
import { NO_SUCH_PRIVACY_REQUEST } from '#src/server/privacy/register/queries.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

/** A privacy request's timeline: what was done for it, from the audit log, never the person's address. */

let t: TestApp;
let admin: Agent;
let editor: Agent;

const PATH = '/api/v1/privacy/requests';
const PERSON = 'aoife.byrne@example.ie';

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  await createUser(t, { email: 'niamh@shannon-insurance.ie', password: 'a long test password', isAdmin: true, firstName: 'Niamh', lastName: 'Kelly' });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' });
  editor = await signedInAs(t, 'editor@shannon-insurance.ie', 'editor');
  await t.test.database.db.insert(contacts).values([
    { name: 'Aoife Byrne', email: PERSON, phone: '087 123 4567', subject: 'Van insurance', message: 'Ring after five' },
    { name: 'Aoife Byrne', email: PERSON, phone: '087 123 4567', subject: 'Fleet', message: 'And the fleet' },
  ]);
});
afterAll(() => t.test.drop());

const log = async (who: Agent, email: string, kind = 'access') => {
  const res = await who.call('POST', `${PATH}/create`, { kind, name: 'Aoife Byrne', email, receivedOn: '2026-07-01', note: 'By phone' });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).request as { _id: string; reference: string };
};
const timelineOf = async (who: Agent, id: string) => {
  const res = await who.call('GET', `${PATH}/timeline/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).timeline as { entries: PrivacyTimelineEntryView[]; more: boolean };
};

describe('a privacy request’s timeline', () => {
  it('shows what was done for it, newest first: logged, assigned, extended, looked up, exported, refused with the reason', async () => {
    const brokerId = await createUser(t, { email: 'brid@shannon-insurance.ie', password: 'a long test password', firstName: 'Bríd', lastName: 'Walsh' });
    const broker = agent(t);
    await broker.call('POST', '/api/v1/auth/login', { email: 'brid@shannon-insurance.ie', password: 'a long test password' });
    const request = await log(admin, PERSON);
    // Another request from someone else: nothing of it on this one's timeline.
    const other = await log(admin, 'sean.walsh@example.ie');
    await admin.call('POST', '/api/v1/privacy/find', { email: 'sean.walsh@example.ie', registerId: other._id });

    expect((await admin.call('PUT', `${PATH}/update/${request._id}`, { ownerId: brokerId })).status).toBe(200);
    expect((await admin.call('POST', `${PATH}/extend/${request._id}`, { months: 1, reason: 'Records in two systems' })).status).toBe(200);
    expect((await broker.call('POST', '/api/v1/privacy/find', { email: PERSON, registerId: request._id })).status).toBe(200);
    expect((await broker.call('POST', '/api/v1/privacy/export', { email: PERSON, format: 'html', registerId: request._id })).status).toBe(200);
    expect((await broker.call('POST', '/api/v1/privacy/export', { email: PERSON, registerId: request._id })).status).toBe(200);
    // An export from the finder, not made for this request: not on its timeline.
    expect((await broker.call('POST', '/api/v1/privacy/export', { email: PERSON })).status).toBe(200);

    // A refusal needs the reason in the note, which the person must be told.
    const bare = await admin.call('PUT', `${PATH}/update/${request._id}`, { status: 'refused', note: '' });
    expect(bare.status).toBe(400);
    expect((await bare.json()).errors).toEqual([{ field: 'note', message: PRIVACY_MESSAGES.refusalReason }]);
    expect((await admin.call('PUT', `${PATH}/update/${request._id}`, { status: 'refused', note: '   ' })).status).toBe(400);
    expect((await admin.call('PUT', `${PATH}/update/${request._id}`, { status: 'refused', note: 'Identity not confirmed after two letters' })).status).toBe(
      200,
    );

    const { entries, more } = await timelineOf(broker, request._id);
    expect(more).toBe(false);
    // The note given when it was logged is its own entry, above the logging it came with; the refusal's is its reason.
    expect(entries.map((entry) => entry.type)).toEqual(['updated', 'exported', 'exported', 'looked-up', 'extended', 'updated', 'note', 'logged']);
    const [refused, json, html, lookedUp, extended, assigned, firstNote, logged] = entries as PrivacyTimelineEntryView[] & { length: 8 };
    expect(logged).toMatchObject({ by: 'Niamh Kelly', receivedOn: '2026-07-01', dueOn: '2026-08-01' });
    expect(firstNote).toMatchObject({ by: 'Niamh Kelly', note: 'By phone', at: logged!.at });
    expect(assigned).toMatchObject({ by: 'Niamh Kelly', owner: { to: 'Bríd Walsh' }, status: null, noteChanged: false });
    expect(extended).toMatchObject({ months: 1, dueOn: '2026-09-01', reason: 'Records in two systems' });
    const counts = { callbacks: 2, requests: 0, files: 0, mails: 0, user: false };
    expect(lookedUp).toMatchObject({ by: 'Bríd Walsh', counts });
    expect(html).toMatchObject({ format: 'html', counts });
    expect(json).toMatchObject({ format: 'json', counts });
    expect(refused).toMatchObject({ status: { from: 'open', to: 'refused' }, noteChanged: false, reason: 'Identity not confirmed after two letters' });
    // Dates are ISO and the list is newest first.
    const times = entries.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The audit log keeps no address, and neither does the timeline.
    expect(JSON.stringify(entries)).not.toMatch(/aoife|byrne|@example/i);

    // Reopened, the refusal keeps the reason it was given: notes are history, never replaced.
    expect((await admin.call('PUT', `${PATH}/update/${request._id}`, { status: 'open' })).status).toBe(200);
    const reopened = await timelineOf(admin, request._id);
    expect(reopened.entries[0]).toMatchObject({ type: 'updated', status: { from: 'refused', to: 'open' }, reason: '' });
    expect(reopened.entries[1]).toMatchObject({ status: { to: 'refused' }, reason: 'Identity not confirmed after two letters' });
    expect(reopened.entries.filter((entry) => entry.type === 'note')).toHaveLength(1);
  });

  it('shows an erasure of the address, from the request’s page or the finder, with what was removed', async () => {
    const mine = await log(admin, 'gone@example.ie', 'erasure');
    const also = await log(admin, 'GONE@example.ie', 'access');
    await t.test.database.db.insert(contacts).values({ name: 'Gone', email: 'gone@example.ie', phone: '087 123 4567', subject: 'Van', message: 'Hello' });
    expect((await admin.call('POST', '/api/v1/privacy/erase', { email: 'gone@example.ie', registerId: mine._id })).status).toBe(200);
    const expected = { type: 'erased', by: 'Niamh Kelly', counts: { callbacks: 1, requests: 0, files: 0, mails: 0, user: false } };
    expect((await timelineOf(admin, mine._id)).entries[0]).toMatchObject(expected);
    // The other request from the address was blanked by the same erasure: it shows there too.
    expect((await timelineOf(admin, also._id)).entries[0]).toMatchObject(expected);
  });

  it('names a member of staff since deleted as a former one', async () => {
    const brokerId = await createUser(t, { email: 'ronan@shannon-insurance.ie', password: 'a long test password', firstName: 'Rónán', lastName: 'Kelly' });
    const ronan = agent(t);
    await ronan.call('POST', '/api/v1/auth/login', { email: 'ronan@shannon-insurance.ie', password: 'a long test password' });
    const request = await log(ronan, PERSON);
    expect((await admin.call('DELETE', `/api/v1/users/delete/${brokerId}`)).status).toBe(200);
    expect((await timelineOf(admin, request._id)).entries).toEqual([
      expect.objectContaining({ type: 'note', by: 'A former member of staff', note: 'By phone' }),
      expect.objectContaining({ type: 'logged', by: 'A former member of staff' }),
    ]);
  });

  it('is for Administrators and Brokers, and an unknown request is a 404', async () => {
    const request = await log(admin, PERSON);
    expect((await agent(t).call('GET', `${PATH}/timeline/${request._id}`)).status).toBe(401);
    const refused = await editor.call('GET', `${PATH}/timeline/${request._id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, message: authMessages.personalDataOnly });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await admin.call('GET', `${PATH}/timeline/${id}`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe(NO_SUCH_PRIVACY_REQUEST);
    }
    expect(await t.test.database.db.$count(contacts, eq(contacts.email, PERSON))).toBe(2);
  });
});
