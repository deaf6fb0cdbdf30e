import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { createFactory, createMiddleware } from 'hono/factory';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { LeadDetailViewSchema, LeadViewSchema } from '#src/schemas/lead-view.ts';
import { answerSections, csvColumns, keyFactsOf } from '#src/schemas/leads/answers.ts';
import { schemaFor, todayInIreland, type Answers } from '#src/schemas/leads/form-definition.ts';
import { dublinIso } from '#src/lib/dublin-time.ts';
import { leadForms, leadKinds, quoteKinds, type LeadKind, type QuoteKind } from '#src/schemas/leads/index.ts';
import {
  LeadBulkSchema,
  LeadCreateBodySchema,
  LeadCreateExtrasSchema,
  LeadExportQuerySchema,
  LeadListQuerySchema,
  LeadUpdateSchema,
} from '#src/schemas/leads/lead-api.ts';
import { BULK_MAX, BulkExportSchema, ViewCountsSchema } from '#src/schemas/pipeline.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import type { AppEnv } from '../app-env.ts';
import { clientAddress } from '../auth/rate-limit.ts';
import { publicFormRateLimit } from '../auth/form-rate-limit.ts';
import { personalDataOnly, requireAccess } from '../auth/session.ts';
import { tokenScope } from '../api-tokens/bearer.ts';
import { audit } from '../audit.ts';
import { answers, failures, staffOrToken } from '../http/describe.ts';
import { HttpError, INVALID_INPUT, parseWith, sendOk } from '../http/envelope.ts';
import { createOnce, idempotencyKeyOf } from '../http/idempotency.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { listRequest } from '../db/keyset.ts';
import { HumanCheckFailed, verifyHumanCheck } from '../human-check/verify.ts';
import { storageKeys } from '../storage/object-store.ts';
import { removeLeadFiles } from '../privacy/stored-files.ts';
import { ownersOf } from '../pipeline/owners.ts';
import { alsoFrom, changeNextStep, completeNextStep, foundOr404, nextStepDoneMessage, nextStepMessage } from '../pipeline/follow-ups.ts';
import { recordTimeline } from '../pipeline/timeline.ts';
import { NextStepDoneSchema, TimelineQuerySchema, TimelineViewSchema } from '#src/schemas/record-timeline.ts';
import { LeadOutcomeSchema, NextStepSchema } from '#src/schemas/follow-up.ts';
import { answersCsvRows } from './answers-csv.ts';
import { toCsv } from './csv.ts';
import {
  bulkChangeLeads,
  deleteLead,
  exportRows,
  FILE_GONE,
  filtersFrom,
  listFilterFrom,
  findByIdempotencyKey,
  findLead,
  findLeadFile,
  leadDetails,
  leadIdsIn,
  listLeads,
  leadViewCounts,
  premiumTotal,
  moveLead,
  recordOutcome,
  NO_SUCH_LEAD,
  SOME_LEADS_GONE,
  storeLead,
  type FilterQuery,
} from './queries.ts';
import type { LeadRow } from './views.ts';
import { toLeadDetailView, toLeadView } from './views.ts';

const THANK_YOU = 'Thank you. We have your request and will be in touch shortly.';
const CHANGE_SOMETHING = 'Change the status or the owner, or write a note.';
const tags = ['Leads'];

/**
 * Quote and renewal requests, one router. Each action is declared once (below) and answers at
 * three kinds of address, which decide the kinds it serves:
 * - `/quotes/{kind}/…`: one kind of quote (`van`, `fleet`, `truck`, `liability`); takes new requests;
 * - `/quotes/…`: all four kinds of quote (the back-office list, with a kind filter);
 * - `/renewals/…`: renewal requests; takes new requests.
 */
const QUOTE = '/quotes/:kind';
const QUOTES = '/quotes';
const RENEWALS = '/renewals';

/**
 * `/quotes/{kind}/…` answers only for a quote kind; anything else there is an address we do
 * not serve (the app's JSON 404). The `/quotes/…` actions are declared before the
 * `/quotes/{kind}/…` ones, so `/quotes/export` is the export, not a kind called "export".
 */
const quoteKind = createMiddleware<AppEnv>(async (c, next) => {
  if (!quoteKinds.includes(c.req.param('kind') as QuoteKind)) return c.notFound();
  await next();
});

/** The kinds the address of this request serves. */
function kindsOf(c: Context<AppEnv>): readonly LeadKind[] {
  const kind = c.req.param('kind') as LeadKind | undefined;
  if (kind) return [kind];
  return /^\/api\/v1\/renewals(\/|$)/.test(c.req.path) ? ['renewal'] : quoteKinds;
}

/** The one kind an address that takes new requests serves. */
const kindOf = (c: Context<AppEnv>): LeadKind => kindsOf(c)[0]!;

const leadId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_LEAD);

const factory = createFactory<AppEnv>();

const create = factory.createHandlers(
  describeRoute({
    tags,
    summary: "Send a quote or renewal request (public form; the body is the form's answers, with humanCheck, website and an optional Idempotency-Key header)",
    responses: {
      201: answers('Stored with its reference; the broker and the customer mailed', okEnvelope({ lead: v.nullable(LeadViewSchema), redirect: v.string() })),
      ...failures(400, 403, 409, 413, 415, 429, 503),
    },
  }),
  publicFormRateLimit,
  validate('json', LeadCreateBodySchema),
  async (c) => {
    const { db, config } = c.var;
    const kind = kindOf(c);
    const def = leadForms[kind];
    const meta = leadKinds[kind];
    const body = c.req.valid('json');
    // The answers first: a person needs their field errors more than word of the spam check.
    const answers = parseWith(schemaFor(def), body) as Answers;
    const extras = parseWith(LeadCreateExtrasSchema, { humanCheck: body.humanCheck, website: body.website });
    // A filled honeypot is a bot: it is told what a person would be told, and nothing is stored or sent.
    if (extras.website) return sendOk(c, THANK_YOU, { lead: null, redirect: meta.thankYou }, 201);
    const idempotencyKey = idempotencyKeyOf(c);
    const row = await createOnce(
      idempotencyKey,
      { kind, answers },
      (key) => findByIdempotencyKey(db, kind, key),
      async (hash) => {
        const remoteIp = clientAddress(c, config.trustProxy);
        const check = await verifyHumanCheck({ db, config, secretKey: c.var.secretKey, remoteIp }, extras.humanCheck);
        if (!check) throw new HumanCheckFailed();
        return storeLead(db, config, kind, answers, { idempotencyKey: idempotencyKey ?? null, requestHash: hash }, check);
      },
    );
    return sendOk(c, THANK_YOU, { lead: toLeadView(row), redirect: `${meta.thankYou}?ref=${row.reference}` }, 201);
  },
);

const list = factory.createHandlers(
  describeRoute({
    tags,
    summary:
      'List requests, filtered by kind, status, owner (a staff id or `none`), dates (YYYY-MM-DD), next step (`due=overdue`) and text, newest first or by `sort` (newest, oldest, due; renewals also renewal-soonest, renewal-latest), with how many each view holds (up to 1,000) and, with `sum=premium`, the premiums of every page added up (staff)',
    responses: {
      200: answers(
        'One page of requests',
        okEnvelope({
          leads: v.array(LeadViewSchema),
          view_counts: ViewCountsSchema,
          /** With `sum=premium`: the premiums of every page of the filter, added up ("18400.00"). */
          premium_total: v.optional(v.string()),
          ...listPageInfoEntries,
        }),
      ),
      ...failures(400, 401, 403, 429),
    },
    security: staffOrToken('leads:read'),
  }),
  tokenScope('leads:read'),
  personalDataOnly,
  validate('query', LeadListQuerySchema),
  async (c) => {
    const query = c.req.valid('query');
    const kinds = kindsOf(c);
    const sort = query.sort || 'newest';
    // Only renewals have a renewal date to sort by.
    if (sort.startsWith('renewal-') && kinds.some((kind) => kind !== 'renewal')) {
      throw new HttpError(400, INVALID_INPUT, [{ field: 'sort', message: 'Only renewals sort by renewal date' }]);
    }
    const paging = listRequest(query, c.var.config);
    const me = requireAccess(c, 'personalData').user.id;
    const filter = listFilterFrom(kinds, query);
    const [page, viewCounts, premiumSum] = await Promise.all([
      listLeads(c.var.db, filter, paging, sort),
      leadViewCounts(c.var.db, kinds, me),
      query.sum === 'premium' ? premiumTotal(c.var.db, filter) : undefined,
    ]);
    const owners = await ownersOf(
      c.var.db,
      page.rows.map((row) => row.ownerId),
    );
    return sendOk(c, 'Requests', {
      leads: page.rows.map((row) => toLeadView(row, owners)),
      view_counts: viewCounts,
      ...(premiumSum === undefined ? {} : { premium_total: premiumSum }),
      ...listPageInfo(paging, page),
    });
  },
);

const exportCsv = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'The filtered list as CSV, 10,000 rows at most (staff)',
    responses: { 200: { description: 'A CSV download', content: { 'text/csv': {} } }, ...failures(400, 401) },
  }),
  personalDataOnly,
  validate('query', LeadExportQuerySchema),
  async (c) => {
    const kinds = kindsOf(c);
    const single = kinds.length === 1 ? kinds[0]! : null;
    const rows = await exportRows(c.var.db, filtersFrom(kinds, c.req.valid('query')));
    // An export of personal data is recorded: who took how many rows, with what filter. The
    // search words may be a name or an address, so the entry says only that there were some.
    const { q, ...filter } = c.req.valid('query');
    await audit(c.var.db, requireAccess(c, 'personalData').user.id, 'leads exported', null, {
      kinds: [...kinds],
      rows: rows.length,
      filter: { ...filter, ...(q ? { searched: true } : {}) },
    });
    const answerColumns = single ? csvColumns(leadForms[single]) : [];
    const header = ['Reference', 'Kind', 'Status', 'Received', 'Name', 'Email', 'Phone', 'Registration', ...answerColumns.map((column) => column.label)];
    const lines = rows.map((row) => [
      row.reference,
      leadKinds[row.kind].label,
      row.status,
      dublinIso(row.createdAt),
      row.name,
      row.email,
      row.phone,
      row.registration,
      ...answerColumns.map((column) => {
        const value = row.answers[column.key];
        return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
      }),
    ]);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="${single ?? 'quotes'}-${todayInIreland()}.csv"`);
    return c.body(toCsv([header, ...lines]));
  },
);

/** A CSV download of requests (the caller has audited it). */
function csvDownload(c: Context<AppEnv>, rows: string[][], name: string) {
  c.header('content-type', 'text/csv; charset=utf-8');
  c.header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
  c.header('cache-control', 'no-store');
  return c.body(toCsv(rows));
}

/** The name a download of this address's requests carries. */
const exportName = (kinds: readonly LeadKind[]) => (kinds.length === 1 ? kinds[0]! : 'quotes');

/** The second export: every answer, one column per question, of the filtered list. */
const exportAnswersCsv = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'The filtered list as CSV with every answer, one column per question of each kind, 10,000 rows at most (staff; audited)',
    responses: { 200: { description: 'A CSV download', content: { 'text/csv': {} } }, ...failures(400, 401) },
  }),
  personalDataOnly,
  validate('query', LeadExportQuerySchema),
  async (c) => {
    const kinds = kindsOf(c);
    const query: FilterQuery = c.req.valid('query');
    // A kind filter narrows the columns too: only that form's questions.
    const shown = query.kind ? kinds.filter((kind) => kind === query.kind) : kinds;
    const rows = await exportRows(c.var.db, filtersFrom(kinds, query));
    await audit(c.var.db, requireAccess(c, 'personalData').user.id, 'leads exported', null, {
      kinds: [...kinds],
      rows: rows.length,
      filter: query,
      answers: true,
    });
    const owners = await ownersOf(
      c.var.db,
      rows.map((row) => row.ownerId),
    );
    return csvDownload(c, answersCsvRows(shown, rows, owners), `${exportName(shown)}-answers`);
  },
);

/** Staff change the status or owner of, or delete, many requests at once. */
const bulk = factory.createHandlers(
  describeRoute({
    tags,
    summary: `Change the status or owner of, or delete, up to ${BULK_MAX} requests at once: all or none (staff; audited)`,
    responses: { 200: answers('Done; `changed` says how many requests changed', okEnvelope({ changed: v.number() })), ...failures(400, 401, 404) },
  }),
  personalDataOnly,
  validate('json', LeadBulkSchema),
  async (c) => {
    const change = c.req.valid('json');
    const { changed, files } = await bulkChangeLeads(c.var.db, requireAccess(c, 'personalData').user.id, kindsOf(c), change);
    await removeLeadFiles(c.var.objects, files);
    const noun = changed === 1 ? 'request' : 'requests';
    return sendOk(c, change.action === 'delete' ? `${changed} ${noun} deleted.` : `${changed} ${noun} updated.`, { changed });
  },
);

/** The chosen requests as CSV, every answer included (one column per question). */
const bulkExport = factory.createHandlers(
  describeRoute({
    tags,
    summary: `The chosen requests (up to ${BULK_MAX}) as CSV with every answer (staff; audited)`,
    responses: { 200: { description: 'A CSV download', content: { 'text/csv': {} } }, ...failures(400, 401, 404) },
  }),
  personalDataOnly,
  validate('json', BulkExportSchema),
  async (c) => {
    const kinds = kindsOf(c);
    const { ids } = c.req.valid('json');
    const rows: LeadRow[] = await exportRows(c.var.db, leadIdsIn(kinds, ids));
    if (rows.length !== ids.length) throw new HttpError(404, SOME_LEADS_GONE);
    await audit(c.var.db, requireAccess(c, 'personalData').user.id, 'leads exported', null, { kinds: [...kinds], rows: rows.length, ids, answers: true });
    const owners = await ownersOf(
      c.var.db,
      rows.map((row) => row.ownerId),
    );
    const shown = kinds.filter((kind) => rows.some((row) => row.kind === kind));
    return csvDownload(c, answersCsvRows(shown, rows, owners), `${exportName(shown)}-selected`);
  },
);

const read = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'Read a request with its answers, documents and history (staff)',
    responses: { 200: answers('The request', okEnvelope({ lead: LeadDetailViewSchema })), ...failures(401, 403, 404, 429) },
    security: staffOrToken('leads:read'),
  }),
  tokenScope('leads:read'),
  personalDataOnly,
  async (c) => {
    const row = await findLead(c.var.db, kindsOf(c), leadId(c));
    // Viewing a request's personal data is recorded too.
    await audit(c.var.db, requireAccess(c, 'personalData').user.id, 'lead viewed', `lead:${row.id} ${row.reference}`);
    const [{ events, files }, owners, others] = await Promise.all([
      leadDetails(c.var.db, row.id),
      ownersOf(c.var.db, [row.ownerId]),
      alsoFrom(c.var.db, row.email, row.id),
    ]);
    return sendOk(c, 'Request', {
      lead: toLeadDetailView(
        row,
        files,
        answerSections(leadForms[row.kind], row.answers as Answers, 'staff'),
        keyFactsOf(leadForms[row.kind], row.answers as Answers),
        events,
        others,
        owners,
      ),
    });
  },
);

/** Staff move a request along the pipeline and/or add a note; each change is recorded with who made it. */
const update = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'Move a request along the pipeline, add a note and/or assign it (staff; audited)',
    responses: { 200: answers('Changed', okEnvelope({ lead: LeadViewSchema })), ...failures(400, 401, 403, 404, 429) },
    security: staffOrToken('status:write'),
  }),
  tokenScope('status:write'),
  personalDataOnly,
  // The request must exist (404) before its change is checked.
  async (c, next) => {
    await findLead(c.var.db, kindsOf(c), leadId(c));
    await next();
  },
  validate('json', LeadUpdateSchema),
  async (c) => {
    const actor = requireAccess(c, 'personalData').user;
    const row = await findLead(c.var.db, kindsOf(c), leadId(c));
    const input = c.req.valid('json');
    const moved = input.status !== undefined && input.status !== row.status;
    const reassigned = input.ownerId !== undefined && input.ownerId !== row.ownerId;
    if (!moved && !reassigned && !input.note) throw new HttpError(400, CHANGE_SOMETHING, [{ field: 'note', message: CHANGE_SOMETHING }]);
    const next = await moveLead(c.var.db, actor.id, row.id, input);
    return sendOk(c, 'Request updated.', { lead: toLeadView(next, await ownersOf(c.var.db, [next.ownerId])) });
  },
);

/** The request must exist, of a kind the address serves (404), before its change is checked. */
const leadExists = factory.createMiddleware(async (c, next) => {
  await findLead(c.var.db, kindsOf(c), leadId(c));
  await next();
});

/** Staff set, change or clear what happens next and when. */
const nextStep = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'Set, change or clear what happens next on a request and the day it is due (both empty clears it; staff; audited)',
    responses: { 200: answers('Saved', okEnvelope({ lead: LeadViewSchema })), ...failures(400, 401, 404) },
  }),
  personalDataOnly,
  leadExists,
  validate('json', NextStepSchema),
  async (c) => {
    const input = c.req.valid('json');
    const id = leadId(c);
    foundOr404(await changeNextStep(c.var.db, requireAccess(c, 'personalData').user.id, 'lead', id, input), NO_SUCH_LEAD);
    const row = await findLead(c.var.db, kindsOf(c), id);
    return sendOk(c, nextStepMessage(input), { lead: toLeadView(row, await ownersOf(c.var.db, [row.ownerId])) });
  },
);

/** Staff mark the next step done, say what came of it, and book the next one, in one save. */
const nextStepDone = factory.createHandlers(
  describeRoute({
    tags,
    summary:
      'Mark a request’s next step done (`done` is the step as the caller saw it) with an optional note, and book the next one in the same save (both empty books none; 409 when the step changed meanwhile; staff; audited)',
    responses: { 200: answers('Done', okEnvelope({ lead: LeadViewSchema })), ...failures(400, 401, 404, 409) },
  }),
  personalDataOnly,
  leadExists,
  validate('json', NextStepDoneSchema),
  async (c) => {
    const input = c.req.valid('json');
    const id = leadId(c);
    foundOr404(await completeNextStep(c.var.db, requireAccess(c, 'personalData').user.id, 'lead', id, input), NO_SUCH_LEAD);
    const row = await findLead(c.var.db, kindsOf(c), id);
    return sendOk(c, nextStepDoneMessage(input), { lead: toLeadView(row, await ownersOf(c.var.db, [row.ownerId])) });
  },
);

/** A request's timeline, a page at a time. */
const timeline = factory.createHandlers(
  describeRoute({
    tags,
    summary:
      'A request’s timeline, newest first: received, status changes, notes, next steps, outcomes and the mails sent about it; `before` is the `next` cursor of the page before (staff)',
    responses: { 200: answers('One page of the timeline', okEnvelope({ timeline: TimelineViewSchema })), ...failures(400, 401, 404) },
  }),
  personalDataOnly,
  leadExists,
  validate('query', TimelineQuerySchema),
  async (c) => {
    const page = await recordTimeline(c.var.db, 'lead', leadId(c), c.req.valid('query').before);
    return sendOk(c, 'Timeline', { timeline: page });
  },
);

/** Staff record how a request ended: the premium and insurer when quoted or won, the reason when lost. */
const outcome = factory.createHandlers(
  describeRoute({
    tags,
    summary:
      'Record the outcome: `quoted` with the premium in euro and the insurer (status quoted or won), or `lost` with the reason and detail (status lost) (staff; audited)',
    responses: { 200: answers('Recorded', okEnvelope({ lead: LeadViewSchema })), ...failures(400, 401, 404, 409) },
  }),
  personalDataOnly,
  leadExists,
  validate('json', LeadOutcomeSchema),
  async (c) => {
    const row = await recordOutcome(c.var.db, requireAccess(c, 'personalData').user.id, leadId(c), c.req.valid('json'));
    return sendOk(c, 'Outcome saved.', { lead: toLeadView(row, await ownersOf(c.var.db, [row.ownerId])) });
  },
);

/** A document a visitor attached, for signed-in staff only, always as a download. */
const download = factory.createHandlers(
  describeRoute({
    tags,
    summary: "Download a visitor's document (staff)",
    responses: { 200: { description: 'The file, as an attachment', content: { 'application/octet-stream': {} } }, ...failures(401, 404) },
  }),
  personalDataOnly,
  async (c) => {
    const id = uuidParam(c, 'id', FILE_GONE);
    const file = await findLeadFile(c.var.db, kindsOf(c), id);
    if (!file) throw new HttpError(404, FILE_GONE);
    const stored = await c.var.objects.get(storageKeys.leadFile(file.id));
    if (!stored) throw new HttpError(404, FILE_GONE);
    return new Response(Readable.toWeb(stored.body) as ReadableStream, {
      headers: {
        'content-type': file.mime,
        'content-length': String(stored.size),
        'content-disposition': `attachment; filename="${file.name.replace(/[^\w.\- ]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  },
);

const remove = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'Delete a request and its documents (staff; audited)',
    responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 404) },
  }),
  personalDataOnly,
  async (c) => {
    const actor = requireAccess(c, 'personalData').user;
    const row = await findLead(c.var.db, kindsOf(c), leadId(c));
    const files = await deleteLead(c.var.db, actor.id, row);
    await removeLeadFiles(c.var.objects, files);
    return sendOk(c, 'Request deleted.', {});
  },
);

/** The addresses: each action at each kind of address that serves it (see the comment above). */
export const leadRoutes = new Hono<AppEnv>()
  .get(QUOTES, ...list)
  .get(`${QUOTES}/export`, ...exportCsv)
  .get(`${QUOTES}/export/answers`, ...exportAnswersCsv)
  .post(`${QUOTES}/bulk`, ...bulk)
  .post(`${QUOTES}/bulk/export`, ...bulkExport)
  .get(`${QUOTES}/get/:id`, ...read)
  .put(`${QUOTES}/update/:id`, ...update)
  .put(`${QUOTES}/next-step/:id`, ...nextStep)
  .post(`${QUOTES}/next-step-done/:id`, ...nextStepDone)
  .get(`${QUOTES}/timeline/:id`, ...timeline)
  .put(`${QUOTES}/outcome/:id`, ...outcome)
  .get(`${QUOTES}/files/:id`, ...download)
  .delete(`${QUOTES}/delete/:id`, ...remove)
  .post(`${QUOTE}/create`, quoteKind, ...create)
  .get(QUOTE, quoteKind, ...list)
  .get(`${QUOTE}/export`, quoteKind, ...exportCsv)
  .get(`${QUOTE}/export/answers`, quoteKind, ...exportAnswersCsv)
  .get(`${QUOTE}/get/:id`, quoteKind, ...read)
  .put(`${QUOTE}/update/:id`, quoteKind, ...update)
  .put(`${QUOTE}/next-step/:id`, quoteKind, ...nextStep)
  .post(`${QUOTE}/next-step-done/:id`, quoteKind, ...nextStepDone)
  .get(`${QUOTE}/timeline/:id`, quoteKind, ...timeline)
  .put(`${QUOTE}/outcome/:id`, quoteKind, ...outcome)
  .get(`${QUOTE}/files/:id`, quoteKind, ...download)
  .delete(`${QUOTE}/delete/:id`, quoteKind, ...remove)
  .post(`${RENEWALS}/create`, ...create)
  .get(RENEWALS, ...list)
  .get(`${RENEWALS}/export`, ...exportCsv)
  .get(`${RENEWALS}/export/answers`, ...exportAnswersCsv)
  .post(`${RENEWALS}/bulk`, ...bulk)
  .post(`${RENEWALS}/bulk/export`, ...bulkExport)
  .get(`${RENEWALS}/get/:id`, ...read)
  .put(`${RENEWALS}/update/:id`, ...update)
  .put(`${RENEWALS}/next-step/:id`, ...nextStep)
  .post(`${RENEWALS}/next-step-done/:id`, ...nextStepDone)
  .get(`${RENEWALS}/timeline/:id`, ...timeline)
  .put(`${RENEWALS}/outcome/:id`, ...outcome)
  .get(`${RENEWALS}/files/:id`, ...download)
  .delete(`${RENEWALS}/delete/:id`, ...remove);
