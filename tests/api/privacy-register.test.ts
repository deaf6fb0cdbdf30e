import { readFileSync } from 'node:fs';
import { asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths } from '#src/lib/calendar-date.ts';
import { limitMessages, messages } from '#src/schemas/messages.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import { ERASED, PRIVACY_MESSAGES, PRIVACY_NOTE_MAX } from '#src/schemas/privacy-register.ts';
import { auditLog, privacyRequestNotes, privacyRequests } from '#src/server/db/schema.ts';
import { ALREADY_EXTENDED, NO_SUCH_PRIVACY_REQUEST, ONLY_OPEN_EXTENDS } from '#src/server/privacy/register/queries.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

/** The register of data-subject requests: logged, answered within a month (extended once), and kept without the person once erased. */

let t: TestApp;
let admin: Agent;
let adminId: string;
let broker: Agent;
let editor: Agent;

const PATH = '/api/v1/privacy/requests';

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  adminId = await createUser(t, {
    email: 'niamh@shannon-insurance.ie',
    password: 'a long test password',
    isAdmin: true,
    firstName: 'Niamh',
    lastName: 'Kelly',
  });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' });
  broker = await signedInAs(t, 'broker@shannon-insurance.ie');
  editor = await signedInAs(t, 'editor@shannon-insurance.ie', 'editor');
});
afterAll(() => t.test.drop());

type Logged = { _id: string; reference: string; dueOn: string; status: string; completedAt: string | null; name: string; email: string };

const log = async (fields: Record<string, unknown>) => {
  const res = await admin.call('POST', `${PATH}/create`, {
    kind: 'access',
    name: 'Aoife Byrne',
    email: 'aoife.byrne@example.ie',
    receivedOn: '2026-11-02',
    ...fields,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).request as Logged;
};
const update = (id: string, body: unknown) => admin.call('PUT', `${PATH}/update/${id}`, body);
const extend = (id: string, body: unknown) => admin.call('POST', `${PATH}/extend/${id}`, body);
const addNote = (id: string, body: unknown, who: Agent = admin) => who.call('POST', `${PATH}/notes/${id}`, body);
const notesOf = (id: string) =>
  t.test.database.db
    .select({ body: privacyRequestNotes.body, userId: privacyRequestNotes.userId })
    .from(privacyRequestNotes)
    .where(eq(privacyRequestNotes.requestId, id))
    .orderBy(asc(privacyRequestNotes.createdAt));
const list = async (query: string) => {
  const res = await admin.call('GET', `${PATH}?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{
    requests: Logged[];
    view_counts: Record<string, number>;
    total_items: number;
    next_cursor: string | null;
    prev_cursor: string | null;
  }>;
};

describe('the privacy request register', () => {
  it('is for Administrators and Brokers: 401 signed out, 403 for an Editor, on every route', async () => {
    const someone = await log({});
    const calls: [string, string, unknown?][] = [
      ['GET', PATH],
      ['GET', `${PATH}/get/${someone._id}`],
      ['POST', `${PATH}/create`, { kind: 'access', name: 'A', email: 'a@example.ie', receivedOn: '2026-11-02' }],
      ['PUT', `${PATH}/update/${someone._id}`, { status: 'completed' }],
      ['POST', `${PATH}/extend/${someone._id}`, { months: 1, reason: 'Many records' }],
      ['POST', `${PATH}/notes/${someone._id}`, { note: 'Rang back' }],
      ['DELETE', `${PATH}/delete/${someone._id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await agent(t).call(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await editor.call(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const [row] = await t.test.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, someone._id));
    expect(row).toMatchObject({ status: 'open', extendedMonths: 0 });
    expect(await notesOf(someone._id)).toEqual([]);
  });

  it('refuses bad input with a 400 and a message on each field, never a 500', async () => {
    const refused = async (res: Promise<Response>, field: string, message: string) => {
      const answer = await res;
      expect(answer.status).toBe(400);
      expect((await answer.json()).errors).toContainEqual({ field, message });
    };
    const create = (body: unknown) => admin.call('POST', `${PATH}/create`, body);
    // A body without the fields says what to send; the fields left empty, each its own message.
    const nothing = await create({});
    expect(nothing.status).toBe(400);
    expect((await nothing.json()).errors).toContainEqual({ field: 'kind', message: 'Send the kind, the person’s name and email, and the day it was received' });
    const empty = await create({ kind: '', name: '', email: '', receivedOn: '' });
    expect(empty.status).toBe(400);
    const errors = (await empty.json()).errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'kind', message: PRIVACY_MESSAGES.kind },
        { field: 'name', message: messages.required },
        { field: 'email', message: messages.required },
        { field: 'receivedOn', message: messages.invalidDate },
      ]),
    );
    const good = { kind: 'erasure', name: 'Seán Walsh', email: 'sean@example.ie', receivedOn: '2026-11-02' };
    await refused(create({ ...good, kind: 'everything' }), 'kind', PRIVACY_MESSAGES.kind);
    await refused(create({ ...good, email: 'not an address' }), 'email', messages.invalidEmail);
    await refused(create({ ...good, receivedOn: '2026-02-30' }), 'receivedOn', messages.invalidDate);
    await refused(create({ ...good, receivedOn: addCalendarMonths(todayInIreland(), 1) }), 'receivedOn', PRIVACY_MESSAGES.futureDay);
    await refused(create({ ...good, name: '   ' }), 'name', messages.required);

    const logged = await log({});
    await refused(update(logged._id, { status: 'done' }), 'status', PRIVACY_MESSAGES.status);
    await refused(update(logged._id, { ownerId: 'nobody' }), 'ownerId', 'Choose a member of staff');
    expect((await update(logged._id, {})).status).toBe(400);
    await refused(extend(logged._id, { months: 3, reason: 'Complex' }), 'months', PRIVACY_MESSAGES.extensionMonths);
    await refused(extend(logged._id, { months: 2, reason: '  ' }), 'reason', PRIVACY_MESSAGES.extensionReason);
    // A refusal gives its reason in the note: an empty one sent, or none held, is refused on the note field.
    await refused(update(logged._id, { status: 'refused', note: '' }), 'note', PRIVACY_MESSAGES.refusalReason);
    await refused(update(logged._id, { status: 'refused' }), 'note', PRIVACY_MESSAGES.refusalReason);
    // A note to add: something to say, within the limit.
    await refused(addNote(logged._id, {}), 'note', 'Send the note');
    await refused(addNote(logged._id, { note: '  ' }), 'note', PRIVACY_MESSAGES.noteRequired);
    await refused(addNote(logged._id, { note: 'x'.repeat(PRIVACY_NOTE_MAX + 1) }), 'note', limitMessages.tooLong(PRIVACY_NOTE_MAX));
    const noRequest = await addNote('00000000-0000-4000-8000-000000000000', { note: 'Rang back' });
    expect(noRequest.status).toBe(404);
    expect((await noRequest.json()).message).toBe(NO_SUCH_PRIVACY_REQUEST);
    expect(await notesOf(logged._id)).toEqual([]);
    // A member of staff who does not exist is the owner field's 400 too.
    await refused(update(logged._id, { ownerId: '00000000-0000-4000-8000-000000000000' }), 'ownerId', 'There is no such member of staff.');
    // An id that names nothing is a 404 with its message.
    const missing = await admin.call('GET', `${PATH}/get/not-an-id`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe(NO_SUCH_PRIVACY_REQUEST);
    expect((await admin.call('GET', `${PATH}?status=closed`)).status).toBe(400);
    expect((await admin.call('GET', `${PATH}?due=tomorrow`)).status).toBe(400);
  });

  it('gives a PR reference and a due date one calendar month after receipt: 31 January is due on the last day of February', async () => {
    const leap = await log({ receivedOn: '2024-01-31' });
    expect(leap.reference).toMatch(/^PR-\d{4}-\d{6}$/);
    expect(leap.dueOn).toBe('2024-02-29');
    expect((await log({ receivedOn: '2025-01-31' })).dueOn).toBe('2025-02-28');
    expect((await log({ receivedOn: '2025-03-31' })).dueOn).toBe('2025-04-30');
    expect((await log({ receivedOn: '2025-12-15' })).dueOn).toBe('2026-01-15');
    // References count up within the year and never repeat, even when logged at once.
    const together = await Promise.all([log({}), log({}), log({})]);
    expect(new Set(together.map((request) => request.reference)).size).toBe(3);
  });

  it('extends an open request once, by up to two months counted from receipt, with a reason', async () => {
    const request = await log({ receivedOn: '2025-01-31' });
    const extended = await extend(request._id, { months: '2', reason: 'Records in three systems to gather' });
    expect(extended.status).toBe(200);
    expect((await extended.json()).request).toMatchObject({ dueOn: '2025-04-30', extendedMonths: 2, extensionReason: 'Records in three systems to gather' });
    const again = await extend(request._id, { months: 1, reason: 'Still more' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(ALREADY_EXTENDED);

    const closed = await log({ receivedOn: '2025-01-31' });
    // A refusal says why in the note (the person is told the reason).
    expect((await update(closed._id, { status: 'refused', note: 'Not a request about personal data' })).status).toBe(200);
    const late = await extend(closed._id, { months: 1, reason: 'Too late' });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe(ONLY_OPEN_EXTENDS);

    // Two extensions at once: one lands, the other is refused.
    const raced = await log({ receivedOn: '2025-01-31' });
    const both = await Promise.all([extend(raced._id, { months: 1, reason: 'One' }), extend(raced._id, { months: 2, reason: 'Two' })]);
    expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
  });

  it('keeps every note, one after another with who wrote it, never replacing one', async () => {
    const request = await log({ note: 'Asked by phone' });
    const added = await addNote(request._id, { note: '  Sent the ID form by post  ' });
    expect(added.status).toBe(201);
    const answer = await added.json();
    expect(answer.message).toBe(`Note added to ${request.reference}.`);
    expect(answer.request._id).toBe(request._id);
    expect((await addNote(request._id, { note: 'ID form back, signed' }, broker)).status).toBe(201);
    const brokerId = (await notesOf(request._id)).at(-1)!.userId;
    expect(await notesOf(request._id)).toEqual([
      { body: 'Asked by phone', userId: adminId },
      { body: 'Sent the ID form by post', userId: adminId },
      { body: 'ID form back, signed', userId: brokerId },
    ]);
    expect(brokerId).not.toBe(adminId);
    // A note sent with a change is added too; an empty one adds nothing.
    expect((await update(request._id, { status: 'completed', note: 'Export sent' })).status).toBe(200);
    expect((await update(request._id, { status: 'open', note: '' })).status).toBe(200);
    expect((await notesOf(request._id)).map((note) => note.body)).toEqual([
      'Asked by phone',
      'Sent the ID form by post',
      'ID form back, signed',
      'Export sent',
    ]);
  });

  it('copies a request’s single note from before notes were kept one by one as its first note (migration 0038)', async () => {
    const request = await log({});
    await t.test.database.db.update(privacyRequests).set({ note: 'Written before the notes table' }).where(eq(privacyRequests.id, request._id));
    await t.test.database.db.delete(privacyRequestNotes);
    const migration = readFileSync(new URL('../../src/server/db/migrations/0038_privacy-request-notes.sql', import.meta.url), 'utf8');
    const copy = migration.split('--> statement-breakpoint').at(-1)!;
    await t.test.database.db.execute(sql.raw(copy));
    // Written by whoever logged it (the latest entry that set the note), at that moment.
    expect(await notesOf(request._id)).toEqual([{ body: 'Written before the notes table', userId: adminId }]);
    const timeline = (await (await admin.call('GET', `${PATH}/timeline/${request._id}`)).json()).timeline;
    expect(timeline.entries.map((entry: { type: string }) => entry.type)).toEqual(['note', 'logged']);
    expect(timeline.entries[0]).toMatchObject({ by: 'Niamh Kelly', note: 'Written before the notes table', at: timeline.entries[1].at });
  });

  it('records when a request is completed, and clears it when reopened; owner and note change too', async () => {
    const request = await log({ note: 'Asked by phone, confirmed by email' });
    const done = await update(request._id, { status: 'completed' });
    expect(done.status).toBe(200);
    const completed = (await done.json()).request;
    expect(completed.status).toBe('completed');
    expect(Date.now() - Date.parse(completed.completedAt)).toBeLessThan(60_000);
    // Saving the same status again keeps the moment it was completed.
    expect((await (await update(request._id, { status: 'completed' })).json()).request.completedAt).toBe(completed.completedAt);
    const reopened = (await (await update(request._id, { status: 'open', ownerId: '', note: 'Reopened: the export missed the mails' })).json()).request;
    expect(reopened).toMatchObject({ status: 'open', completedAt: null, owner: null });
    expect((await notesOf(request._id)).map((note) => note.body)).toEqual(['Asked by phone, confirmed by email', 'Reopened: the export missed the mails']);
    const owned = (await (await update(request._id, { ownerId: adminId })).json()).request;
    expect(owned.owner).toEqual({ _id: adminId, name: 'Niamh Kelly' });
  });

  it('lists by status, kind, due date and name or reference (not email), open ones first by due date, and pages by cursor', async () => {
    const { db } = t.test.database;
    await db.delete(privacyRequests);
    const overdue = await log({ name: 'Ciarán Overdue', kind: 'erasure', receivedOn: '2026-01-05' });
    const soon = await log({ name: 'Bríd Soon', kind: 'rectification', receivedOn: todayInIreland() });
    // Due today: not overdue yet, but due within the week.
    await db.update(privacyRequests).set({ dueOn: todayInIreland() }).where(eq(privacyRequests.id, soon._id));
    const later = await log({ name: 'Dara Later', email: 'dara.hidden@example.ie', receivedOn: todayInIreland() });
    const answered = await log({ name: 'Eimear Answered', receivedOn: '2025-06-01' });
    await update(answered._id, { status: 'completed' });

    const all = await list('page=0&page_size=10');
    expect(all.total_items).toBe(4);
    // Open first, the soonest due first; answered ones after.
    expect(all.requests.map((request) => request._id)).toEqual([overdue._id, soon._id, later._id, answered._id]);
    const newest = await list('sort=newest');
    expect(newest.requests.at(-1)!._id).toBe(answered._id);

    const ids = async (query: string) => (await list(query)).requests.map((request) => request._id).sort();
    expect(await ids('status=completed')).toEqual([answered._id]);
    expect(await ids('status=open')).toEqual([overdue._id, soon._id, later._id].sort());
    expect(await ids('kind=erasure')).toEqual([overdue._id]);
    expect(await ids('due=overdue')).toEqual([overdue._id]);
    // Due soon leaves the overdue to its own view: the two never overlap.
    expect(await ids('due=soon')).toEqual([soon._id]);
    expect(await ids('q=later')).toEqual([later._id]);
    expect(await ids(`q=${encodeURIComponent(answered.reference.toLowerCase())}`)).toEqual([answered._id]);
    // An address is never searched for (it would sit in the URL and the logs).
    expect(await ids('q=dara.hidden')).toEqual([]);

    // Every page says how many each view holds, whatever its own filter.
    expect((await list('status=completed')).view_counts).toEqual({ open: 3, soon: 1, overdue: 1 });

    // The dashboard counts what falls due within the week or is overdue, and names the soonest, for everyone who may open it.
    const privacyDue = {
      soon: 1,
      overdue: 1,
      items: [
        { _id: overdue._id, reference: overdue.reference, kind: 'erasure', dueOn: overdue.dueOn },
        { _id: soon._id, reference: soon.reference, kind: 'rectification', dueOn: todayInIreland() },
      ],
    };
    expect((await (await admin.call('GET', '/api/v1/dashboard')).json()).dashboard.privacyDue).toEqual(privacyDue);
    expect((await (await broker.call('GET', '/api/v1/dashboard')).json()).dashboard.privacyDue).toEqual(privacyDue);
    expect((await editor.call('GET', '/api/v1/dashboard')).status).toBe(403);

    // Pages of two, forwards by cursor and back, in the same order as one page of all.
    const first = await list('page=0&page_size=2');
    expect(first.requests.map((request) => request._id)).toEqual([overdue._id, soon._id]);
    const second = await list(`page=1&page_size=2&cursor=${first.next_cursor}`);
    expect(second.requests.map((request) => request._id)).toEqual([later._id, answered._id]);
    expect(second.next_cursor).toBeNull();
    const back = await list(`page=0&page_size=2&cursor=${second.prev_cursor}`);
    expect(back.requests.map((request) => request._id)).toEqual([overdue._id, soon._id]);
    const newestSecond = await list(`page=1&page_size=2&sort=newest&cursor=${(await list('page=0&page_size=2&sort=newest')).next_cursor}`);
    expect(newestSecond.requests.at(-1)!._id).toBe(answered._id);
    // A cursor from the other order is refused, not misread.
    expect((await admin.call('GET', `${PATH}?page=1&page_size=2&sort=newest&cursor=${first.next_cursor}`)).status).toBe(400);
  });

  it('audits every change by reference, never with the person’s name or address', async () => {
    const request = await log({ name: 'Fionnuala Audited', email: 'fionnuala.audited@example.ie', note: 'Fionnuala rang twice' });
    await update(request._id, { status: 'completed', note: 'Sent to Fionnuala by post' });
    const deleting = await log({ name: 'Fionnuala Audited', email: 'fionnuala.audited@example.ie' });
    await extend(deleting._id, { months: 1, reason: 'Fionnuala sent more papers' });
    expect((await admin.call('DELETE', `${PATH}/delete/${deleting._id}`)).status).toBe(200);
    expect((await admin.call('GET', `${PATH}/get/${deleting._id}`)).status).toBe(404);

    const entries = await t.test.database.db.select().from(auditLog).where(like(auditLog.target, `privacy-request:%`));
    const mine = entries.filter((entry) => entry.target === `privacy-request:${request._id}` || entry.target === `privacy-request:${deleting._id}`);
    expect(mine.map((entry) => entry.action).sort()).toEqual(
      [
        'privacy request deadline extended',
        'privacy request deleted',
        'privacy request logged',
        'privacy request logged',
        'privacy request note added',
        'privacy request note added',
        'privacy request updated',
      ].sort(),
    );
    expect(mine.every((entry) => entry.actorId === adminId)).toBe(true);
    expect(mine.find((entry) => entry.action === 'privacy request updated')!.details).toEqual({
      reference: request.reference,
      status: { from: 'open', to: 'completed' },
    });
    // A note added says so by reference, never what it says.
    expect(mine.filter((entry) => entry.action === 'privacy request note added').map((entry) => Object.keys(entry.details ?? {}).sort())).toEqual([
      ['noteId', 'reference'],
      ['noteId', 'reference'],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/fionnuala|audited@|aoife|byrne/i);
  });

  it('keeps an erased person’s requests with their reference, kind, dates and status, the name and address replaced', async () => {
    const mine = await log({ name: 'Gráinne Erased', email: 'grainne@example.ie', kind: 'erasure', receivedOn: '2026-11-01' });
    await update(mine._id, { status: 'completed' });
    const other = await log({ name: 'Hugh Kept', email: 'hugh@example.ie' });

    const erased = await admin.call('POST', '/api/v1/privacy/erase', { email: 'GRAINNE@example.ie' });
    expect(erased.status).toBe(200);
    expect((await erased.json()).erased.registerEntries).toBe(1);

    const kept = (await (await admin.call('GET', `${PATH}/get/${mine._id}`)).json()).request;
    expect(kept).toMatchObject({
      reference: mine.reference,
      kind: 'erasure',
      receivedOn: '2026-11-01',
      dueOn: '2026-12-01',
      status: 'completed',
      name: ERASED,
      email: ERASED,
    });
    expect(kept.erasedAt).not.toBeNull();
    expect((await (await admin.call('GET', `${PATH}/get/${other._id}`)).json()).request).toMatchObject({
      name: 'Hugh Kept',
      email: 'hugh@example.ie',
      erasedAt: null,
    });
    const [entry] = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'personal data erased'));
    expect(entry!.details).toMatchObject({ registerIds: [mine._id] });
    expect(JSON.stringify(entry)).not.toMatch(/grainne|gráinne/i);
  });
});
