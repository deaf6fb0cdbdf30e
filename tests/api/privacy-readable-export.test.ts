import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '#src/schemas/messages.ts';
import { PERSON_DATA_MESSAGES } from '#src/schemas/privacy.ts';
import { auditLog, contactEvents, contacts, leadEvents, leadFiles, leads, outbox } from '#src/server/db/schema.ts';
import { ALREADY_ERASED, NO_SUCH_PRIVACY_REQUEST, NOT_ITS_ADDRESS } from '#src/server/privacy/register/queries.ts';
import { leadFilesRoot } from '#src/server/storage/media-store.ts';
import { validAnswers } from '../support/lead-answers.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

/** The subject-access export a person can read: one HTML page, escaped, audited as the JSON one is. */

let t: TestApp;
let dataDir: string;
let admin: Agent;
let adminId: string;
let broker: Agent;
let editor: Agent;

const PERSON = 'aoife.byrne@example.ie';
const SCHEDULE = Buffer.from('%PDF-1.4 van schedule');
const HOSTILE = '<script>alert("owned")</script> & <b>bold</b>';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'privacy-html-'));
  mkdirSync(leadFilesRoot(dataDir), { recursive: true });
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', DATA_DIR: dataDir } });
  adminId = await createUser(t, { email: 'niamh@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' });
  broker = await signedInAs(t, 'broker@shannon-insurance.ie', 'broker');
  editor = await signedInAs(t, 'editor@shannon-insurance.ie', 'editor');

  const { db } = t.test.database;
  const [callback] = await db
    .insert(contacts)
    .values({ name: 'Aoife Byrne', email: PERSON, phone: '087 123 4567', subject: 'Van insurance', message: `Ring me after five. ${HOSTILE}` })
    .returning();
  await db.insert(contactEvents).values([
    { contactId: callback!.id, fromStatus: 'new', toStatus: 'contacted', createdAt: new Date('2026-07-02T08:30:00Z') },
    { contactId: callback!.id, note: 'Rang Aoife, call back Monday', createdAt: new Date('2026-07-02T08:31:00Z') },
  ]);
  const [request] = await db
    .insert(leads)
    .values({ kind: 'van', reference: 'VQ-2026-000101', name: 'Aoife Byrne', email: PERSON, phone: '087 123 4567', answers: validAnswers.van })
    .returning();
  await db.insert(leadEvents).values([
    { leadId: request!.id, toStatus: 'new', note: 'Received from the website' },
    { leadId: request!.id, kind: 'outcome', fromStatus: 'contacted', toStatus: 'quoted', detail: { outcome: 'quoted', premium: '1250.00', insurer: 'Aviva' } },
  ]);
  const [file] = await db
    .insert(leadFiles)
    .values({ leadId: request!.id, originalName: 'schedule.pdf', mime: 'application/pdf', bytes: SCHEDULE.length })
    .returning();
  writeFileSync(join(leadFilesRoot(dataDir), file!.id), SCHEDULE);
  await db.insert(outbox).values({
    to: [PERSON],
    subject: 'Your van insurance quote request VQ-2026-000101',
    text: 'Hello Aoife,\nThank you for your van insurance quote request.',
    messageId: '<m1@outbox>',
    ref: `lead:${request!.id}`,
    status: 'sent',
    sentAt: new Date('2026-07-01T23:30:00Z'),
  });
  // Someone else's callback: never in Aoife's page.
  await db.insert(contacts).values({ name: 'Seán Walsh', email: 'sean.walsh@example.ie', phone: '087 000 0000', subject: 'Fleet', message: 'Walsh' });
});
afterAll(async () => {
  await t.test.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const exportAs = (who: Agent, body: unknown) => who.call('POST', '/api/v1/privacy/export', body);

describe('the readable export', () => {
  it('is one HTML page to download, never cached, named as the JSON one is', async () => {
    const res = await exportAs(admin, { email: PERSON, format: 'html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.html"$/);
    const html = await res.text();
    expect(html.startsWith('<!doctype html>\n<html lang="en-IE">')).toBe(true);
    // Self-contained: no script, nothing fetched from anywhere.
    expect(html).toContain(`content="default-src &#x27;none&#x27;; style-src &#x27;unsafe-inline&#x27;; img-src data:"`);
    expect(html).not.toMatch(/<script|<link|<img|src="http|@import|url\(/i);
  });

  it('names the broker, the date and its reference, then each record with its history in words', async () => {
    const res = await exportAs(admin, { email: PERSON.toUpperCase(), format: 'html' });
    const html = await res.text();
    expect(html).toContain('Shannon Commercial Insurance');
    expect(html).toContain('<h1>Your personal data</h1>');
    // The reference is the export's audit request id, which the file name starts.
    const reference = /<code>([0-9a-f-]{36})<\/code>/.exec(html)?.[1];
    expect(res.headers.get('content-disposition')).toContain(`-${reference!.slice(0, 8)}.html`);
    // The callback, its status change and note in words, on Dublin's clock (08:30 UTC is 09:30 in July).
    expect(html).toContain('Callback requests');
    expect(html).toContain('2 Jul 2026, 09:30');
    expect(html).toContain('Status changed from New to Contacted');
    expect(html).toContain('Rang Aoife, call back Monday');
    // The quote's answers under the form's own questions and the visitor's own step titles.
    expect(html).toMatch(/<h4>About you<\/h4>/);
    expect(html).toMatch(/<th scope="row">Business or trade the van is used for<\/th><td>Domestic plumbing and heating<\/td>/);
    expect(html).toMatch(/<th scope="row">Licence held<\/th><td>Full Irish licence<\/td>/);
    expect(html).toContain('Quote recorded: €1,250 premium with Aviva');
    // The document, to download from the page itself.
    expect(html).toContain(`<a href="data:application/octet-stream;base64,${SCHEDULE.toString('base64')}" download="schedule.pdf">schedule.pdf</a>`);
    // The mail, its subject, its address and its text.
    expect(html).toContain('Your van insurance quote request VQ-2026-000101');
    expect(html).toContain('Thank you for your van insurance quote request.');
    expect(html).toContain('2 Jul 2026, 00:30');
    // Nobody else's data; no empty section (no staff account here).
    expect(html).not.toContain('Walsh');
    expect(html).not.toContain('Staff account');
  });

  it('escapes what a visitor wrote: a script in a message is text', async () => {
    const html = await (await exportAs(admin, { email: PERSON, format: 'html' })).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('Ring me after five. &lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
  });

  it('says so when nothing is held, and leaves every section out', async () => {
    const html = await (await exportAs(admin, { email: 'nobody@example.ie', format: 'html' })).text();
    expect(html).toContain('We hold no records about this email address.');
    for (const section of ['Callback requests', 'Quote and renewal requests', '>Emails<', 'Staff account']) expect(html).not.toContain(section);
  });

  it('is audited as the JSON export is, with its format, never with the address', async () => {
    const { db } = t.test.database;
    await db.delete(auditLog).where(eq(auditLog.action, 'personal data exported'));
    expect((await exportAs(broker, { email: PERSON, format: 'html' })).status).toBe(200);
    expect((await exportAs(broker, { email: PERSON })).status).toBe(200);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'personal data exported')).orderBy(auditLog.createdAt);
    expect(entries.map((entry) => entry.details)).toEqual([
      { callbacks: 1, requests: 1, files: 1, mails: 1, user: false, format: 'html' },
      { callbacks: 1, requests: 1, files: 1, mails: 1, user: false, format: 'json' },
    ]);
    expect(entries.every((entry) => entry.target?.startsWith('privacy-request:'))).toBe(true);
    expect(JSON.stringify(entries)).not.toMatch(/aoife|byrne/i);
  });

  it('is for Administrators and Brokers: 401 signed out, 403 for an Editor, nothing audited', async () => {
    const { db } = t.test.database;
    const before = await db.$count(auditLog, eq(auditLog.action, 'personal data exported'));
    expect((await exportAs(agent(t), { email: PERSON, format: 'html' })).status).toBe(401);
    const refused = await exportAs(editor, { email: PERSON, format: 'html' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, message: authMessages.personalDataOnly });
    expect(await db.$count(auditLog, eq(auditLog.action, 'personal data exported'))).toBe(before);
  });

  it('refuses an unknown format or a malformed address with a 400 on the field', async () => {
    for (const [body, field] of [
      [{ email: PERSON, format: 'pdf' }, 'format'],
      [{ email: PERSON, format: 1 }, 'format'],
      [{ email: 'not an address', format: 'html' }, 'email'],
    ] as const) {
      const res = await exportAs(admin, body);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toContainEqual(expect.objectContaining({ field }));
    }
    expect((await (await exportAs(admin, { email: PERSON, format: 'pdf' })).json()).errors).toContainEqual({
      field: 'format',
      message: PERSON_DATA_MESSAGES.format,
    });
  });
});

describe('a look-up, export or erasure made for a logged request', () => {
  const logRequest = async (email: string, kind = 'access') => {
    const res = await admin.call('POST', '/api/v1/privacy/requests/create', { kind, name: 'Aoife Byrne', email, receivedOn: '2026-07-01' });
    return (await res.json()).request as { _id: string };
  };

  it('names the request in its audit entry', async () => {
    const { db } = t.test.database;
    const request = await logRequest(PERSON);
    expect((await admin.call('POST', '/api/v1/privacy/find', { email: PERSON, registerId: request._id })).status).toBe(200);
    expect((await exportAs(admin, { email: PERSON, format: 'html', registerId: request._id })).status).toBe(200);
    const entries = await db.select().from(auditLog).where(eq(auditLog.actorId, adminId)).orderBy(auditLog.createdAt);
    expect(entries.filter((entry) => entry.details?.registerId === request._id).map((entry) => entry.action)).toEqual([
      'personal data looked up',
      'personal data exported',
    ]);
  });

  it('must hold the same address, still be there and not be erased: a clear 4xx, nothing done', async () => {
    const { db } = t.test.database;
    const other = await logRequest('sean.walsh@example.ie');
    const before = await db.$count(auditLog);
    for (const path of ['find', 'export', 'erase']) {
      const wrong = await admin.call('POST', `/api/v1/privacy/${path}`, { email: PERSON, registerId: other._id });
      expect(wrong.status, path).toBe(400);
      expect((await wrong.json()).errors).toEqual([{ field: 'registerId', message: NOT_ITS_ADDRESS }]);
      const missing = await admin.call('POST', `/api/v1/privacy/${path}`, { email: PERSON, registerId: '00000000-0000-4000-8000-000000000000' });
      expect(missing.status, path).toBe(400);
      expect((await missing.json()).errors).toEqual([{ field: 'registerId', message: NO_SUCH_PRIVACY_REQUEST }]);
      const malformed = await admin.call('POST', `/api/v1/privacy/${path}`, { email: PERSON, registerId: 'PR-2026-000001' });
      expect(malformed.status, path).toBe(400);
      expect((await malformed.json()).errors).toEqual([{ field: 'registerId', message: PERSON_DATA_MESSAGES.registerId }]);
    }
    expect(await db.$count(auditLog)).toBe(before);
    expect(await db.$count(contacts, eq(contacts.email, PERSON))).toBe(1);

    const erasure = await logRequest('gone@example.ie', 'erasure');
    expect((await admin.call('POST', '/api/v1/privacy/erase', { email: 'gone@example.ie', registerId: erasure._id })).status).toBe(200);
    const again = await exportAs(admin, { email: 'gone@example.ie', registerId: erasure._id });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(ALREADY_ERASED);
  });
});
