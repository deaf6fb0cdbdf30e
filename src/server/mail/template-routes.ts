import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { okEnvelope } from '#src/schemas/envelope.ts';
import { MailTemplateViewSchema } from '#src/schemas/mail-template-view.ts';
import type { AppEnv } from '../app-env.ts';
import { audit } from '../audit.ts';
import { adminOnly, requireAdmin } from '../auth/session.ts';
import { consume, LIMITS } from '../auth/rate-limit.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { mailTemplates, renderTemplate } from './catalogue.ts';
import { enqueueMail } from './outbox.ts';
import { withPreviewPolicy } from './preview-policy.ts';
import type { SiteFacts } from '#src/site/facts.ts';

export const NO_SUCH_TEMPLATE = 'There is no such mail template.';

/** What marks a test mail's subject, so no one takes it for a customer's. */
export const TEST_SUBJECT_PREFIX = '[Test] ';
const tags = ['Mail'];

type Rendered = NonNullable<Awaited<ReturnType<typeof renderTemplate>>>;

/** The samples never change while the facts do not: rendered once per set of facts. */
const rendered = new WeakMap<SiteFacts, Promise<Rendered[]>>();

function samples(facts: SiteFacts): Promise<Rendered[]> {
  let all = rendered.get(facts);
  if (!all) {
    all = Promise.all(mailTemplates.map(async (template) => (await renderTemplate(facts, template.id))!));
    all.catch(() => rendered.delete(facts));
    rendered.set(facts, all);
  }
  return all;
}

/** `/api/v1/mail/templates`: the template library with a fixed sample, for Administrators. */
export const mailTemplateRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'Every mail template the site sends, rendered with a fixed sample: who gets it, when, its subject and plain-text part (Administrators)',
      responses: { 200: answers('The templates, customers’ first', okEnvelope({ templates: v.array(MailTemplateViewSchema) })), ...failures(401, 403) },
    }),
    adminOnly,
    async (c) => sendOk(c, 'Mail templates', { templates: (await samples(c.var.config.site)).map((sample) => sample.view) }),
  )
  .post(
    '/test/:id',
    describeRoute({
      tags,
      summary:
        'Send one template, filled with the fixed sample, to the signed-in Administrator’s own address, to see it in a real mail program (Administrators; audited; rate limited)',
      responses: { 200: answers('Queued to the Administrator', okEnvelope({})), ...failures(401, 403, 404, 429) },
    }),
    adminOnly,
    async (c) => {
      const { db, config } = c.var;
      const actor = requireAdmin(c).user;
      const id = c.req.param('id');
      const sample = (await samples(config.site)).find((candidate) => candidate.view.id === id);
      if (!sample) throw new HttpError(404, NO_SUCH_TEMPLATE);
      await consume(db, LIMITS.testMailsPerAccount, actor.id);
      // Only ever to the sender's own address: a test can never reach a customer.
      await db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: [actor.email],
          subject: `${TEST_SUBJECT_PREFIX}${sample.view.subject}`,
          text: sample.view.text,
          html: sample.html,
          ref: `template-test:${id} “${sample.view.name}”`,
        });
        await audit(tx, actor.id, 'test mail sent', `template:${id} “${sample.view.name}”`);
      });
      return sendOk(c, `A test of “${sample.view.name}” is on its way to ${actor.email}.`, {});
    },
  )
  .get(
    '/preview/:id',
    describeRoute({
      tags,
      summary: 'One template’s HTML part, rendered with the fixed sample, as a page to show in a sandboxed frame (Administrators)',
      responses: { 200: { description: 'The mail’s HTML', content: { 'text/html': {} } }, ...failures(401, 403, 404) },
    }),
    adminOnly,
    async (c) => {
      const id = c.req.param('id');
      const sample = (await samples(c.var.config.site)).find((candidate) => candidate.view.id === id);
      if (!sample) throw new HttpError(404, NO_SUCH_TEMPLATE);
      c.header('cache-control', 'no-store');
      return c.html(withPreviewPolicy(sample.html));
    },
  );
