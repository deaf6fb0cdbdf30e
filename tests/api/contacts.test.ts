import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts, outbox } from '#src/server/db/schema.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { solvedCheck } from '../support/human-check.ts';

const valid = {
  name: 'Aoife Byrne',
  email: 'aoife@example.ie',
  phone: '+353 87 123 4567',
  subject: 'Van insurance for convicted drivers',
  message: 'I have 4 penalty points. Please call after 5pm.',
};

let t: TestApp;
/** A valid body with a freshly solved human check. */
const checked = async (body: Record<string, unknown> = valid) => ({
  ...body,
  humanCheck: await solvedCheck(async (path) => (await t.call('GET', path)).json()),
});

/** A callback's two mails: the sales team's copy and the visitor's acknowledgement. */
async function mailsOf(contactId: string) {
  const mails = await t.test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.ref, `contact:${contactId}`));
  expect(mails).toHaveLength(2);
  return { sales: mails.find((mail) => mail.to.includes(t.config.site.salesEmail)), visitor: mails.find((mail) => mail.to.includes(valid.email)) };
}

beforeAll(async () => {
  t = await makeTestApp({ env: { ALLOWED_RECIPIENT_DOMAINS: 'shannon-insurance.ie,partner.ie' } });
});
afterAll(() => t.test.drop());

describe('POST /api/v1/contacts/create', () => {
  it('answers its short envelope uncompressed, while a read of the API is compressed', async () => {
    const created = await t.call('POST', '/api/v1/contacts/create', await checked(), { 'accept-encoding': 'gzip' });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-encoding')).toBeNull();
    const openapi = await t.call('GET', '/api/v1/openapi.json', undefined, { 'accept-encoding': 'gzip' });
    expect(openapi.headers.get('content-encoding')).toBe('gzip');
  });

  it('stores the contact and queues the sales notification and the acknowledgement in the same transaction', async () => {
    const res = await t.call('POST', '/api/v1/contacts/create', await checked());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, errors: [], contact: { name: valid.name, email: valid.email, phone: valid.phone } });
    expect(typeof body.contact._id).toBe('string');

    const db = t.test.database.db;
    const [stored] = await db.select().from(contacts).where(eq(contacts.id, body.contact._id));
    expect(stored).toMatchObject({ subject: valid.subject, message: valid.message });
    const { sales: mail, visitor } = await mailsOf(body.contact._id);
    expect(mail?.to).toEqual([t.config.site.salesEmail]);
    expect(mail?.replyTo).toBe(valid.email);
    expect(mail?.text).toContain(valid.message);
    // One click from the mail to the callback in the back-office.
    const link = `${t.config.site.origin}/admin/contacts/view/${body.contact._id}`;
    expect(mail?.text).toContain(link);
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.sentAt).toBeNull();
    expect(visitor?.sentAt).toBeNull();
  });

  it('queues an acknowledgement to the visitor: received, what happens next, the number to ring, and the regulatory footer', async () => {
    const res = await t.call('POST', '/api/v1/contacts/create', await checked({ ...valid, recipientEmails: 'claims@partner.ie' }));
    expect(res.status).toBe(201);
    const { visitor } = await mailsOf((await res.json()).contact._id);
    const site = t.config.site;
    // To the visitor alone: the copies are for the sales team's mail.
    expect(visitor).toMatchObject({ to: [valid.email], cc: [], replyTo: null, subject: `Your callback request to ${site.brand}` });
    for (const part of [visitor!.text, visitor!.html!]) {
      expect(part).toContain('We have your callback request');
      expect(part).toContain(valid.subject);
      expect(part).toContain(valid.phone);
      expect(part).toContain('A broker will contact you within one working day');
      expect(part).toContain(site.salesPhone);
      expect(part).toContain(`${site.regulatoryStatement}. Central Bank reference ${site.centralBankReference}.`);
      expect(part).toContain(site.officeAddress);
      expect(part).toContain(site.salesEmail);
    }
    expect(visitor!.html).toContain(`href="tel:${site.salesPhone.replace(/\D/g, '')}"`);
    // What the visitor wrote to the sales team is not sent back to whoever's address was typed.
    expect(visitor!.text).not.toContain(valid.message);
  });

  it('escapes what the visitor typed in both mails’ HTML, and keeps it as typed in their text', async () => {
    const name = 'Ciarán <img src=x onerror=alert(1)> & "Sons"';
    const message = 'First line <script>alert(1)</script>\nSecond & last';
    const res = await t.call('POST', '/api/v1/contacts/create', await checked({ ...valid, name, message }));
    expect(res.status).toBe(201);
    const { sales, visitor } = await mailsOf((await res.json()).contact._id);
    for (const mail of [sales!, visitor!]) {
      expect(mail.html).not.toContain('<img src=x');
      expect(mail.html).toContain('Ciarán &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Sons&quot;');
      expect(mail.text).toContain(name);
    }
    expect(sales!.html).not.toContain('<script>');
    expect(sales!.html).toContain('First line &lt;script&gt;alert(1)&lt;/script&gt;<br>Second &amp; last');
    expect(sales!.text).toContain('First line <script>alert(1)</script>\nSecond & last');
  });

  it('answers 400 with one error per bad field, in the spec’s words', async () => {
    const res = await t.call('POST', '/api/v1/contacts/create', { name: '   ', email: 'not-an-email', phone: '12345', message: '' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.ok).toBe(false);
    expect(body.errors).toEqual([
      { field: 'name', message: 'Required' },
      { field: 'email', message: 'Invalid email address' },
      { field: 'phone', message: 'Invalid phone number' },
      { field: 'subject', message: 'Required' },
      { field: 'message', message: 'Required' },
      { field: 'humanCheck', message: 'Please wait a moment while we check this form is not spam.' },
    ]);
  });

  it('caps field lengths', async () => {
    const res = await t.call('POST', '/api/v1/contacts/create', await checked({ ...valid, message: 'x'.repeat(5001) }));
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ field: 'message', message: 'Must be 5000 characters or fewer' }]);
  });

  it('copies allowed recipients and refuses any address outside the configured domains', async () => {
    const allowed = await t.call(
      'POST',
      '/api/v1/contacts/create',
      await checked({ ...valid, recipientEmails: 'claims@partner.ie, sales@shannon-insurance.ie' }),
    );
    expect(allowed.status).toBe(201);
    const { contact } = await allowed.json();
    const { sales: mail } = await mailsOf(contact._id);
    // The sales address must accept the mail; the others get copies.
    expect(mail?.to).toEqual(['sales@shannon-insurance.ie']);
    expect(mail?.cc).toEqual(['claims@partner.ie']);

    const before = await t.test.database.db.$count(contacts);
    const refused = await t.call('POST', '/api/v1/contacts/create', await checked({ ...valid, recipientEmails: ['someone@elsewhere.com'] }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors[0].field).toBe('recipientEmails');
    expect(await t.test.database.db.$count(contacts)).toBe(before);
  });

  it('refuses bodies that are not JSON objects, too large, or cross-site', async () => {
    const form = await t.app.request('/api/v1/contacts/create', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(form.status).toBe(415);
    expect((await t.call('POST', '/api/v1/contacts/create', '{"name":')).status).toBe(400);
    expect((await t.call('POST', '/api/v1/contacts/create', '[1,2]')).status).toBe(400);
    const huge = await t.call('POST', '/api/v1/contacts/create', { ...valid, message: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).ok).toBe(false);
    const cross = await t.call('POST', '/api/v1/contacts/create', valid, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
  });

  it('judges a body by its stated length when it has one, and counts a body without one as it arrives', async () => {
    // A stated length over the limit is refused before the body is read.
    const stated = await t.call('POST', '/api/v1/contacts/create', valid, { 'content-length': '70000' });
    expect(stated.status).toBe(413);
    // A stated length within it lets the request through to the form's own checks.
    const body = JSON.stringify(await checked());
    const within = await t.call('POST', '/api/v1/contacts/create', body, { 'content-length': String(Buffer.byteLength(body)) });
    expect(within.status).toBe(201);
    // Chunked (no length stated): counted as it streams in.
    const chunks = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`{"message":"${'x'.repeat(40_000)}`));
        controller.enqueue(new TextEncoder().encode(`${'x'.repeat(40_000)}"}`));
        controller.close();
      },
    });
    const streamed = await t.app.request('/api/v1/contacts/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('accepts a solved human check once, and refuses a forged or missing one', async () => {
    const body = await checked();
    expect((await t.call('POST', '/api/v1/contacts/create', body)).status).toBe(201);
    const replay = await t.call('POST', '/api/v1/contacts/create', body);
    expect(replay.status).toBe(400);
    expect((await replay.json()).errors).toEqual([{ field: 'humanCheck', message: 'The spam check did not pass. Please try sending again.' }]);

    const solved = JSON.parse(Buffer.from((await checked()).humanCheck, 'base64').toString('utf8'));
    // Flip the last digit of the derived key: the proof no longer matches the signed challenge.
    const key: string = solved.solution.derivedKey;
    solved.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    const forged = Buffer.from(JSON.stringify(solved)).toString('base64');
    expect((await t.call('POST', '/api/v1/contacts/create', { ...valid, humanCheck: forged })).status).toBe(400);
    expect((await t.call('POST', '/api/v1/contacts/create', { ...valid, humanCheck: 'not base64 json' })).status).toBe(400);
  });

  it('thanks a bot that fills the honeypot but stores and sends nothing', async () => {
    const before = await t.test.database.db.$count(contacts);
    const mails = await t.test.database.db.$count(outbox);
    const res = await t.call('POST', '/api/v1/contacts/create', { ...valid, humanCheck: 'x', website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(await t.test.database.db.$count(contacts)).toBe(before);
    expect(await t.test.database.db.$count(outbox)).toBe(mails);
  });
});
