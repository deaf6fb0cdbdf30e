import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, outbox } from '#src/server/db/schema.ts';
import { sendDueMail } from '#src/server/jobs/outbox-sender.ts';
import { runRetention } from '#src/server/jobs/retention.ts';
import { createLogger } from '#src/server/log.ts';
import { enqueueMail } from '#src/server/mail/outbox.ts';
import { PREVIEW_CSP } from '#src/server/mail/preview-policy.ts';
import { createMailTransport } from '#src/server/mail/transport.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';

let t: TestApp;
let standard: Agent;
let admin: Agent;
let mailDir: string;
const ids: Record<'callback' | 'reset' | 'failed', string> = { callback: '', reset: '', failed: '' };

async function idOf(subject: string): Promise<string> {
  const [row] = await t.test.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.subject, subject));
  return row!.id;
}

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
  mailDir = await mkdtemp(join(tmpdir(), 'mail-screen-'));
  standard = await signedInAs(t);
  await createUser(t, { email: 'niamh@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  await admin.call('POST', '/api/v1/auth/login', { email: 'niamh@shannon-insurance.ie', password: 'a long test password' });
  const db = t.test.database.db;
  await enqueueMail(db, {
    to: ['sales@shannon-insurance.ie'],
    subject: 'Callback request: Van cover',
    text: 'Name: Aoife Byrne\nPhone: 0871234567',
    // As the team's notice of a callback is queued: a reply goes to the visitor.
    replyTo: 'aoife.byrne@example.ie',
    ref: 'contact:1',
  });
  await enqueueMail(db, {
    to: ['orla@shannon-insurance.ie'],
    subject: 'Reset your password',
    text: 'https://example.ie/verifypasswordreset?token=secret-token',
    ref: 'password-reset:1',
  });
  await enqueueMail(db, {
    to: ['nobody@unknown.example'],
    cc: ['sales@shannon-insurance.ie'],
    subject: 'Your quote request VQ-2026-000001',
    text: 'Thank you, Seán.',
    html: '<html><head><title>Quote</title></head><body><p>Thank you, <b>Seán</b>.</p></body></html>',
    ref: 'lead:1',
  });
  ids.callback = await idOf('Callback request: Van cover');
  ids.reset = await idOf('Reset your password');
  ids.failed = await idOf('Your quote request VQ-2026-000001');
  // As the outbox job leaves a mail the server refused for good (550): failed at once, with each address's answer.
  await db
    .update(outbox)
    .set({
      status: 'failed',
      attempts: 1,
      failedAt: new Date('2026-07-01T23:30:00Z'),
      lastError: 'nobody@unknown.example: refused (550 No such user here)',
      recipients: [
        { address: 'nobody@unknown.example', result: 'refused', code: 550, response: '550 No such user here', at: '2026-07-01T23:30:00.000Z' },
        { address: 'sales@shannon-insurance.ie', result: 'accepted', code: 250, response: '250 OK', at: '2026-07-01T23:30:00.000Z' },
      ],
    })
    .where(eq(outbox.id, ids.failed));
});
afterAll(async () => {
  await t.test.drop();
  await rm(mailDir, { recursive: true, force: true });
});

describe('the Mail screen’s API', () => {
  it('refuses a signed-out visitor (401) on every endpoint', async () => {
    const visitor = agent(t);
    for (const [method, path] of [
      ['GET', '/api/v1/mail'],
      ['GET', `/api/v1/mail/get/${ids.callback}`],
      ['POST', `/api/v1/mail/resend/${ids.failed}`],
    ] as const) {
      const res = await visitor.call(method, path);
      expect(res.status, path).toBe(401);
      expect((await res.json()).ok).toBe(false);
    }
  });

  it('answers bad filters with 400 and the field', async () => {
    for (const [query, field] of [
      ['status=lost', 'status'],
      ['audience=everyone', 'audience'],
      [`q=${'x'.repeat(201)}`, 'q'],
      ['page=-1', 'page'],
    ] as const) {
      const res = await standard.call('GET', `/api/v1/mail?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).errors).toEqual([expect.objectContaining({ field })]);
    }
  });

  it('lists queued, sent and failed mail for any staff member, filtered by status and by recipient or subject, with counts', async () => {
    const all = await (await standard.call('GET', '/api/v1/mail')).json();
    expect(all.total_items).toBe(3);
    expect(all.counts).toEqual({ queued: 2, sent: 0, failed: 1 });
    expect(all.counts_estimated).toEqual([]);
    expect(all.total_is_estimate).toBe(false);
    const failed = await (await standard.call('GET', '/api/v1/mail?status=failed')).json();
    expect(failed.mails).toHaveLength(1);
    expect(failed.mails[0]).toMatchObject({
      _id: ids.failed,
      status: 'failed',
      attempts: 1,
      lastError: 'nobody@unknown.example: refused (550 No such user here)',
      failedAt: '2026-07-01T23:30:00.000Z',
      to: ['nobody@unknown.example'],
    });
    // A recipient (to or cc) or words of the subject, any case; LIKE's wildcards are plain characters.
    const bySales = await (await standard.call('GET', '/api/v1/mail?q=SALES@shannon')).json();
    expect(bySales.mails.map((mail: { _id: string }) => mail._id).sort()).toEqual([ids.callback, ids.failed].sort());
    const bySubject = await (await standard.call('GET', '/api/v1/mail?q=reset%20your')).json();
    expect(bySubject.mails.map((mail: { _id: string }) => mail._id)).toEqual([ids.reset]);
    expect((await (await standard.call('GET', '/api/v1/mail?q=%25')).json()).total_items).toBe(0);
    const paged = await (await standard.call('GET', '/api/v1/mail?page=1&page_size=2')).json();
    expect(paged).toMatchObject({ page: 1, page_size: 2, total_pages: 2, total_items: 3, next_cursor: null });
    expect(paged.mails).toHaveLength(1);
    // By cursor, as the screen's next and previous buttons ask: the same pages as by number.
    const first = await (await standard.call('GET', '/api/v1/mail?page_size=2')).json();
    const next = await (await standard.call('GET', `/api/v1/mail?page=1&page_size=2&cursor=${first.next_cursor}`)).json();
    expect(next.mails.map((mail: { _id: string }) => mail._id)).toEqual(paged.mails.map((mail: { _id: string }) => mail._id));
    const back = await (await standard.call('GET', `/api/v1/mail?page=0&page_size=2&cursor=${next.prev_cursor}`)).json();
    expect(back.mails.map((mail: { _id: string }) => mail._id)).toEqual(first.mails.map((mail: { _id: string }) => mail._id));
    expect((await standard.call('GET', '/api/v1/mail?cursor=not-a-cursor')).status).toBe(400);
  });

  it('filters by audience: a visitor’s acknowledgement is a customer’s mail; the team’s notice of the same record and sign-in links are the team’s', async () => {
    const found = async (query: string) =>
      (await (await standard.call('GET', `/api/v1/mail?${query}`)).json()).mails.map((mail: { _id: string }) => mail._id).sort();
    expect(await found('audience=customer')).toEqual([ids.failed]);
    expect(await found('audience=team')).toEqual([ids.callback, ids.reset].sort());
    // With the other filters, as the list combines them.
    expect(await found('audience=team&status=queued&q=reset')).toEqual([ids.reset]);
    expect(await found('audience=customer&status=queued')).toEqual([]);
  });

  it('shows one mail with each address’s result and its text, recording the reading; a sign-in link is never shown', async () => {
    const res = await standard.call('GET', `/api/v1/mail/get/${ids.failed}`);
    expect(res.status).toBe(200);
    const { mail } = await res.json();
    expect(mail).toMatchObject({ text: 'Thank you, Seán.', withheld: null, cc: ['sales@shannon-insurance.ie'] });
    // The HTML part, a page of its own for a sandboxed frame, with a policy that lets its own styles in and nothing else.
    expect(mail.hasHtml).toBe(true);
    const html = await standard.call('GET', `/api/v1/mail/html/${ids.failed}`);
    expect(html.status).toBe(200);
    expect(await html.text()).toBe(
      `<html><head><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><title>Quote</title></head><body><p>Thank you, <b>Seán</b>.</p></body></html>`,
    );
    expect((await agent(t).call('GET', `/api/v1/mail/html/${ids.failed}`)).status).toBe(401);
    // A mail sent as text alone, or one whose body is withheld, has none.
    expect((await standard.call('GET', `/api/v1/mail/html/${ids.callback}`)).status).toBe(404);
    expect((await admin.call('GET', `/api/v1/mail/html/${ids.reset}`)).status).toBe(404);
    expect(mail.recipients).toEqual([
      { address: 'nobody@unknown.example', result: 'refused', code: 550, response: '550 No such user here', at: '2026-07-01T23:30:00.000Z' },
      { address: 'sales@shannon-insurance.ie', result: 'accepted', code: 250, response: '250 OK', at: '2026-07-01T23:30:00.000Z' },
    ]);
    const reset = await (await admin.call('GET', `/api/v1/mail/get/${ids.reset}`)).json();
    expect(reset.mail.text).toBeNull();
    expect(reset.mail.hasHtml).toBe(false);
    expect(reset.mail.withheld).toMatch(/password-reset link/);
    expect(JSON.stringify(reset)).not.toContain('secret-token');
    const viewed = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'mail viewed'));
    expect(viewed.map((entry) => entry.target).sort()).toEqual([`mail:${ids.failed}`, `mail:${ids.reset}`].sort());
    // Which mail was read, not what it says: the audit log keeps no personal data beyond record ids.
    expect(viewed.find((entry) => entry.target === `mail:${ids.reset}`)?.details).toEqual({ bodyShown: false });
  });

  it('answers 404 for a mail that does not exist, or an id that cannot name one', async () => {
    for (const path of [
      '/api/v1/mail/get/00000000-0000-4000-8000-000000000000',
      '/api/v1/mail/get/not-an-id',
      '/api/v1/mail/resend/00000000-0000-4000-8000-000000000000',
      '/api/v1/mail/resend/42',
    ]) {
      const res = await standard.call(path.includes('resend') ? 'POST' : 'GET', path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).message).toBe('There is no such mail.');
    }
  });

  it('refuses to send again a mail still in the queue (409)', async () => {
    const res = await standard.call('POST', `/api/v1/mail/resend/${ids.callback}`);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/still in the queue/);
  });

  it('sends a failed mail again once however many ask at the same moment, audited, and the job delivers it with a new Message-ID', async () => {
    const [before] = await t.test.database.db.select().from(outbox).where(eq(outbox.id, ids.failed));
    const answers = await Promise.all([standard, admin, standard, admin].map((who) => who.call('POST', `/api/v1/mail/resend/${ids.failed}`)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    const ok = await answers.find((res) => res.status === 200)!.json();
    expect(ok.mail).toMatchObject({ status: 'queued', attempts: 0, lastError: null, failedAt: null });
    const resent = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'mail resent'));
    expect(resent).toHaveLength(1);
    expect(resent[0]).toMatchObject({ target: `mail:${ids.failed}` });
    // The last error named the refused address: the entry keeps the state, not the words.
    expect(resent[0]?.details).toEqual({ previousStatus: 'failed', attempts: 1 });

    // The outbox job takes it at once (it is due now) and delivers it as a new message.
    const transport = createMailTransport({ dataDir: mailDir });
    const sent = await sendDueMail({ db: t.test.database.db, transport, from: 'site@shannon-insurance.ie', log: createLogger('silent'), maxAttempts: 5 });
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const [after] = await t.test.database.db.select().from(outbox).where(eq(outbox.id, ids.failed));
    expect(after).toMatchObject({ status: 'sent', attempts: 1 });
    expect(after!.messageId).not.toBe(before!.messageId);
    const files = await readdir(join(mailDir, 'outbox'));
    const texts = await Promise.all(files.map((file) => readFile(join(mailDir, 'outbox', file), 'utf8')));
    expect(texts.some((text) => text.includes(after!.messageId) && text.includes('Your quote request VQ-2026-000001'))).toBe(true);

    // A sent mail can be sent again too; then it is queued, so a second click is refused.
    expect((await admin.call('POST', `/api/v1/mail/resend/${ids.failed}`)).status).toBe(200);
    expect((await admin.call('POST', `/api/v1/mail/resend/${ids.failed}`)).status).toBe(409);
  });

  it('shows a mail past the body period as removed under the retention policy, and refuses to send it again (409)', async () => {
    const { db } = t.test.database;
    const [old] = await db
      .insert(outbox)
      .values({
        to: ['aoife.byrne@example.ie'],
        subject: 'Your quote request VQ-2026-000009',
        text: 'Dear Aoife, thank you.',
        html: '<p>Dear Aoife, thank you.</p>',
        messageId: '<old-mail@outbox>',
        ref: 'lead:9',
        status: 'sent',
        sentAt: sql`now() - interval '40 days'`,
        createdAt: sql`now() - interval '40 days'`,
      })
      .returning();
    const days = t.config.mailBodyRetentionDays;
    expect((await runRetention(db, { retentionMonths: 24, mailBodyRetentionDays: days, dataDir: mailDir })).mailBodies).toBe(1);

    const listed = await (await standard.call('GET', '/api/v1/mail?q=aoife.byrne')).json();
    expect(listed.mails).toEqual([expect.objectContaining({ _id: old!.id, subject: '', status: 'sent', bodyRemoved: true })]);
    const { mail } = await (await standard.call('GET', `/api/v1/mail/get/${old!.id}`)).json();
    expect(mail).toMatchObject({
      text: null,
      hasHtml: false,
      bodyRemoved: true,
      withheld: `The content of this mail was removed after ${days} days under the retention policy.`,
    });

    const refused = await admin.call('POST', `/api/v1/mail/resend/${old!.id}`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      'This mail cannot be sent again: its content was removed under the retention policy, so there is nothing left to send.',
    );
    const [after] = await db.select().from(outbox).where(eq(outbox.id, old!.id));
    expect(after).toMatchObject({ status: 'sent', messageId: '<old-mail@outbox>' });
    expect(await db.$count(auditLog, eq(auditLog.target, `mail:${old!.id}`))).toBe(1); // the reading only
  });

  it('names in the list the record each mail is about, as it is now, and nothing for one that names none', async () => {
    const db = t.test.database.db;
    const [caller] = await db
      .insert(contacts)
      .values({ name: 'Cian Ó Briain', email: 'cian@example.ie', phone: '0871112223', subject: 'Fleet cover', message: 'Ring me' })
      .returning({ id: contacts.id });
    await enqueueMail(db, { to: ['sales@shannon-insurance.ie'], subject: 'Callback request: Fleet cover', text: 'x', ref: `contact:${caller!.id}` });
    const listed = await (await standard.call('GET', '/api/v1/mail?q=fleet%20cover')).json();
    expect(listed.mails).toEqual([expect.objectContaining({ ref: `contact:${caller!.id}`, about: { name: 'Cian Ó Briain', leadKind: null } })]);
    // 'contact:1' names no record that exists; a password reset names none at all.
    const others = await (await standard.call('GET', '/api/v1/mail?status=queued')).json();
    for (const mail of others.mails.filter((mail: { ref: string }) => mail.ref !== `contact:${caller!.id}`)) expect(mail.about).toBeNull();
    // Erased or deleted, the record no longer names the mail.
    await db.delete(contacts).where(eq(contacts.id, caller!.id));
    const after = await (await standard.call('GET', '/api/v1/mail?q=fleet%20cover')).json();
    expect(after.mails[0].about).toBeNull();
  });
});
