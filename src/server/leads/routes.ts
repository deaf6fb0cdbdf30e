import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { createFactory, createMiddleware } from 'hono/factory';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '../../schemas/envelope.ts';
import { LeadDetailViewSchema, LeadViewSchema } from '../../schemas/lead-view.ts';
import { answerSections, csvColumns } from '../../schemas/leads/answers.ts';
import { schemaFor, type Answers } from '../../schemas/leads/form-definition.ts';
import { leadForms, leadKinds, quoteKinds, type LeadKind, type QuoteKind } from '../../schemas/leads/index.ts';
import { LeadCreateBodySchema, LeadCreateExtrasSchema, LeadExportQuerySchema, LeadListQuerySchema, LeadUpdateSchema } from '../../schemas/leads/lead-api.ts';
import { listPageInfo } from '../../schemas/paging.ts';
import type { AppEnv } from '../app-env.ts';
import { clientAddress, publicFormRateLimit } from '../auth/rate-limit.ts';
import { requireStaff, staffOnly } from '../auth/session.ts';
import { audit } from '../audit.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, parseWith, sendOk } from '../http/envelope.ts';
import { createOnce, idempotencyKeyOf, requestHash } from '../http/idempotency.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { listRequest } from '../db/keyset.ts';
import { HumanCheckFailed, verifyHumanCheck } from '../human-check.ts';
import { leadFilesRoot } from '../storage/media-store.ts';
import { toCsv } from './csv.ts';
import {
  deleteLead,
  exportRows,
  FILE_GONE,
  filtersFrom,
  findByIdempotencyKey,
  findLead,
  findLeadFile,
  leadDetails,
  listLeads,
  moveLead,
  NO_SUCH_LEAD,
  storeLead,
} from './queries.ts';
import { toLeadDetailView, toLeadView } from './views.ts';

const THANK_YOU = 'Thank you. We have your request and will be in touch shortly.';
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
    const hash = requestHash({ kind, answers });
    const row = await createOnce(
      idempotencyKey,
      hash,
      (key) => findByIdempotencyKey(db, kind, key),
      async () => {
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
    summary: 'List requests, newest first, filtered by kind, status, dates (YYYY-MM-DD) and text (staff)',
    responses: { 200: answers('One page of requests', okEnvelope({ leads: v.array(LeadViewSchema), ...listPageInfoEntries })), ...failures(400, 401) },
  }),
  staffOnly,
  validate('query', LeadListQuerySchema),
  async (c) => {
    const query = c.req.valid('query');
    const paging = listRequest(query, c.var.config);
    const page = await listLeads(c.var.db, filtersFrom(kindsOf(c), query), paging);
    return sendOk(c, 'Requests', { leads: page.rows.map(toLeadView), ...listPageInfo(paging, page) });
  },
);

const exportCsv = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'The filtered list as CSV, 10,000 rows at most (staff)',
    responses: { 200: { description: 'A CSV download', content: { 'text/csv': {} } }, ...failures(400, 401) },
  }),
  staffOnly,
  validate('query', LeadExportQuerySchema),
  async (c) => {
    const kinds = kindsOf(c);
    const single = kinds.length === 1 ? kinds[0]! : null;
    const rows = await exportRows(c.var.db, filtersFrom(kinds, c.req.valid('query')));
    // An export of personal data is recorded: who took how many rows, with what filter.
    await audit(c.var.db, requireStaff(c).user.id, 'leads exported', null, { kinds: [...kinds], rows: rows.length, filter: c.req.valid('query') });
    const answerColumns = single ? csvColumns(leadForms[single]) : [];
    const header = ['Reference', 'Kind', 'Status', 'Received', 'Name', 'Email', 'Phone', 'Registration', ...answerColumns.map((column) => column.label)];
    const lines = rows.map((row) => [
      row.reference,
      leadKinds[row.kind].label,
      row.status,
      row.createdAt.toISOString(),
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
    c.header('content-disposition', `attachment; filename="${single ?? 'quotes'}-${new Date().toISOString().slice(0, 10)}.csv"`);
    return c.body(toCsv([header, ...lines]));
  },
);

const read = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'Read a request with its answers, documents and history (staff)',
    responses: { 200: answers('The request', okEnvelope({ lead: LeadDetailViewSchema })), ...failures(401, 404) },
  }),
  staffOnly,
  async (c) => {
    const row = await findLead(c.var.db, kindsOf(c), leadId(c));
    // Viewing a request's personal data is recorded too.
    await audit(c.var.db, requireStaff(c).user.id, 'lead viewed', `lead:${row.id} ${row.reference}`);
    const { events, files } = await leadDetails(c.var.db, row.id);
    return sendOk(c, 'Request', { lead: toLeadDetailView(row, files, answerSections(leadForms[row.kind], row.answers as Answers), events) });
  },
);

/** Staff move a request along the pipeline and/or add a note; each change is recorded with who made it. */
const update = factory.createHandlers(
  describeRoute({
    tags,
    summary: 'Move a request along the pipeline and/or add a note (staff)',
    responses: { 200: answers('Changed', okEnvelope({ lead: LeadViewSchema })), ...failures(400, 401, 404) },
  }),
  staffOnly,
  // The request must exist (404) before its change is checked.
  async (c, next) => {
    await findLead(c.var.db, kindsOf(c), leadId(c));
    await next();
  },
  validate('json', LeadUpdateSchema),
  async (c) => {
    const actor = requireStaff(c).user;
    const row = await findLead(c.var.db, kindsOf(c), leadId(c));
    const input = c.req.valid('json');
    const moved = input.status !== undefined && input.status !== row.status;
    if (!moved && !input.note)
      throw new HttpError(400, 'Change the status or write a note.', [{ field: 'note', message: 'Change the status or write a note.' }]);
    return sendOk(c, 'Request updated.', { lead: toLeadView(await moveLead(c.var.db, actor.id, row.id, input)) });
  },
);

/** A document a visitor attached, for signed-in staff only, always as a download. */
const download = factory.createHandlers(
  describeRoute({
    tags,
    summary: "Download a visitor's document (staff)",
    responses: { 200: { description: 'The file, as an attachment', content: { 'application/octet-stream': {} } }, ...failures(401, 404) },
  }),
  staffOnly,
  async (c) => {
    const id = uuidParam(c, 'id', FILE_GONE);
    const file = await findLeadFile(c.var.db, kindsOf(c), id);
    if (!file) throw new HttpError(404, FILE_GONE);
    const path = join(leadFilesRoot(c.var.config.dataDir), file.id);
    const size = await stat(path).then(
      (info) => info.size,
      () => null,
    );
    if (size === null) throw new HttpError(404, FILE_GONE);
    return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
      headers: {
        'content-type': file.mime,
        'content-length': String(size),
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
  staffOnly,
  async (c) => {
    const actor = requireStaff(c).user;
    const row = await findLead(c.var.db, kindsOf(c), leadId(c));
    const files = await deleteLead(c.var.db, actor.id, row);
    await Promise.all(files.map((id) => rm(join(leadFilesRoot(c.var.config.dataDir), id), { force: true })));
    return sendOk(c, 'Request deleted.', {});
  },
);

/** The addresses: each action at each kind of address that serves it (see the comment above). */
export const leadRoutes = new Hono<AppEnv>()
  .get(QUOTES, ...list)
  .get(`${QUOTES}/export`, ...exportCsv)
  .get(`${QUOTES}/get/:id`, ...read)
  .put(`${QUOTES}/update/:id`, ...update)
  .get(`${QUOTES}/files/:id`, ...download)
  .delete(`${QUOTES}/delete/:id`, ...remove)
  .post(`${QUOTE}/create`, quoteKind, ...create)
  .get(QUOTE, quoteKind, ...list)
  .get(`${QUOTE}/export`, quoteKind, ...exportCsv)
  .get(`${QUOTE}/get/:id`, quoteKind, ...read)
  .put(`${QUOTE}/update/:id`, quoteKind, ...update)
  .get(`${QUOTE}/files/:id`, quoteKind, ...download)
  .delete(`${QUOTE}/delete/:id`, quoteKind, ...remove)
  .post(`${RENEWALS}/create`, ...create)
  .get(RENEWALS, ...list)
  .get(`${RENEWALS}/export`, ...exportCsv)
  .get(`${RENEWALS}/get/:id`, ...read)
  .put(`${RENEWALS}/update/:id`, ...update)
  .get(`${RENEWALS}/files/:id`, ...download)
  .delete(`${RENEWALS}/delete/:id`, ...remove);
