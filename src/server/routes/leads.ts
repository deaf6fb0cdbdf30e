import { Hono, type Context } from 'hono';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { leadForms, leadKinds, leadStatuses, type LeadKind } from '../../schemas/leads/index.ts';
import { schemaFor, type Answers } from '../../schemas/leads/form-definition.ts';
import { LeadCreateExtrasSchema, LeadUpdateSchema } from '../../schemas/leads/lead-api.ts';
import { pageInfo } from '../../schemas/paging.ts';
import { calendarDate } from '../../schemas/fields.ts';
import type { AppEnv } from '../app-env.ts';
import { leadEvents, leadFiles, leads, users } from '../db/schema.ts';
import { HttpError, parseWith, readBody, sendOk } from '../http/envelope.ts';
import { pagingFrom, uuidParam } from '../http/params.ts';
import { requireStaff } from '../auth/session.ts';
import { clientAddress, consume, publicFormLimit } from '../auth/rate-limit.ts';
import { HumanCheckFailed, spendHumanCheck, verifyHumanCheck } from '../human-check.ts';
import { createOnce, idempotencyKeyOf, requestHash } from '../http/idempotency.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { leadForSalesMail, leadReceivedMail } from '../mail/templates/lead-received.ts';
import { answerSections, csvColumns } from '../../schemas/leads/answers.ts';
import { nextReference } from '../leads/reference.ts';
import { toCsv } from '../leads/csv.ts';
import { audit } from '../audit.ts';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { isNull } from 'drizzle-orm';
import { leadFilesRoot } from '../storage/media-store.ts';
import type { LeadFormDef } from '../../schemas/leads/form-definition.ts';

const FILE_GONE = 'The uploaded file is no longer available. Please upload it again.';

/** The ids of the documents a request's answers name (fields of kind 'files'). */
function fileIdsOf(def: LeadFormDef, answers: Answers): string[] {
  return def.steps.flatMap((step) =>
    step.fields.filter((field) => field.kind === 'files').flatMap((field) => (answers[field.name] as string[] | undefined) ?? []),
  );
}

type LeadRow = typeof leads.$inferSelect;

const NO_SUCH_LEAD = 'There is no such request.';
const THANK_YOU = 'Thank you. We have your request and will be in touch shortly.';
/** The most rows one CSV export carries. */
export const EXPORT_MAX_ROWS = 10_000;

const toLeadView = (row: LeadRow) => ({
  _id: row.id,
  kind: row.kind,
  reference: row.reference,
  status: row.status,
  name: row.name,
  email: row.email,
  phone: row.phone,
  registration: row.registration,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const FilterSchema = v.object({
  kind: v.optional(v.picklist(Object.keys(leadForms) as LeadKind[], 'Unknown kind')),
  status: v.optional(v.picklist(leadStatuses, 'Unknown status')),
  from: v.optional(calendarDate),
  to: v.optional(calendarDate),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});

/**
 * Quote and renewal requests. `kinds` is what this router serves: one kind under
 * /quotes/{kind} and /renewals (which also take new requests), or all four quote kinds
 * under /quotes (the back-office list, with a kind filter).
 */
export function leadRoutes(kinds: readonly LeadKind[]) {
  const routes = new Hono<AppEnv>();
  const single = kinds.length === 1 ? kinds[0]! : null;

  function filtersFrom(c: Context<AppEnv>): SQL | undefined {
    const query = parseWith(FilterSchema, Object.fromEntries(['kind', 'status', 'from', 'to', 'q'].map((key) => [key, c.req.query(key) || undefined])));
    const chosen = query.kind ? kinds.filter((kind) => kind === query.kind) : [...kinds];
    const filters: (SQL | undefined)[] = [inArray(leads.kind, chosen)];
    if (query.status) filters.push(eq(leads.status, query.status));
    if (query.from) filters.push(gte(leads.createdAt, sql`${query.from}::date`));
    // "to" is a whole day: everything before the next midnight.
    if (query.to) filters.push(lt(leads.createdAt, sql`${query.to}::date + 1`));
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      filters.push(or(ilike(leads.name, like), ilike(leads.reference, like), ilike(sql`replace(${leads.registration}, '-', '')`, like.replace(/-/g, ''))));
    }
    return and(...filters);
  }

  async function findLead(c: Context<AppEnv>): Promise<LeadRow> {
    const id = uuidParam(c, 'id', NO_SUCH_LEAD);
    const [row] = await c.var.db
      .select()
      .from(leads)
      .where(and(eq(leads.id, id), inArray(leads.kind, [...kinds])));
    if (!row) throw new HttpError(404, NO_SUCH_LEAD);
    return row;
  }

  if (single) {
    const def = leadForms[single];
    const meta = leadKinds[single];
    const schema = schemaFor(def);
    routes.post('/create', async (c) => {
      const { db, config } = c.var;
      const remoteIp = clientAddress(c, config.trustProxy);
      await consume(db, publicFormLimit(config.formRateLimit), remoteIp);
      const body = await readBody(c, v.record(v.string(), v.unknown()));
      // The answers first: a person needs their field errors more than word of the spam check.
      const answers = parseWith(schema, body) as Answers;
      const extras = parseWith(LeadCreateExtrasSchema, { humanCheck: body.humanCheck, website: body.website });
      // A filled honeypot is a bot: it is told what a person would be told, and nothing is stored or sent.
      if (extras.website) return sendOk(c, THANK_YOU, { lead: null, redirect: meta.thankYou }, 201);
      const summary = def.summary(answers);
      const fileIds = fileIdsOf(def, answers);
      const sections = answerSections(def, answers);
      const idempotencyKey = idempotencyKeyOf(c);
      const hash = requestHash({ kind: single, answers });
      const row = await createOnce(
        idempotencyKey,
        hash,
        async (key) =>
          (
            await db
              .select()
              .from(leads)
              .where(and(eq(leads.kind, single), eq(leads.idempotencyKey, key)))
          )[0],
        async () => {
          const check = await verifyHumanCheck({ db, config, secretKey: c.var.secretKey, remoteIp }, extras.humanCheck);
          if (!check) throw new HumanCheckFailed();
          return db.transaction(async (tx) => {
            // Spent with the record: a request that is not stored leaves its check usable for the resend.
            if (!(await spendHumanCheck(tx, check))) throw new HumanCheckFailed();
            const reference = await nextReference(tx, meta.prefix);
            const [created] = await tx
              .insert(leads)
              .values({ kind: single, reference, ...summary, answers, idempotencyKey: idempotencyKey ?? null, requestHash: hash })
              .returning();
            if (fileIds.length) {
              // Each document is claimed once, by the request that names it.
              const claimed = await tx
                .update(leadFiles)
                .set({ leadId: created!.id })
                .where(and(inArray(leadFiles.id, fileIds), isNull(leadFiles.leadId)))
                .returning({ id: leadFiles.id });
              if (claimed.length !== fileIds.length) throw new HttpError(400, FILE_GONE, [{ field: 'schedule', message: FILE_GONE }]);
            }
            await tx.insert(leadEvents).values({ leadId: created!.id, toStatus: 'new', note: 'Received from the website' });
            const sales = await leadForSalesMail({
              title: def.title,
              reference,
              name: summary.name,
              sections,
              link: `${config.site.origin}/admin/${single === 'renewal' ? 'renewals' : 'quotes'}/view/${created!.id}`,
            });
            await enqueueMail(tx, { to: [config.site.salesEmail], replyTo: summary.email, ...sales, ref: `lead:${created!.id}` });
            const customer = await leadReceivedMail({
              brand: config.site.brand,
              phone: config.site.salesPhone,
              title: def.title,
              reference,
              name: summary.name,
              paymentUrl: single === 'renewal' ? config.site.paymentUrl : null,
            });
            await enqueueMail(tx, { to: [summary.email], ...customer, ref: `lead:${created!.id}` });
            return created!;
          });
        },
      );
      return sendOk(c, THANK_YOU, { lead: toLeadView(row), redirect: `${meta.thankYou}?ref=${row.reference}` }, 201);
    });
  }

  routes.get('/', async (c) => {
    requireStaff(c);
    const { db } = c.var;
    const paging = pagingFrom(c);
    const where = filtersFrom(c);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(leads)
        .where(where)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(paging.page_size)
        .offset(paging.page * paging.page_size),
      db.select({ n: count() }).from(leads).where(where),
    ]);
    return sendOk(c, 'Requests', { leads: rows.map(toLeadView), ...pageInfo(paging, total?.n ?? 0) });
  });

  routes.get('/export', async (c) => {
    const actor = requireStaff(c);
    const rows = await c.var.db.select().from(leads).where(filtersFrom(c)).orderBy(desc(leads.createdAt)).limit(EXPORT_MAX_ROWS);
    // An export of personal data is recorded: who took which rows, and with what filter.
    await audit(c.var.db, actor.user.id, 'leads exported', null, { kinds: [...kinds], rows: rows.length, filter: c.req.query() });
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
  });

  routes.get('/get/:id', async (c) => {
    const viewer = requireStaff(c);
    const row = await findLead(c);
    // Viewing a request's personal data is recorded too.
    await audit(c.var.db, viewer.user.id, 'lead viewed', `lead:${row.id} ${row.reference}`);
    const events = await c.var.db
      .select({
        id: leadEvents.id,
        fromStatus: leadEvents.fromStatus,
        toStatus: leadEvents.toStatus,
        note: leadEvents.note,
        createdAt: leadEvents.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(leadEvents)
      .leftJoin(users, eq(users.id, leadEvents.userId))
      .where(eq(leadEvents.leadId, row.id))
      .orderBy(desc(leadEvents.createdAt));
    const files = await c.var.db
      .select({ _id: leadFiles.id, name: leadFiles.originalName, bytes: leadFiles.bytes })
      .from(leadFiles)
      .where(eq(leadFiles.leadId, row.id));
    return sendOk(c, 'Request', {
      lead: {
        ...toLeadView(row),
        files,
        answers: answerSections(leadForms[row.kind], row.answers as Answers),
        events: events.map((event) => ({
          _id: event.id,
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          note: event.note,
          by: event.firstName ? `${event.firstName} ${event.lastName}`.trim() : 'Website',
          createdAt: event.createdAt.toISOString(),
        })),
      },
    });
  });

  /** Staff move a request along the pipeline and/or add a note; each change is recorded with who made it. */
  routes.put('/update/:id', async (c) => {
    const actor = requireStaff(c).user;
    const row = await findLead(c);
    const input = await readBody(c, LeadUpdateSchema);
    const moved = input.status !== undefined && input.status !== row.status;
    if (!moved && !input.note)
      throw new HttpError(400, 'Change the status or write a note.', [{ field: 'note', message: 'Change the status or write a note.' }]);
    const updated = await c.var.db.transaction(async (tx) => {
      // The row is locked and read again, so two people moving it at once each record the
      // status they really moved it from, and a request deleted meanwhile is a 404, not a 500.
      const [current] = await tx.select().from(leads).where(eq(leads.id, row.id)).for('update');
      if (!current) throw new HttpError(404, NO_SUCH_LEAD);
      const movedNow = input.status !== undefined && input.status !== current.status;
      // Someone else made the same move a moment earlier: nothing is left to record.
      if (!movedNow && !input.note) return current;
      const [next] = await tx
        .update(leads)
        .set({ ...(movedNow ? { status: input.status } : {}), updatedAt: sql`now()` })
        .where(eq(leads.id, row.id))
        .returning();
      await tx.insert(leadEvents).values({
        // The moment of the move, not of the transaction's start: a move that waited for the
        // row lock happened after the one it waited for, and the history must say so.
        createdAt: sql`clock_timestamp()`,
        leadId: row.id,
        userId: actor.id,
        fromStatus: movedNow ? current.status : null,
        toStatus: movedNow ? input.status! : null,
        note: input.note ?? '',
      });
      await audit(tx, actor.id, movedNow ? `lead moved to ${input.status}` : 'lead note added', `lead:${row.id}`);
      return next!;
    });
    return sendOk(c, 'Request updated.', { lead: toLeadView(updated) });
  });

  /** A document a visitor attached, for signed-in staff only, always as a download. */
  routes.get('/files/:id', async (c) => {
    requireStaff(c);
    const id = uuidParam(c, 'id', FILE_GONE);
    const [file] = await c.var.db
      .select({ id: leadFiles.id, name: leadFiles.originalName, mime: leadFiles.mime })
      .from(leadFiles)
      .innerJoin(leads, eq(leads.id, leadFiles.leadId))
      .where(and(eq(leadFiles.id, id), inArray(leads.kind, [...kinds])));
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
  });

  routes.delete('/delete/:id', async (c) => {
    const actor = requireStaff(c).user;
    const row = await findLead(c);
    const files = await c.var.db.transaction(async (tx) => {
      const attached = await tx.delete(leadFiles).where(eq(leadFiles.leadId, row.id)).returning({ id: leadFiles.id });
      await tx.delete(leads).where(eq(leads.id, row.id));
      await audit(tx, actor.id, 'lead deleted', `lead:${row.id} ${row.reference}`);
      return attached;
    });
    await Promise.all(files.map((file) => rm(join(leadFilesRoot(c.var.config.dataDir), file.id), { force: true })));
    return sendOk(c, 'Request deleted.', {});
  });

  return routes;
}
