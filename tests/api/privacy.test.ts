import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactEvents, contacts, leadEvents, leadFiles, leads, outbox, users } from '#src/server/db/schema.ts';
import { outboxFolder } from '#src/server/mail/transport.ts';
import { leadFilesRoot } from '#src/server/storage/media-store.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';
import { authMessages } from '#src/schemas/messages.ts';

let t: TestApp;
let dataDir: string;
let admin: Agent;
let adminId: string;
let editor: Agent;

const PERSON = 'aoife.byrne@example.ie';
const OTHER = 'sean.walsh@example.ie';
const SCHEDULE = Buffer.from('%PDF-1.4 fleet schedule');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'privacy-'));
  mkdirSync(leadFilesRoot(dataDir), { recursive: true });
  mkdirSync(outboxFolder(dataDir), { recursive: true });
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', DATA_DIR: dataDir } });
  adminId = await createUser(t, { email: 'niamh@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' });
  editor = await signedInAs(t, 'editor@shannon-insurance.ie', 'editor');
});
afterAll(async () => {
  await t.test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A mail with its .eml file. */
async function mail(to: string, ref: string | null, text: string) {
  const id = randomUUID();
  await t.test.database.db.insert(outbox).values({ id, to: [to], subject: 'Your van quote request', text, messageId: `<${id}@outbox>`, ref, status: 'sent' });
  const eml = join(outboxFolder(dataDir), `2026-11-01T10-00-00-000Z-${id}.eml`);
  writeFileSync(eml, text);
  return { id, eml };
}

/** One person's callback (with a status change and a note), fleet request (with a document, a note and mails) and a mail to the office naming them in reply-to. */
async function personData(email: string, name: string, reference: string) {
  const { db } = t.test.database;
  const [callback] = await db
    .insert(contacts)
    .values({ name, email, phone: '087 123 4567', subject: 'Van insurance', message: `Please ring ${name} after 5` })
    .returning();
  await db.insert(contactEvents).values([
    { contactId: callback!.id, fromStatus: 'new', toStatus: 'contacted' },
    { contactId: callback!.id, note: `Rang ${name}, call back Monday` },
  ]);
  const [request] = await db
    .insert(leads)
    .values({ kind: 'fleet', reference, name, email: email.toUpperCase(), phone: '087 765 4321', answers: { fleetSize: 12, company: `${name} Haulage` } })
    .returning();
  await db.insert(leadEvents).values({ leadId: request!.id, note: `Spoke to ${name}, quote by Friday` });
  const [file] = await db
    .insert(leadFiles)
    .values({ leadId: request!.id, originalName: 'schedule.pdf', mime: 'application/pdf', bytes: SCHEDULE.length })
    .returning();
  writeFileSync(join(leadFilesRoot(dataDir), file!.id), SCHEDULE);
  const toOffice = await mail('sales@shannon-insurance.ie', `contact:${callback!.id}`, `Callback request from ${name}`);
  const toPerson = await mail(email, `lead:${request!.id}`, `Dear ${name}, thank you`);
  const replyTo = await mail('sales@shannon-insurance.ie', null, `A note answering ${name}`);
  await db.update(outbox).set({ replyTo: email }).where(eq(outbox.id, replyTo.id));
  return { callback: callback!, request: request!, fileId: file!.id, mails: [toOffice, toPerson, replyTo] };
}

const post = (who: Agent, path: string, body: unknown) => who.call('POST', `/api/v1/privacy/${path}`, body);

describe('data-subject requests', () => {
  it('are for Administrators and Brokers: 401 signed out, 403 for an Editor', async () => {
    for (const path of ['find', 'export', 'erase']) {
      expect((await post(agent(t), path, { email: PERSON })).status).toBe(401);
      const refused = await post(editor, path, { email: PERSON });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ ok: false, message: authMessages.personalDataOnly });
    }
  });

  it('answer a missing or malformed address with 400 on the field', async () => {
    for (const path of ['find', 'export', 'erase']) {
      for (const body of [{ email: 'not an address' }, {}, { email: '' }]) {
        const res = await post(admin, path, body);
        expect(res.status).toBe(400);
        expect((await res.json()).errors).toEqual([expect.objectContaining({ field: 'email' })]);
      }
    }
  });

  it('find nothing for an unknown address', async () => {
    const res = await post(admin, 'find', { email: 'nobody@example.ie' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('Nothing is held about this address.');
    expect(body.person).toEqual({ email: 'nobody@example.ie', callbacks: [], requests: [], mails: [], user: null });
  });

  it('find, export and erase everything held about one person, whatever the case of the address, and nothing of anyone else', async () => {
    const { db } = t.test.database;
    const person = await personData(PERSON, 'Aoife Byrne', 'FQ-2026-000101');
    const other = await personData(OTHER, 'Seán Walsh', 'FQ-2026-000102');
    const accountId = await createUser(t, { email: 'Aoife.Byrne@example.ie', password: 'a long test password', firstName: 'Aoife', lastName: 'Byrne' });
    // A colleague's change of address to the person's, waiting for its link: dropped, their account kept.
    const colleagueId = await createUser(t, { email: 'colm@shannon-insurance.ie', password: 'a long test password' });
    await db
      .update(users)
      .set({ pendingEmail: PERSON, pendingEmailTokenHash: 'x', pendingEmailExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(users.id, colleagueId));

    const found = await (await post(admin, 'find', { email: 'AOIFE.BYRNE@example.ie' })).json();
    expect(found.message).toBe('Personal data found.');
    expect(found.person.callbacks).toEqual([expect.objectContaining({ _id: person.callback.id, name: 'Aoife Byrne', subject: 'Van insurance', events: 2 })]);
    expect(found.person.requests).toEqual([
      expect.objectContaining({
        _id: person.request.id,
        reference: 'FQ-2026-000101',
        events: 1,
        files: [{ _id: person.fileId, name: 'schedule.pdf', bytes: SCHEDULE.length }],
      }),
    ]);
    expect(found.person.mails.map((m: { _id: string }) => m._id).sort()).toEqual(person.mails.map((m) => m.id).sort());
    expect(found.person.user).toMatchObject({ _id: accountId, name: 'Aoife Byrne', isAdmin: false, role: 'broker' });

    const exported = await post(admin, 'export', { email: PERSON });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.json"$/);
    const text = await exported.text();
    const document = JSON.parse(text);
    expect(document.callbacks[0]).toMatchObject({ name: 'Aoife Byrne', message: 'Please ring Aoife Byrne after 5', phone: '087 123 4567' });
    expect(document.callbacks[0].history).toEqual([
      expect.objectContaining({ fromStatus: 'new', toStatus: 'contacted', note: '', kind: 'pipeline', detail: null }),
      expect.objectContaining({ fromStatus: null, toStatus: null, note: 'Rang Aoife Byrne, call back Monday' }),
    ]);
    expect(document.requests[0]).toMatchObject({ reference: 'FQ-2026-000101', answers: { fleetSize: 12, company: 'Aoife Byrne Haulage' } });
    expect(document.requests[0].history).toEqual([expect.objectContaining({ note: 'Spoke to Aoife Byrne, quote by Friday' })]);
    expect(document.requests[0].documents).toEqual([
      expect.objectContaining({ name: 'schedule.pdf', type: 'application/pdf', contentBase64: SCHEDULE.toString('base64') }),
    ]);
    expect(document.mails.map((m: { text: string }) => m.text).sort()).toEqual([
      'A note answering Aoife Byrne',
      'Callback request from Aoife Byrne',
      'Dear Aoife Byrne, thank you',
    ]);
    expect(document.account).toMatchObject({ firstName: 'Aoife', email: 'Aoife.Byrne@example.ie', role: 'Broker' });
    // Nobody else's data, and no secrets.
    expect(text).not.toMatch(/Walsh|sean\.walsh|passwordHash|password_hash|idempotency|twoFactorSecret/i);

    const erased = await post(admin, 'erase', { email: PERSON });
    expect(erased.status).toBe(200);
    const erasure = (await erased.json()).erased;
    expect(erasure).toEqual({ requestId: expect.any(String), callbacks: 1, requests: 1, files: 1, mails: 3, user: true, registerEntries: 0 });

    // Gone: rows, history, the document on disk, mails and their .eml files, the account.
    expect(await db.$count(contacts, eq(contacts.id, person.callback.id))).toBe(0);
    expect(await db.$count(leads, eq(leads.id, person.request.id))).toBe(0);
    expect(await db.$count(contactEvents, eq(contactEvents.contactId, person.callback.id))).toBe(0);
    expect(await db.$count(leadEvents, eq(leadEvents.leadId, person.request.id))).toBe(0);
    expect(await db.$count(leadFiles, eq(leadFiles.id, person.fileId))).toBe(0);
    expect(existsSync(join(leadFilesRoot(dataDir), person.fileId))).toBe(false);
    for (const gone of person.mails) {
      expect(await db.$count(outbox, eq(outbox.id, gone.id))).toBe(0);
      expect(existsSync(gone.eml)).toBe(false);
    }
    expect(await db.$count(users, eq(users.id, accountId))).toBe(0);
    const [colleague] = await db.select().from(users).where(eq(users.id, colleagueId));
    expect(colleague).toMatchObject({ email: 'colm@shannon-insurance.ie', pendingEmail: null, pendingEmailTokenHash: null });
    const after = await (await post(admin, 'find', { email: PERSON })).json();
    expect(after.person).toEqual({ email: PERSON, callbacks: [], requests: [], mails: [], user: null });

    // The other person is untouched.
    expect(await db.$count(contacts, eq(contacts.id, other.callback.id))).toBe(1);
    expect(await db.$count(contactEvents, eq(contactEvents.contactId, other.callback.id))).toBe(2);
    expect(await db.$count(leads, eq(leads.id, other.request.id))).toBe(1);
    expect(readFileSync(join(leadFilesRoot(dataDir), other.fileId))).toEqual(SCHEDULE);
    for (const kept of other.mails) expect(existsSync(kept.eml)).toBe(true);

    // Audited with ids and counts, never the address or the data.
    const entries = await db.select().from(auditLog).where(eq(auditLog.actorId, adminId));
    const actions = entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['personal data looked up', 'personal data exported', 'personal data erased']));
    const erasedEntry = entries.find((entry) => entry.action === 'personal data erased')!;
    expect(erasedEntry.target).toBe(`privacy-request:${erasure.requestId}`);
    expect(erasedEntry.details).toMatchObject({
      callbacks: 1,
      requests: 1,
      files: 1,
      mails: 3,
      user: true,
      callbackIds: [person.callback.id],
      requestIds: [person.request.id],
      userId: accountId,
    });
    expect(JSON.stringify(entries)).not.toMatch(/aoife|byrne|087 |haulage|schedule/i);
    // The audit log lists them as their own kind of record.
    const listed = await (await admin.call('GET', '/api/v1/audit?kind=privacy-request')).json();
    expect(listed.entries.map((entry: { action: string }) => entry.action)).toEqual(expect.arrayContaining(['personal data erased', 'personal data exported']));
  });

  it('erase each record once when two erasures of the same person run at once', async () => {
    const person = await personData('twice@example.ie', 'Tadhg Twice', 'FQ-2026-000103');
    const [first, second] = await Promise.all([post(admin, 'erase', { email: 'twice@example.ie' }), post(admin, 'erase', { email: 'twice@example.ie' })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const both = [(await first.json()).erased, (await second.json()).erased];
    expect(both[0].callbacks + both[1].callbacks).toBe(1);
    expect(both[0].requests + both[1].requests).toBe(1);
    expect(both[0].files + both[1].files).toBe(1);
    expect(both[0].mails + both[1].mails).toBe(3);
    expect(await t.test.database.db.$count(contacts, eq(contacts.id, person.callback.id))).toBe(0);
  });

  it('leave the callbacks and requests an erased staff member looked after unassigned, with their history kept', async () => {
    const { db } = t.test.database;
    const staffId = await createUser(t, { email: 'ronan@shannon-insurance.ie', password: 'a long test password', firstName: 'Rónán', lastName: 'Kelly' });
    const customer = await personData('owned.customer@example.ie', 'Owned Customer', 'FQ-2026-000104');
    await db.update(contacts).set({ ownerId: staffId }).where(eq(contacts.id, customer.callback.id));
    await db.update(leads).set({ ownerId: staffId }).where(eq(leads.id, customer.request.id));
    await db.insert(contactEvents).values({ contactId: customer.callback.id, userId: staffId, note: 'Left a voicemail' });

    const erased = await post(admin, 'erase', { email: 'ronan@shannon-insurance.ie' });
    expect(erased.status).toBe(200);
    expect((await erased.json()).erased).toMatchObject({ callbacks: 0, requests: 0, user: true });

    expect(await db.$count(users, eq(users.id, staffId))).toBe(0);
    const [callback] = await db.select().from(contacts).where(eq(contacts.id, customer.callback.id));
    const [request] = await db.select().from(leads).where(eq(leads.id, customer.request.id));
    expect(callback!.ownerId).toBeNull();
    expect(request!.ownerId).toBeNull();
    // The customer's history stays, no longer naming who wrote it.
    const notes = await db.select().from(contactEvents).where(eq(contactEvents.contactId, customer.callback.id));
    expect(notes).toHaveLength(3);
    expect(notes.find((note) => note.note === 'Left a voicemail')!.userId).toBeNull();
  });

  it('leave a staff account to Administrators: a Broker’s erasure of its address is refused whole', async () => {
    const { db } = t.test.database;
    const broker = await signedInAs(t, 'broker.privacy@shannon-insurance.ie', 'broker');
    const staffId = await createUser(t, { email: 'aine.admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
    const customer = await personData('aine.admin@shannon-insurance.ie', 'Áine Admin', 'FQ-2026-000105');

    const refused = await post(broker, 'erase', { email: 'aine.admin@shannon-insurance.ie' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('This address has a staff account: only an administrator can erase it.');
    // Nothing of it was erased: the account, the callback and the request all stay.
    expect(await db.$count(users, eq(users.id, staffId))).toBe(1);
    expect(await db.$count(contacts, eq(contacts.id, customer.callback.id))).toBe(1);
    expect(await db.$count(leads, eq(leads.id, customer.request.id))).toBe(1);
    // A customer's own data is still the Broker's to erase.
    await personData('broker.erases@example.ie', 'Broker Erases', 'FQ-2026-000106');
    expect((await post(broker, 'erase', { email: 'broker.erases@example.ie' })).status).toBe(200);
  });

  it('never erase the administrator’s own account', async () => {
    const res = await post(admin, 'erase', { email: 'niamh@shannon-insurance.ie' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('You cannot erase your own account: another administrator must.');
    expect(await t.test.database.db.$count(users, eq(users.id, adminId))).toBe(1);
  });
});

describe('audit entries elsewhere', () => {
  it('keep no addresses or search words: an email change, a user deleted, a filtered export', async () => {
    const { db } = t.test.database;
    const targetId = await createUser(t, { email: 'ciara@shannon-insurance.ie', password: 'a long test password' });
    expect(
      (await admin.call('PUT', `/api/v1/users/update/${targetId}`, { first_name: 'Ciara', last_name: 'Test', email: 'ciara.new@shannon-insurance.ie' })).status,
    ).toBe(200);
    expect((await admin.call('DELETE', `/api/v1/users/delete/${targetId}`)).status).toBe(200);
    expect((await admin.call('GET', '/api/v1/quotes/export?q=walsh')).status).toBe(200);
    const entries = await db.select().from(auditLog);
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['email change requested', 'user deleted', 'leads exported']));
    expect(entries.find((entry) => entry.action === 'leads exported')!.details).toMatchObject({ filter: { searched: true } });
    expect(JSON.stringify(entries)).not.toMatch(/ciara|walsh/i);
  });

  it('written by earlier versions lose their addresses with migration 0012', async () => {
    const { db } = t.test.database;
    await db.insert(auditLog).values([
      { action: 'email changed', target: 'user:1', details: { from: 'old@example.ie', to: 'new@example.ie' } },
      { action: 'user deleted', target: 'user:2', details: { email: 'gone@example.ie' } },
      { action: 'leads exported', details: { rows: 3, filter: { status: 'new', q: 'Old Name' } } },
    ]);
    const migration = readFileSync(new URL('../../src/server/db/migrations/0012_ops-privacy.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((part) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(part))) {
      await db.execute(statement);
    }
    const entries = await db.select().from(auditLog);
    expect(JSON.stringify(entries)).not.toMatch(/old@|new@|gone@|Old Name/);
    expect(entries.find((entry) => entry.target === 'user:2')!.details).toEqual({});
    expect(entries.find((entry) => entry.details?.rows === 3)!.details).toEqual({ rows: 3, filter: { status: 'new', searched: true } });
  });
});
