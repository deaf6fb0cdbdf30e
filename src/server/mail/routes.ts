import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { MailListQuerySchema } from '#src/schemas/mail.ts';
import { MailCountsEstimatedSchema, MailCountsSchema, MailDetailViewSchema, MailSummaryViewSchema } from '#src/schemas/mail-view.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import { listRequest } from '../db/keyset.ts';
import type { AppEnv } from '../app-env.ts';
import { audit } from '../audit.ts';
import { personalDataOnly, requireAccess } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { recordKey, recordNames } from '../db/record-names.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { countMailByStatus, findMail, listMail, resendMail } from './queries.ts';
import { toMailDetailView, toMailSummaryView } from './views.ts';
import { mailTemplateRoutes } from './template-routes.ts';
import { withPreviewPolicy } from './preview-policy.ts';

const NO_SUCH_MAIL = 'There is no such mail.';
export const MAIL_STILL_QUEUED = 'This mail is still in the queue (or being sent). It can be sent again once it has been sent or has failed.';
export const MAIL_BODY_REMOVED = 'This mail cannot be sent again: its content was removed under the retention policy, so there is nothing left to send.';
export const MAIL_HOLDS_LINK =
  'This mail holds a one-time link and is not sent again as it was: send a fresh one from its own screen (resend the invitation, or Forgot password).';
const tags = ['Mail'];

/**
 * `/api/v1/mail`: the outbox for signed-in staff (Administrators and Brokers: the mails are about the
 * callbacks and quotes they work). A mail's body is personal data, so reading one is audited;
 * bodies holding sign-in links are never shown (views.ts).
 */
export const mailRoutes = new Hono<AppEnv>()
  // Administrators: every template with a fixed sample (template-routes.ts).
  .route('/templates', mailTemplateRoutes)
  .get(
    '/',
    describeRoute({
      tags,
      summary:
        'List the outbox, newest first, filtered by status, by audience (customer or team) and by words in a recipient or the subject; paged by number or by cursor, totals estimated above the exact-count limit',
      responses: {
        200: answers(
          'One page of mails, and how many stand in each status',
          okEnvelope({ mails: v.array(MailSummaryViewSchema), counts: MailCountsSchema, counts_estimated: MailCountsEstimatedSchema, ...listPageInfoEntries }),
        ),
        ...failures(400, 401),
      },
    }),
    personalDataOnly,
    validate('query', MailListQuerySchema),
    async (c) => {
      const { page, page_size, cursor, ...filter } = c.req.valid('query');
      const paging = listRequest({ page, page_size, cursor }, c.var.config);
      const [list, { counts, estimated }] = await Promise.all([listMail(c.var.db, filter, paging), countMailByStatus(c.var.db, paging.exactCountLimit)]);
      // What each mail is about, named as it is now, in one statement for the page (the About column).
      const names = await recordNames(
        c.var.db,
        list.rows.map((row) => row.ref),
      );
      const about = (ref: string | null) => (ref ? names.get(recordKey(ref)) : undefined);
      return sendOk(c, 'Mail', {
        mails: list.rows.map((row) => toMailSummaryView(row, about(row.ref))),
        counts,
        counts_estimated: estimated,
        ...listPageInfo(paging, list),
      });
    },
  )
  .get(
    '/get/:id',
    describeRoute({
      tags,
      summary: 'Read one mail: its attempts, each address’s result and its text (the reading is audited)',
      responses: { 200: answers('The mail', okEnvelope({ mail: MailDetailViewSchema })), ...failures(401, 404) },
    }),
    personalDataOnly,
    async (c) => {
      const actor = requireAccess(c, 'personalData');
      const row = await findMail(c.var.db, uuidParam(c, 'id', NO_SUCH_MAIL));
      if (!row) throw new HttpError(404, NO_SUCH_MAIL);
      const names = await recordNames(c.var.db, [row.ref]);
      const view = toMailDetailView(row, c.var.config.mailBodyRetentionDays, row.ref ? names.get(recordKey(row.ref)) : undefined);
      // The body names a customer and what they asked for: reading it is recorded like viewing a lead.
      await audit(c.var.db, actor.user.id, 'mail viewed', `mail:${row.id}`, { bodyShown: view.text !== null });
      return sendOk(c, 'Mail', { mail: view });
    },
  )
  .get(
    '/html/:id',
    describeRoute({
      tags,
      summary:
        'One mail’s HTML part as a page for a sandboxed frame, with a policy that lets in its own styles and pictures only (read after its audited reading)',
      responses: { 200: { description: 'The mail’s HTML', content: { 'text/html': {} } }, ...failures(401, 404) },
    }),
    personalDataOnly,
    async (c) => {
      const row = await findMail(c.var.db, uuidParam(c, 'id', NO_SUCH_MAIL));
      // A withheld body (a sign-in link, or removed under retention) has no HTML to show either.
      if (!row?.html || !toMailDetailView(row, c.var.config.mailBodyRetentionDays).hasHtml) throw new HttpError(404, NO_SUCH_MAIL);
      c.header('cache-control', 'no-store');
      return c.html(withPreviewPolicy(row.html));
    },
  )
  .post(
    '/resend/:id',
    describeRoute({
      tags,
      summary:
        'Send a sent or failed mail again: it goes back in the queue at once with a new Message-ID (audited; 409 while it is queued, once its content was removed under the retention policy, or when it holds a one-time link)',
      responses: { 200: answers('Queued again', okEnvelope({ mail: MailSummaryViewSchema })), ...failures(401, 404, 409) },
    }),
    personalDataOnly,
    async (c) => {
      const actor = requireAccess(c, 'personalData');
      const outcome = await resendMail(c.var.db, uuidParam(c, 'id', NO_SUCH_MAIL), actor.user.id);
      if (outcome === 'missing') throw new HttpError(404, NO_SUCH_MAIL);
      if (outcome === 'queued') throw new HttpError(409, MAIL_STILL_QUEUED);
      if (outcome === 'removed') throw new HttpError(409, MAIL_BODY_REMOVED);
      if (outcome === 'secret') throw new HttpError(409, MAIL_HOLDS_LINK);
      return sendOk(c, 'The mail is queued and will be sent again shortly.', { mail: toMailSummaryView(outcome.row) });
    },
  );
