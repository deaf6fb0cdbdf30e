import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import {
  PrivacyNoteCreateSchema,
  PrivacyRequestCreateSchema,
  PrivacyRequestExtendSchema,
  PrivacyRequestListQuerySchema,
  PrivacyRequestUpdateSchema,
  PrivacyRequestViewSchema,
  PrivacyViewCountsSchema,
} from '#src/schemas/privacy-register.ts';
import { PrivacyTimelineViewSchema } from '#src/schemas/privacy-timeline.ts';
import type { AppEnv } from '#src/server/app-env.ts';
import { personalDataOnly, requireAccess } from '#src/server/auth/session.ts';
import type { Db } from '#src/server/db/client.ts';
import { listRequest } from '#src/server/db/keyset.ts';
import { answers, failures } from '#src/server/http/describe.ts';
import { sendOk } from '#src/server/http/envelope.ts';
import { uuidParam } from '#src/server/http/params.ts';
import { validate } from '#src/server/http/validate.ts';
import { ownersOf } from '#src/server/pipeline/owners.ts';
import {
  addPrivacyNote,
  countPrivacyViews,
  createPrivacyRequest,
  deletePrivacyRequest,
  extendPrivacyRequest,
  findPrivacyRequest,
  listPrivacyRequests,
  NO_SUCH_PRIVACY_REQUEST,
  type PrivacyRequestRow,
  updatePrivacyRequest,
} from './queries.ts';
import { privacyTimeline } from './timeline.ts';
import { toPrivacyRequestView } from './views.ts';

const tags = ['Privacy requests'];
const requestAnswer = okEnvelope({ request: PrivacyRequestViewSchema });

/** Rows as views, their owners' names read in one query. */
async function viewsOf(db: Db, rows: PrivacyRequestRow[]) {
  const owners = await ownersOf(
    db,
    rows.map((row) => row.ownerId),
  );
  return rows.map((row) => toPrivacyRequestView(row, owners));
}
const viewOf = async (db: Db, row: PrivacyRequestRow) => (await viewsOf(db, [row]))[0]!;

/**
 * `/api/v1/privacy/requests`: the register of data-subject requests, for Administrators and Brokers. Each
 * request's reference, kind, dates and status, its deadline (a month from receipt, extended
 * once by up to two), its owner and its notes. Searched by name or reference only; every change is
 * audited without the person's name or address.
 */
export const privacyRegisterRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'The register of privacy requests: open ones first by due date (or newest first), by status, kind, due date, name or reference',
      responses: {
        200: answers(
          'One page of the register',
          okEnvelope({ requests: v.array(PrivacyRequestViewSchema), view_counts: PrivacyViewCountsSchema, ...listPageInfoEntries }),
        ),
        ...failures(400, 401, 403),
      },
    }),
    personalDataOnly,
    validate('query', PrivacyRequestListQuerySchema),
    async (c) => {
      const { page, page_size, cursor, ...filter } = c.req.valid('query');
      const paging = listRequest({ page, page_size, cursor }, c.var.config);
      const [list, viewCounts] = await Promise.all([listPrivacyRequests(c.var.db, filter, paging), countPrivacyViews(c.var.db)]);
      return sendOk(c, 'Privacy requests', { requests: await viewsOf(c.var.db, list.rows), view_counts: viewCounts, ...listPageInfo(paging, list) });
    },
  )
  .get(
    '/get/:id',
    describeRoute({ tags, summary: 'One privacy request', responses: { 200: answers('The request', requestAnswer), ...failures(401, 403, 404) } }),
    personalDataOnly,
    async (c) => {
      const row = await findPrivacyRequest(c.var.db, uuidParam(c, 'id', NO_SUCH_PRIVACY_REQUEST));
      return sendOk(c, 'Privacy request', { request: await viewOf(c.var.db, row) });
    },
  )
  .get(
    '/timeline/:id',
    describeRoute({
      tags,
      summary:
        'A privacy request’s timeline, newest first, from the audit log: logged, status, owner and note changes, the extension, and each look-up, export and erasure made for it (counts only, never the data)',
      responses: { 200: answers('The timeline', okEnvelope({ timeline: PrivacyTimelineViewSchema })), ...failures(401, 403, 404) },
    }),
    personalDataOnly,
    async (c) => {
      const row = await findPrivacyRequest(c.var.db, uuidParam(c, 'id', NO_SUCH_PRIVACY_REQUEST));
      return sendOk(c, 'Timeline', { timeline: await privacyTimeline(c.var.db, row) });
    },
  )
  .post(
    '/create',
    describeRoute({
      tags,
      summary: 'Log a privacy request: its reference is given and its due date set a calendar month after the day it was received',
      responses: { 201: answers('Logged', requestAnswer), ...failures(400, 401, 403) },
    }),
    personalDataOnly,
    validate('json', PrivacyRequestCreateSchema),
    async (c) => {
      const row = await createPrivacyRequest(c.var.db, c.req.valid('json'), requireAccess(c, 'personalData').user.id);
      return sendOk(c, `Privacy request ${row.reference} logged.`, { request: await viewOf(c.var.db, row) }, 201);
    },
  )
  .put(
    '/update/:id',
    describeRoute({
      tags,
      summary:
        'Change a privacy request’s status (completing or refusing it records when) or owner; a `note` sent with it is added to its notes (refusing needs one, the reason)',
      responses: { 200: answers('Saved', requestAnswer), ...failures(400, 401, 403, 404) },
    }),
    personalDataOnly,
    validate('json', PrivacyRequestUpdateSchema),
    async (c) => {
      const id = uuidParam(c, 'id', NO_SUCH_PRIVACY_REQUEST);
      const row = await updatePrivacyRequest(c.var.db, id, c.req.valid('json'), requireAccess(c, 'personalData').user.id);
      return sendOk(c, `Privacy request ${row.reference} saved.`, { request: await viewOf(c.var.db, row) });
    },
  )
  .post(
    '/notes/:id',
    describeRoute({
      tags,
      summary: 'Add a note to a privacy request: notes are kept one after another on its timeline, never changed or replaced',
      responses: { 201: answers('Added', requestAnswer), ...failures(400, 401, 403, 404) },
    }),
    personalDataOnly,
    validate('json', PrivacyNoteCreateSchema),
    async (c) => {
      const id = uuidParam(c, 'id', NO_SUCH_PRIVACY_REQUEST);
      const row = await addPrivacyNote(c.var.db, id, c.req.valid('json'), requireAccess(c, 'personalData').user.id);
      return sendOk(c, `Note added to ${row.reference}.`, { request: await viewOf(c.var.db, row) }, 201);
    },
  )
  .post(
    '/extend/:id',
    describeRoute({
      tags,
      summary: 'Extend an open request’s deadline once, by one or two further months, with the reason (GDPR article 12(3))',
      responses: { 200: answers('Extended', requestAnswer), ...failures(400, 401, 403, 404, 409) },
    }),
    personalDataOnly,
    validate('json', PrivacyRequestExtendSchema),
    async (c) => {
      const id = uuidParam(c, 'id', NO_SUCH_PRIVACY_REQUEST);
      const row = await extendPrivacyRequest(c.var.db, id, c.req.valid('json'), requireAccess(c, 'personalData').user.id);
      return sendOk(c, `The deadline of ${row.reference} was extended.`, { request: await viewOf(c.var.db, row) });
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete a privacy request from the register (one logged by mistake)',
      responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 403, 404) },
    }),
    personalDataOnly,
    async (c) => {
      await deletePrivacyRequest(c.var.db, uuidParam(c, 'id', NO_SUCH_PRIVACY_REQUEST), requireAccess(c, 'personalData').user.id);
      return sendOk(c, 'Privacy request deleted.', {});
    },
  );
