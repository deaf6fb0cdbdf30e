import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ContactCreateSchema } from '#src/schemas/contact.ts';
import { ContactBulkSchema, ContactFilterSchema, ContactListQuerySchema, ContactUpdateSchema } from '#src/schemas/contact-pipeline.ts';
import { ContactDetailViewSchema, ContactViewSchema } from '#src/schemas/contact-view.ts';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import { BULK_MAX, BulkExportSchema, OwnerViewSchema, ViewCountsSchema } from '#src/schemas/pipeline.ts';
import { audit } from '../audit.ts';
import type { AppEnv } from '../app-env.ts';
import { personalDataOnly, requireAccess } from '../auth/session.ts';
import { tokenScope } from '../api-tokens/bearer.ts';
import { clientAddress } from '../auth/rate-limit.ts';
import { formHitOf, publicFormRateLimitInStore } from '../auth/form-rate-limit.ts';
import { HumanCheckFailed, verifyHumanCheck } from '../human-check/verify.ts';
import { answers, failures, staffOrToken } from '../http/describe.ts';
import { HttpError, INVALID_INPUT, sendOk } from '../http/envelope.ts';
import { createOnce, idempotencyKeyOf } from '../http/idempotency.ts';
import { uuidParam, uuidParamCheck } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { listRequest } from '../db/keyset.ts';
import { toCsv } from '../leads/csv.ts';
import { listOwners, ownersOf } from '../pipeline/owners.ts';
import { alsoFrom, changeNextStep, completeNextStep, foundOr404, nextStepDoneMessage, nextStepMessage } from '../pipeline/follow-ups.ts';
import { recordTimeline } from '../pipeline/timeline.ts';
import { NextStepSchema } from '#src/schemas/follow-up.ts';
import { NextStepDoneSchema, TimelineQuerySchema, TimelineViewSchema } from '#src/schemas/record-timeline.ts';
import {
  bulkChangeContacts,
  changeContact,
  contactFilters,
  contactListFilter,
  contactHistory,
  contactIdsIn,
  deleteContact,
  exportContactRows,
  findContact,
  findContactByKey,
  listContacts,
  contactViewCounts,
  NO_SUCH_CONTACT,
  SOME_CONTACTS_GONE,
  storeCallbackRequest,
} from './queries.ts';
import { contactCsvRows, toContactDetailView, toContactView, type ContactRow } from './views.ts';
const THANK_YOU = 'Thank you. We have your request and will call you back shortly.';
const tags = ['Contacts'];

const CHANGE_SOMETHING = 'Change the status or the owner, or write a note.';

/** A CSV download of callbacks (the caller has audited it). */
async function csvDownload(c: Context<AppEnv>, rows: ContactRow[], name: string) {
  const owners = await ownersOf(
    c.var.db,
    rows.map((row) => row.ownerId),
  );
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
  c.header('cache-control', 'no-store');
  return c.body(toCsv(contactCsvRows(rows, owners)));
}

/** `/api/v1/contacts`: the public callback request, and the callbacks' pipeline for signed-in staff. */
export const contactRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary:
        'List callback requests, filtered by status, owner (a staff id or `none`), dates (YYYY-MM-DD), next step (`due=overdue`) and text, newest first or by `sort` (newest, oldest, due); with how many each view holds (up to 1,000)',
      responses: {
        200: answers('One page of enquiries', okEnvelope({ contacts: v.array(ContactViewSchema), view_counts: ViewCountsSchema, ...listPageInfoEntries })),
        ...failures(400, 401, 403, 429),
      },
      security: staffOrToken('callbacks:read'),
    }),
    tokenScope('callbacks:read'),
    personalDataOnly,
    validate('query', ContactListQuerySchema),
    async (c) => {
      const { page, page_size, cursor, sort, ...filter } = c.req.valid('query');
      const paging = listRequest({ page, page_size, cursor }, c.var.config);
      const me = requireAccess(c, 'personalData').user.id;
      const [result, viewCounts] = await Promise.all([listContacts(c.var.db, paging, contactListFilter(filter), sort), contactViewCounts(c.var.db, me)]);
      const owners = await ownersOf(
        c.var.db,
        result.rows.map((row) => row.ownerId),
      );
      return sendOk(c, 'Contacts', {
        contacts: result.rows.map((row) => toContactView(row, owners)),
        view_counts: viewCounts,
        ...listPageInfo(paging, result),
      });
    },
  )
  .get(
    '/owners',
    describeRoute({
      tags,
      summary: 'The staff members a callback, quote or renewal can be assigned to',
      responses: { 200: answers('Every member of staff, by name', okEnvelope({ owners: v.array(OwnerViewSchema) })), ...failures(401) },
    }),
    personalDataOnly,
    async (c) => sendOk(c, 'Staff', { owners: await listOwners(c.var.db) }),
  )
  .get(
    '/export',
    describeRoute({
      tags,
      summary: 'The filtered callbacks as CSV, 10,000 rows at most (audited)',
      responses: { 200: { description: 'A CSV download', content: { 'text/csv': {} } }, ...failures(400, 401) },
    }),
    personalDataOnly,
    validate('query', ContactFilterSchema),
    async (c) => {
      const filter = c.req.valid('query');
      const rows = await exportContactRows(c.var.db, contactFilters(filter));
      // An export of personal data is recorded: who took how many rows, with what filter.
      await audit(c.var.db, requireAccess(c, 'personalData').user.id, 'contacts exported', null, { rows: rows.length, filter });
      return csvDownload(c, rows, 'callbacks');
    },
  )
  .get(
    '/get/:id',
    describeRoute({
      tags,
      summary: 'Read one callback request with its history (audited)',
      responses: { 200: answers('The enquiry', okEnvelope({ contact: ContactDetailViewSchema })), ...failures(401, 403, 404, 429) },
      security: staffOrToken('callbacks:read'),
    }),
    tokenScope('callbacks:read'),
    personalDataOnly,
    async (c) => {
      const row = await findContact(c.var.db, uuidParam(c, 'id', NO_SUCH_CONTACT));
      if (!row) throw new HttpError(404, NO_SUCH_CONTACT);
      // Viewing a callback's personal data is recorded, as a quote's is.
      await audit(c.var.db, requireAccess(c, 'personalData').user.id, 'contact viewed', `contact:${row.id}`);
      const [owners, events, others] = await Promise.all([
        ownersOf(c.var.db, [row.ownerId]),
        contactHistory(c.var.db, row.id),
        alsoFrom(c.var.db, row.email, row.id),
      ]);
      return sendOk(c, 'Contact', { contact: toContactDetailView(row, owners, events, others) });
    },
  )
  .put(
    '/update/:id',
    describeRoute({
      tags,
      summary: 'Move a callback along the pipeline (new, contacted, closed), add a note and/or assign it (audited)',
      responses: { 200: answers('Changed', okEnvelope({ contact: ContactViewSchema })), ...failures(400, 401, 403, 404, 429) },
      security: staffOrToken('status:write'),
    }),
    tokenScope('status:write'),
    personalDataOnly,
    uuidParamCheck(NO_SUCH_CONTACT),
    validate('json', ContactUpdateSchema),
    async (c) => {
      const actor = requireAccess(c, 'personalData').user;
      const id = uuidParam(c, 'id', NO_SUCH_CONTACT);
      const input = c.req.valid('json');
      const row = await changeContact(c.var.db, actor.id, id, input);
      if (!row) {
        // Nothing to change: a request that asked for nothing is the client's mistake; one that
        // asked for what is already so (someone else did it a moment earlier) is answered as done.
        if (input.status === undefined && input.ownerId === undefined)
          throw new HttpError(400, CHANGE_SOMETHING, [{ field: 'note', message: CHANGE_SOMETHING }]);
        const same = await findContact(c.var.db, id);
        if (!same) throw new HttpError(404, NO_SUCH_CONTACT);
        const owners = await ownersOf(c.var.db, [same.ownerId]);
        return sendOk(c, 'Callback updated.', { contact: toContactView(same, owners) });
      }
      const owners = await ownersOf(c.var.db, [row.ownerId]);
      return sendOk(c, 'Callback updated.', { contact: toContactView(row, owners) });
    },
  )
  .put(
    '/next-step/:id',
    describeRoute({
      tags,
      summary: 'Set, change or clear what happens next on a callback and the day it is due (both empty clears it; audited)',
      responses: { 200: answers('Saved', okEnvelope({ contact: ContactViewSchema })), ...failures(400, 401, 404) },
    }),
    personalDataOnly,
    uuidParamCheck(NO_SUCH_CONTACT),
    validate('json', NextStepSchema),
    async (c) => {
      const id = uuidParam(c, 'id', NO_SUCH_CONTACT);
      const input = c.req.valid('json');
      foundOr404(await changeNextStep(c.var.db, requireAccess(c, 'personalData').user.id, 'contact', id, input), NO_SUCH_CONTACT);
      const row = await findContact(c.var.db, id);
      if (!row) throw new HttpError(404, NO_SUCH_CONTACT);
      const owners = await ownersOf(c.var.db, [row.ownerId]);
      return sendOk(c, nextStepMessage(input), { contact: toContactView(row, owners) });
    },
  )
  .post(
    '/next-step-done/:id',
    describeRoute({
      tags,
      summary:
        'Mark a callback’s next step done (`done` is the step as the caller saw it) with an optional note, and book the next one in the same save (both empty books none; 409 when the step changed meanwhile; audited)',
      responses: { 200: answers('Done', okEnvelope({ contact: ContactViewSchema })), ...failures(400, 401, 404, 409) },
    }),
    personalDataOnly,
    uuidParamCheck(NO_SUCH_CONTACT),
    validate('json', NextStepDoneSchema),
    async (c) => {
      const id = uuidParam(c, 'id', NO_SUCH_CONTACT);
      const input = c.req.valid('json');
      foundOr404(await completeNextStep(c.var.db, requireAccess(c, 'personalData').user.id, 'contact', id, input), NO_SUCH_CONTACT);
      const row = await findContact(c.var.db, id);
      if (!row) throw new HttpError(404, NO_SUCH_CONTACT);
      const owners = await ownersOf(c.var.db, [row.ownerId]);
      return sendOk(c, nextStepDoneMessage(input), { contact: toContactView(row, owners) });
    },
  )
  .get(
    '/timeline/:id',
    describeRoute({
      tags,
      summary:
        'A callback’s timeline, newest first: received, status changes, notes, next steps and the mails sent about it; `before` is the `next` cursor of the page before (staff)',
      responses: { 200: answers('One page of the timeline', okEnvelope({ timeline: TimelineViewSchema })), ...failures(400, 401, 404) },
    }),
    personalDataOnly,
    uuidParamCheck(NO_SUCH_CONTACT),
    validate('query', TimelineQuerySchema),
    async (c) => {
      const id = uuidParam(c, 'id', NO_SUCH_CONTACT);
      if (!(await findContact(c.var.db, id))) throw new HttpError(404, NO_SUCH_CONTACT);
      const timeline = await recordTimeline(c.var.db, 'contact', id, c.req.valid('query').before);
      return sendOk(c, 'Timeline', { timeline });
    },
  )
  .post(
    '/bulk',
    describeRoute({
      tags,
      summary: `Change the status or owner of, or delete, up to ${BULK_MAX} callbacks at once: all or none (audited)`,
      responses: { 200: answers('Done; `changed` says how many callbacks changed', okEnvelope({ changed: v.number() })), ...failures(400, 401, 404) },
    }),
    personalDataOnly,
    validate('json', ContactBulkSchema),
    async (c) => {
      const change = c.req.valid('json');
      const changed = await bulkChangeContacts(c.var.db, requireAccess(c, 'personalData').user.id, change);
      const noun = changed === 1 ? 'callback' : 'callbacks';
      const message = change.action === 'delete' ? `${changed} ${noun} deleted.` : `${changed} ${noun} updated.`;
      return sendOk(c, message, { changed });
    },
  )
  .post(
    '/bulk/export',
    describeRoute({
      tags,
      summary: `The chosen callbacks (up to ${BULK_MAX}) as CSV (audited)`,
      responses: { 200: { description: 'A CSV download', content: { 'text/csv': {} } }, ...failures(400, 401, 404) },
    }),
    personalDataOnly,
    validate('json', BulkExportSchema),
    async (c) => {
      const { ids } = c.req.valid('json');
      const rows = await exportContactRows(c.var.db, contactIdsIn(ids));
      if (rows.length !== ids.length) throw new HttpError(404, SOME_CONTACTS_GONE);
      await audit(c.var.db, requireAccess(c, 'personalData').user.id, 'contacts exported', null, { rows: rows.length, ids });
      return csvDownload(c, rows, 'callbacks-selected');
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete a callback request (audited)',
      responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 403, 404) },
    }),
    personalDataOnly,
    async (c) => {
      const actor = requireAccess(c, 'personalData').user;
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
    publicFormRateLimitInStore,
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
      const request = { name: input.name, email: input.email, phone: input.phone, subject: input.subject, message: input.message, recipients };
      const contact = await createOnce(
        idempotencyKey,
        request,
        (key) => findContactByKey(db, key),
        async (hash) => {
          const remoteIp = clientAddress(c, config.trustProxy);
          const check = await verifyHumanCheck({ db, config, secretKey: c.var.secretKey, remoteIp }, input.humanCheck);
          if (!check) throw new HumanCheckFailed();
          const stored = { ...input, recipients, idempotencyKey: idempotencyKey ?? null, requestHash: hash };
          return storeCallbackRequest(db, config, stored, check, formHitOf(c));
        },
      );
      return sendOk(c, THANK_YOU, { contact: toContactView(contact) }, 201);
    },
  );

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}
