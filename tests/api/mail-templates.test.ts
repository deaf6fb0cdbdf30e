import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SAMPLE, mailTemplates } from '#src/server/mail/catalogue.ts';
import { PREVIEW_CSP } from '#src/server/mail/preview-policy.ts';
import { NO_SUCH_TEMPLATE, TEST_SUBJECT_PREFIX } from '#src/server/mail/template-routes.ts';
import { LIMITS } from '#src/server/auth/rate-limit.ts';
import { auditLog, outbox } from '#src/server/db/schema.ts';
import { eq, like } from 'drizzle-orm';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { agent, createUser, signedInAs, type Agent } from '../support/agent.ts';
import { solvedCheck } from '../support/human-check.ts';

/** The template library: every mail with a fixed sample, its footer, and who may look. */

const PAY = 'https://pay.example.test/shannon';
let t: TestApp;
let admin: Agent;
let editor: Agent;

beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false', PAYMENT_URL: PAY } });
  await createUser(t, { email: 'admin@shannon-insurance.ie', password: 'a long test password', isAdmin: true });
  admin = agent(t);
  expect((await admin.call('POST', '/api/v1/auth/login', { email: 'admin@shannon-insurance.ie', password: 'a long test password' })).status).toBe(200);
  editor = await signedInAs(t);
});
afterAll(() => t.test.drop());

type TemplateView = { id: string; name: string; audience: string; to: string; sentWhen: string; subject: string; text: string };

async function templates(): Promise<TemplateView[]> {
  const res = await admin.call('GET', '/api/v1/mail/templates');
  expect(res.status).toBe(200);
  return (await res.json()).templates;
}

const preview = (who: Agent, id: string) => who.call('GET', `/api/v1/mail/templates/preview/${id}`);

describe('mail templates', () => {
  it('are for Administrators only: signed out 401, a Standard user 403, for the list and each preview', async () => {
    const anon = agent(t);
    expect((await anon.call('GET', '/api/v1/mail/templates')).status).toBe(401);
    expect((await preview(anon, 'callback-received')).status).toBe(401);
    const refused = await editor.call('GET', '/api/v1/mail/templates');
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Only an administrator can do that.');
    const refusedPreview = await preview(editor, 'callback-received');
    expect(refusedPreview.status).toBe(403);
    expect(await refusedPreview.text()).not.toContain('<html');
  });

  it('lists every template the site sends, customers’ first, each with its subject and plain text', async () => {
    const list = await templates();
    expect(list.map((template) => template.id)).toEqual(mailTemplates.map((template) => template.id));
    expect(list.map((template) => template.id)).toEqual(
      expect.arrayContaining(['callback-received', 'quote-received', 'renewal-received', 'password-reset', 'email-change-confirm', 'email-change-notice']),
    );
    expect(list[0]).toMatchObject({ id: 'callback-received', audience: 'customer', subject: `Your callback request to ${t.config.site.brand}` });
    const audiences = list.map((template) => template.audience);
    expect(audiences).toEqual([...audiences].sort((a, b) => ['customer', 'account', 'sales'].indexOf(a) - ['customer', 'account', 'sales'].indexOf(b)));
    for (const template of list) {
      expect(template.name).not.toBe('');
      expect(template.sentWhen).toMatch(/\.$/);
      expect(template.text).toContain(MAIL_SAMPLE.firstName);
    }
    // The renewal's confirmation shows the payment link this server is configured with.
    expect(list.find((template) => template.id === 'renewal-received')!.text).toContain(`pay online by card: ${PAY}`);
  });

  it('puts the regulatory statement and the broker’s contact details in the HTML and the text of every mail', async () => {
    const site = t.config.site;
    const footer = [
      `${site.regulatoryStatement}. Central Bank reference ${site.centralBankReference}.`,
      site.officeAddress,
      site.salesPhone,
      site.salesEmail,
      site.openingHours,
    ];
    for (const template of await templates()) {
      const res = await preview(admin, template.id);
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const fact of footer) {
        expect(template.text, `${template.id} text`).toContain(fact);
        expect(html, `${template.id} html`).toContain(fact);
      }
      expect(html).toContain(`<title>${template.subject}</title>`);
    }
  });

  it('answers a preview as a page for a sandboxed frame: its own strict policy, never cached, the fixed sample only', async () => {
    // A real request in the database: the preview never shows it.
    const stored = await t.call('POST', '/api/v1/contacts/create', {
      name: 'Real Visitor',
      email: 'real.visitor@example.ie',
      phone: '087 765 4321',
      subject: 'Van insurance for convicted drivers',
      message: 'Please ring me.',
      humanCheck: await solvedCheck(async (path) => (await t.call('GET', path)).json()),
    });
    expect(stored.status).toBe(201);

    const res = await preview(admin, 'callback-received');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(MAIL_SAMPLE.name);
    expect(html).toContain(MAIL_SAMPLE.phone);
    expect(html).not.toContain('Real Visitor');
    expect(html).not.toContain('087 765 4321');
  });

  it('answers 404 for a template it does not have', async () => {
    const res = await preview(admin, 'no-such-template');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(NO_SUCH_TEMPLATE);
  });

  describe('a test send', () => {
    const send = (who: Agent, id: string) => who.call('POST', `/api/v1/mail/templates/test/${id}`);
    const tests = () => t.test.database.db.select().from(outbox).where(like(outbox.ref, 'template-test:%'));

    it('is for Administrators only, and a template it does not have is a 404 that queues nothing', async () => {
      expect((await send(agent(t), 'callback-received')).status).toBe(401);
      expect((await send(editor, 'callback-received')).status).toBe(403);
      const missing = await send(admin, 'no-such-template');
      expect(missing.status).toBe(404);
      expect((await missing.json()).message).toBe(NO_SUCH_TEMPLATE);
      expect(await tests()).toEqual([]);
    });

    it('queues the sample to the Administrator’s own address only, marked as a test, and audits it', async () => {
      const list = await templates();
      const quote = list.find((template) => template.id === 'quote-received')!;
      const res = await send(admin, 'quote-received');
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe(`A test of “${quote.name}” is on its way to admin@shannon-insurance.ie.`);
      const [mail] = await tests();
      expect(mail).toMatchObject({
        to: ['admin@shannon-insurance.ie'],
        cc: [],
        subject: `${TEST_SUBJECT_PREFIX}${quote.subject}`,
        text: quote.text,
        ref: `template-test:quote-received “${quote.name}”`,
      });
      expect(mail!.html).toContain(MAIL_SAMPLE.name);
      const entries = await t.test.database.db.select().from(auditLog).where(eq(auditLog.action, 'test mail sent'));
      expect(entries.map((entry) => entry.target)).toEqual([`template:quote-received “${quote.name}”`]);
    });

    it(`stops at ${LIMITS.testMailsPerAccount.max} an hour with a 429 in words`, async () => {
      const already = (await tests()).length;
      for (let sent = already; sent < LIMITS.testMailsPerAccount.max; sent += 1) expect((await send(admin, 'callback-received')).status).toBe(200);
      const refused = await send(admin, 'callback-received');
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
      expect(await tests()).toHaveLength(LIMITS.testMailsPerAccount.max);
    });
  });
});
