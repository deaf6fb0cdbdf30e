import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ContactCreateSchema } from '../../schemas/contact.ts';
import { ContactViewSchema } from '../../schemas/contact-view.ts';
import { listPageInfoEntries, okEnvelope } from '../../schemas/envelope.ts';
import { ListPagingSchema, listPageInfo } from '../../schemas/paging.ts';
import type { AppEnv } from '../app-env.ts';
import { requireStaff, staffOnly } from '../auth/session.ts';
import { clientAddress, publicFormRateLimit } from '../auth/rate-limit.ts';
import { HumanCheckFailed, verifyHumanCheck } from '../human-check.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, INVALID_INPUT, sendOk } from '../http/envelope.ts';
import { createOnce, idempotencyKeyOf, requestHash } from '../http/idempotency.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { listRequest } from '../db/keyset.ts';
import { deleteContact, findContact, findContactByKey, listContacts, storeCallbackRequest } from './queries.ts';
import { toContactView } from './views.ts';

const NO_SUCH_CONTACT = 'There is no such contact.';
const THANK_YOU = 'Thank you. We have your request and will call you back shortly.';
const tags = ['Contacts'];

/** `/api/v1/contacts`: the public callback request, and the enquiries list for signed-in staff. */
export const contactRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'List callback requests, newest first',
      responses: { 200: answers('One page of enquiries', okEnvelope({ contacts: v.array(ContactViewSchema), ...listPageInfoEntries })), ...failures(400, 401) },
    }),
    staffOnly,
    validate('query', ListPagingSchema),
    async (c) => {
      const paging = listRequest(c.req.valid('query'), c.var.config);
      const page = await listContacts(c.var.db, paging);
      return sendOk(c, 'Contacts', { contacts: page.rows.map(toContactView), ...listPageInfo(paging, page) });
    },
  )
  .get(
    '/get/:id',
    describeRoute({
      tags,
      summary: 'Read one callback request',
      responses: { 200: answers('The enquiry', okEnvelope({ contact: ContactViewSchema })), ...failures(401, 404) },
    }),
    staffOnly,
    async (c) => {
      const row = await findContact(c.var.db, uuidParam(c, 'id', NO_SUCH_CONTACT));
      if (!row) throw new HttpError(404, NO_SUCH_CONTACT);
      return sendOk(c, 'Contact', { contact: toContactView(row) });
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete a callback request (audited)',
      responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 403, 404) },
    }),
    staffOnly,
    async (c) => {
      const actor = requireStaff(c).user;
      if (!(await deleteContact(c.var.db, actor.id, uuidParam(c, 'id', NO_SUCH_CONTACT)))) throw new HttpError(404, NO_SUCH_CONTACT);
      return sendOk(c, 'contact has been deleted.', {});
    },
  )
  .post(
    '/create',
    describeRoute({
      tags,
      summary: 'Request a callback (public form; optional Idempotency-Key header)',
      responses: {
        201: answers(
          'Stored, and the sales team mailed (a filled honeypot answers the same with `contact: null`)',
          okEnvelope({ contact: v.nullable(ContactViewSchema) }),
        ),
        ...failures(400, 403, 409, 413, 415, 429, 503),
      },
    }),
    publicFormRateLimit,
    validate('json', ContactCreateSchema),
    async (c) => {
      const { db, config } = c.var;
      const input = c.req.valid('json');
      // A filled honeypot is a bot: it is told what a person would be told, and nothing is stored or sent.
      if (input.website) return sendOk(c, THANK_YOU, { contact: null }, 201);
      const recipients = input.recipientEmails ?? [];
      const refused = recipients.filter((address) => !config.allowedRecipientDomains.includes(domainOf(address)));
      if (refused.length > 0) {
        throw new HttpError(400, INVALID_INPUT, [{ field: 'recipientEmails', message: 'These addresses cannot receive enquiries from this form.' }]);
      }

      const idempotencyKey = idempotencyKeyOf(c);
      const hash = requestHash({ name: input.name, email: input.email, phone: input.phone, subject: input.subject, message: input.message, recipients });
      const contact = await createOnce(
        idempotencyKey,
        hash,
        (key) => findContactByKey(db, key),
        async () => {
          const remoteIp = clientAddress(c, config.trustProxy);
          const check = await verifyHumanCheck({ db, config, secretKey: c.var.secretKey, remoteIp }, input.humanCheck);
          if (!check) throw new HumanCheckFailed();
          return storeCallbackRequest(db, config, { ...input, recipients, idempotencyKey: idempotencyKey ?? null, requestHash: hash }, check);
        },
      );
      return sendOk(c, THANK_YOU, { contact: toContactView(contact) }, 201);
    },
  );

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}
