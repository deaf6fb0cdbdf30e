import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { calendarDate } from '#src/schemas/fields.ts';
import { answerSections } from '#src/schemas/leads/answers.ts';
import type { Answers, LeadFormDef } from '#src/schemas/leads/form-definition.ts';
import { leadForms, leadKinds, leadStatuses, quoteKinds, type LeadKind, type LeadStatus } from '#src/schemas/leads/index.ts';
import type { LeadBulk, LeadSort } from '#src/schemas/leads/lead-api.ts';
import { LOST_STATUS, quotedStatuses, type LeadOutcomeInput } from '#src/schemas/follow-up.ts';
import { dueFilter, ownerFilter } from '#src/schemas/pipeline.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { escapeLike, textSearch } from '../db/text-search.ts';
import { type KeyPart, keyColumns, keysetPage, type ListFilter, type ListPage, type ListRequest, type SearchPart } from '../db/keyset.ts';
import { leadEvents, leadFiles, leads, outbox, referenceCounters, users } from '../db/schema.ts';
import { HttpError, parseWith } from '../http/envelope.ts';
import { HumanCheckFailed, spendHumanCheck, type VerifiedHumanCheck } from '../human-check/verify.ts';
import { queueing } from '../mail/outbox.ts';
import { audit, auditEach } from '../audit.ts';
import { auditChanges, changesDetail } from '../audit-changes.ts';
import { outcomeChanges } from '../pipeline/audited-fields.ts';
import { holdOwner } from '../pipeline/owners.ts';
import { onDublinDays } from '../db/business-days.ts';
import { FINISHED_STATUSES, overdue, recordEvent } from '../pipeline/follow-ups.ts';
import { pipelineViewCounts } from '../pipeline/view-counts.ts';
import { leadMails } from './mails.ts';
import { nextReference, REFERENCE_DIGITS, seriesCounter } from './reference.ts';
import type { LeadRow } from './views.ts';
import { queueStatusChanged, queueWebhookEvent } from '../webhooks/queries.ts';

export const NO_SUCH_LEAD = 'There is no such request.';
export const SOME_LEADS_GONE = 'Some of the chosen requests are no longer there. Reload the list and try again.';
export const FILE_GONE = 'The uploaded file is no longer available. Please upload it again.';
/** The most rows one CSV export carries. */
export const EXPORT_MAX_ROWS = 10_000;

const FilterSchema = v.object({
  kind: v.optional(v.picklist(Object.keys(leadForms) as LeadKind[], 'Unknown kind')),
  status: v.optional(v.picklist(leadStatuses, 'Unknown status')),
  from: v.optional(calendarDate),
  to: v.optional(calendarDate),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  owner: ownerFilter,
  due: dueFilter,
});

const filterKeys = ['kind', 'status', 'from', 'to', 'q', 'owner', 'due'] as const;
export type FilterQuery = Partial<Record<(typeof filterKeys)[number], string>>;

/**
 * Rows of the kinds chosen. Every quote kind at once is written `kind <> 'renewal'`, word for
 * word the condition of the quote list's partial indexes (migration 0014), so the planner
 * can use them; a list of four kinds would make it read every quote and sort them.
 */
function kindFilter(chosen: LeadKind[]): SQL {
  const allQuotes = chosen.length === quoteKinds.length && quoteKinds.every((kind) => chosen.includes(kind));
  return allQuotes ? sql`${leads.kind} <> 'renewal'` : inArray(leads.kind, chosen);
}

/**
 * Text that begins as a reference does (a kind's letters and a dash: "VQ-2026-00"). A
 * reference (written by nextReference, in capitals: VQ-2026-000123) holds its letters and
 * dash at its start only, so such text is in a reference only as its start, and is looked
 * for as a prefix, by the reference's btree index: its trigrams ("vq-", "-20", "202"…) are
 * common to every request of a kind, which the trigram index reads in full (40-50 ms at a
 * million requests) to find the few that hold them all.
 */
const referencePrefixes = Object.values(leadKinds).map((meta) => meta.prefix);
/** The kind whose references begin as `text` does (a kind's letters and a dash), if any. */
const referenceKindOf = (text: string) => (Object.keys(leadKinds) as LeadKind[]).find((kind) => text.toUpperCase().startsWith(`${leadKinds[kind].prefix}-`));
/**
 * Text that names a prefix and a year ("VQ-2025", "VQ-2025-00"): its references are one
 * series, whose numbers were given in the order its requests were made (reference.ts), so
 * its matches newest first are its references from the highest down, on the reference's
 * index, wherever they lie in time. A search of last year's references matched a quarter
 * of a million requests and none of the newest: every match was read to find the newest
 * ten (630 ms).
 */
const SERIES_START = new RegExp(`^(${referencePrefixes.join('|')})-\\d{4}`, 'i');

/** How many requests of `kinds` each of the list's views holds, for the signed-in `me`. */
export const leadViewCounts = (db: Db, kinds: readonly LeadKind[], me: string) =>
  pipelineViewCounts(
    db,
    { table: leads, ownerId: leads.ownerId, status: leads.status, nextStepDue: leads.nextStepDue },
    kindFilter([...kinds]),
    me,
    FINISHED_STATUSES.lead,
  );

/** The list's and the export's filters, within the kinds the address serves. */
export function filtersFrom(kinds: readonly LeadKind[], raw: FilterQuery): SQL | undefined {
  const { where, search } = listFilterFrom(kinds, raw);
  return and(where, search);
}

/** The same filters, the text search apart (the list looks for a search's page among the newest rows first). */
export function listFilterFrom(kinds: readonly LeadKind[], raw: FilterQuery): ListFilter {
  const query = parseWith(FilterSchema, Object.fromEntries(filterKeys.map((key) => [key, raw[key] || undefined])));
  const chosen = query.kind ? kinds.filter((kind) => kind === query.kind) : [...kinds];
  const filters: (SQL | undefined)[] = [kindFilter(chosen)];
  if (query.status) filters.push(eq(leads.status, query.status));
  if (query.owner) filters.push(query.owner === 'none' ? isNull(leads.ownerId) : eq(leads.ownerId, query.owner));
  // Dublin days, as the dashboard counts the requests it links here.
  filters.push(onDublinDays(leads.createdAt, query.from, query.to));
  if (query.due === 'overdue') filters.push(overdue(leads.nextStepDue, leads.status, FINISHED_STATUSES.lead));
  if (!query.q) return { where: and(...filters), search: undefined };
  // A reference's start is looked for as the reference's prefix; any other text anywhere in it.
  const referenceKind = referenceKindOf(query.q);
  const words = referenceKind ? textSearch([leads.name], query.q) : textSearch([leads.name, leads.reference], query.q, leads.searchText);
  // A reference of a kind the list does not show matches none of its rows (read on the index, each would be looked up to be left out).
  const shownPrefix = referenceKind && chosen.includes(referenceKind) ? like(leads.reference, `${escapeLike(query.q).toUpperCase()}%`) : undefined;
  const prefix = referenceKind ? (shownPrefix ?? sql`false`) : undefined;
  // Registrations are compared without their dashes (191-L-4521 is found as 191L4521 and the other way round).
  const registration = textSearch([sql`replace(${leads.registration}, '-', '')`], query.q.replace(/-/g, ''));
  return {
    where: and(...filters),
    search: or(words.indexed, prefix, registration.indexed),
    searchScan: or(words.scan, prefix, registration.scan),
    searchParts: shownPrefix && seriesParts(query.q, shownPrefix, [words.indexed, registration.indexed]),
  };
}

/**
 * A search naming a prefix and a year, in parts (keyset.ts, partsRead): the series' references
 * in the list's order by the reference's own index (text_pattern_ops, whose order ~>~ and ~<~
 * name), while its numbers have their six digits (up to 999,999, as its counter tells: past
 * them the text's order is not the numbers'; then its matches are read and sorted), and the
 * search's other parts (the name, the registration) from their matches. Undefined for any
 * other search.
 */
function seriesParts(text: string, prefix: SQL, others: SQL[]): SearchPart[] | undefined {
  const series = SERIES_START.exec(text)?.[0].toUpperCase();
  if (!series) return undefined;
  const [letters, year] = series.split('-') as [string, string];
  const inTextOrder = sql`coalesce(${seriesCounter(referenceCounters.last, letters, Number(year))}, 0) < ${10 ** REFERENCE_DIGITS}`;
  return [
    { match: and(prefix, inTextOrder)!, order: { desc: sql`${leads.reference} using ~>~`, asc: sql`${leads.reference} using ~<~`, keys: LEAD_ORDER } },
    { match: and(prefix, sql`not ${inTextOrder}`)! },
    ...others.map((match) => ({ match })),
  ];
}

/** The requests' order: newest first, the id deciding between equal moments. */
const LEAD_ORDER: KeyPart[] = [
  { expr: leads.createdAt, type: 'timestamptz' },
  { expr: leads.id, type: 'uuid' },
];

/**
 * The renewal-date orders: soonest first (requests renewing on the same day oldest first), and
 * latest first, the same key the other way; the stored renewal_date (YYYY-MM-DD, '' should a renewal
 * lack one) on its own index, by keyset with cursors as the other orders. Sorting every
 * renewal's answers by their date took 155-405 ms at 200,000 renewals.
 */
const RENEWAL_ORDER: KeyPart[] = [{ expr: leads.renewalDate, type: 'text', format: /^(\d{4}-\d\d-\d\d)?$/ }, ...LEAD_ORDER];

/**
 * The order by next step (`sort=due`): the earliest due first (the most overdue, in the Overdue
 * view), then the oldest request; a request without a next step sorts after every other (as due
 * on 9999-12-31), so the key is never null and paging by cursor loses no row.
 */
const DUE_ORDER: KeyPart[] = [{ expr: sql`coalesce(${leads.nextStepDue}, '9999-12-31'::date)`, type: 'date' }, ...LEAD_ORDER];

/** One page of requests with its total (src/server/db/keyset.ts), by keyset with cursors, in the order asked for. */
export async function listLeads(db: Db, filter: ListFilter, paging: ListRequest, sort: LeadSort = 'newest'): Promise<ListPage<LeadRow>> {
  const byRenewal = sort === 'renewal-soonest' || sort === 'renewal-latest';
  const keys = byRenewal ? RENEWAL_ORDER : sort === 'due' ? DUE_ORDER : LEAD_ORDER;
  const columns = { ...getTableColumns(leads), ...keyColumns(keys) };
  return keysetPage(db, {
    table: leads,
    id: leads.id,
    keys,
    direction: sort === 'oldest' || sort === 'renewal-soonest' || sort === 'due' ? 'asc' : 'desc',
    ...filter,
    paging,
    select: (query) =>
      db
        .select(columns)
        .from(leads)
        .where(query.where)
        .orderBy(...query.orderBy)
        .limit(query.limit),
  });
}

/**
 * The premiums of every request `filter` holds, over all its pages, added up ("18400.00"; "0"
 * when none has one): a board column's value. Summed exactly, as a column's records are the ones
 * quoted, won or lost with a premium recorded, never a whole million-row list.
 */
export async function premiumTotal(db: Db, filter: ListFilter): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${leads.premium}), 0)::text` })
    .from(leads)
    .where(and(filter.where, filter.search, isNotNull(leads.premium)));
  return row?.total ?? '0';
}

export function exportRows(db: Db, where: SQL | undefined): Promise<LeadRow[]> {
  return db.select().from(leads).where(where).orderBy(desc(leads.createdAt)).limit(EXPORT_MAX_ROWS);
}

/** The chosen requests of `kinds` (a bulk export). */
export const leadIdsIn = (kinds: readonly LeadKind[], ids: readonly string[]): SQL => and(inArray(leads.id, [...ids]), inArray(leads.kind, [...kinds]))!;

/** A request of one of `kinds`, or a 404. */
export async function findLead(db: Db, kinds: readonly LeadKind[], id: string): Promise<LeadRow> {
  const [row] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), inArray(leads.kind, [...kinds])));
  if (!row) throw new HttpError(404, NO_SUCH_LEAD);
  return row;
}

export async function findByIdempotencyKey(db: Db, kind: LeadKind, key: string): Promise<LeadRow | undefined> {
  return (
    await db
      .select()
      .from(leads)
      .where(and(eq(leads.kind, kind), eq(leads.idempotencyKey, key)))
  )[0];
}

/** A request's documents and history, newest first. */
export async function leadDetails(db: Db, leadId: string) {
  const events = await db
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
    // Status changes and notes; next steps and outcomes are the timeline's (src/server/pipeline/timeline.ts).
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'pipeline')))
    .orderBy(desc(leadEvents.createdAt));
  const files = await db
    .select({ _id: leadFiles.id, name: leadFiles.originalName, bytes: leadFiles.bytes })
    .from(leadFiles)
    .where(eq(leadFiles.leadId, leadId));
  return { events, files };
}

/** The ids of the documents a request's answers name (fields of kind 'files'). */
export function fileIdsOf(def: LeadFormDef, answers: Answers): string[] {
  return def.steps.flatMap((step) =>
    step.fields.filter((field) => field.kind === 'files').flatMap((field) => (answers[field.name] as string[] | undefined) ?? []),
  );
}

/**
 * Stores a new request with its reference, claims its documents, records its first history
 * step and queues the broker's and the customer's mails, all in one transaction that also
 * spends the human check (a request that is not stored leaves its check usable for the
 * resend). The request, its history step and its mails are one statement (its id is made
 * here, so the step and the mails can name it), so the reference counter's row, locked from
 * the number to the commit, is held over that statement, the documents' claim if any, and the commit.
 */
export async function storeLead(
  db: Db,
  config: Config,
  kind: LeadKind,
  answers: Answers,
  keys: { idempotencyKey: string | null; requestHash: string | null },
  check: VerifiedHumanCheck,
): Promise<LeadRow> {
  const def = leadForms[kind];
  const meta = leadKinds[kind];
  const summary = def.summary(answers);
  const fileIds = fileIdsOf(def, answers);
  const sections = answerSections(def, answers);
  const id = randomUUID();
  const mailsFor = await leadMails({
    facts: config.site,
    title: def.title,
    name: summary.name,
    sections,
    link: `${config.site.origin}/admin/${kind === 'renewal' ? 'renewals' : 'quotes'}/view/${id}`,
    paymentUrl: kind === 'renewal' ? config.site.paymentUrl : null,
  });
  return db.transaction(async (tx) => {
    if (!(await spendHumanCheck(tx, check))) throw new HumanCheckFailed();
    const { reference, createdAt } = await nextReference(tx, meta.prefix);
    const { sales, customer } = mailsFor(reference);
    const lead = tx.$with('lead').as(
      tx
        .insert(leads)
        .values({
          id,
          kind,
          reference,
          ...summary,
          answers,
          idempotencyKey: keys.idempotencyKey,
          requestHash: keys.requestHash,
          createdAt,
          updatedAt: createdAt,
        })
        .returning(),
    );
    // The history step and the mails name the request by its id; PostgreSQL checks the step's
    // foreign key at the end of the statement, when the request is there.
    const event = tx
      .$with('event')
      .as(tx.insert(leadEvents).values({ leadId: id, toStatus: 'new', note: 'Received from the website' }).returning({ id: leadEvents.id }));
    const mails = tx.$with('mails').as(
      queueing(tx, [
        { to: [config.site.salesEmail], replyTo: summary.email, ...sales, ref: `lead:${id}` },
        { to: [summary.email], ...customer, ref: `lead:${id}` },
      ]).returning({ id: outbox.id }),
    );
    const [created] = await tx.with(lead, event, mails).select().from(lead);
    if (fileIds.length) {
      // Each document is claimed once, by the request that names it.
      const claimed = await tx
        .update(leadFiles)
        .set({ leadId: id })
        .where(and(inArray(leadFiles.id, fileIds), isNull(leadFiles.leadId)))
        .returning({ id: leadFiles.id });
      if (claimed.length !== fileIds.length) throw new HttpError(400, FILE_GONE, [{ field: 'schedule', message: FILE_GONE }]);
    }
    await queueWebhookEvent(tx, kind === 'renewal' ? 'renewal.received' : 'quote.received', {
      id,
      kind,
      reference,
      product: def.title,
      receivedAt: created!.createdAt.toISOString(),
      link: `${config.site.origin}/admin/${kind === 'renewal' ? 'renewals' : 'quotes'}/view/${id}`,
    });
    return created!;
  });
}

/** Moves a request along the pipeline, adds a note and/or assigns it, recording who did it. */
export async function moveLead(
  db: Db,
  actorId: string,
  leadId: string,
  input: { status?: LeadStatus | undefined; note?: string | undefined; ownerId?: string | null | undefined },
): Promise<LeadRow> {
  return db.transaction(async (tx) => {
    // The row is locked and read again, so two people moving it at once each record the
    // status they really moved it from, and a request deleted meanwhile is a 404, not a 500.
    const [current] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update');
    if (!current) throw new HttpError(404, NO_SUCH_LEAD);
    const movedNow = input.status !== undefined && input.status !== current.status;
    const reassigned = input.ownerId !== undefined && input.ownerId !== current.ownerId;
    // Someone else made the same change a moment earlier: nothing is left to record.
    if (!movedNow && !reassigned && !input.note) return current;
    if (reassigned) await holdOwner(tx, input.ownerId ?? null);
    const [next] = await tx
      .update(leads)
      .set({ ...(movedNow ? { status: input.status } : {}), ...(reassigned ? { ownerId: input.ownerId } : {}), updatedAt: sql`now()` })
      .where(eq(leads.id, leadId))
      .returning();
    if (reassigned)
      await audit(tx, actorId, 'lead assigned', `lead:${leadId}`, { changes: auditChanges({ owner: current.ownerId }, { owner: next!.ownerId }) });
    if (!movedNow && !input.note) return next!;
    await tx.insert(leadEvents).values({
      // The moment of the move, not of the transaction's start: a move that waited for the
      // row lock happened after the one it waited for, and the history must say so.
      createdAt: sql`clock_timestamp()`,
      leadId,
      userId: actorId,
      fromStatus: movedNow ? current.status : null,
      toStatus: movedNow ? input.status! : null,
      note: input.note ?? '',
    });
    await audit(
      tx,
      actorId,
      movedNow ? `lead moved to ${input.status}` : 'lead note added',
      `lead:${leadId}`,
      changesDetail(auditChanges({ status: current.status }, { status: next!.status })),
    );
    if (movedNow)
      await queueStatusChanged(tx, {
        record: current.kind === 'renewal' ? 'renewal' : 'quote',
        id: leadId,
        reference: current.reference,
        from: current.status,
        to: input.status!,
      });
    return next!;
  });
}

export const OUTCOME_NEEDS_QUOTED = 'Record a premium and insurer once the request is quoted or won.';
export const OUTCOME_NEEDS_LOST = 'Record why it was lost once the request is lost.';

/**
 * Records how a request ended, audited: the premium and insurer of a quoted or won one, or
 * why a lost one was lost. The row is locked and its status read again, so an outcome never
 * lands on a request someone has just moved to another status (409). The outcome of the other
 * kind is left as it was: a lost request keeps the premium it was quoted.
 */
export async function recordOutcome(db: Db, actorId: string, leadId: string, input: LeadOutcomeInput): Promise<LeadRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update');
    if (!current) throw new HttpError(404, NO_SUCH_LEAD);
    const fields =
      input.outcome === 'quoted' ? { premium: input.premium, insurer: input.insurer } : { lostReason: input.lostReason, lostDetail: input.lostDetail };
    if (input.outcome === 'quoted' && !(quotedStatuses as readonly string[]).includes(current.status)) throw new HttpError(409, OUTCOME_NEEDS_QUOTED);
    if (input.outcome === 'lost' && current.status !== LOST_STATUS) throw new HttpError(409, OUTCOME_NEEDS_LOST);
    const [next] = await tx
      .update(leads)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(leads.id, leadId))
      .returning();
    // A lost request's detail is staff's own words, as a note's are: the entry says only whether
    // there were some. A quoted one's premium and insurer are in its changes, which an erasure blanks.
    const details = input.outcome === 'quoted' ? {} : { lostReason: input.lostReason, detail: input.lostDetail !== '' };
    await audit(tx, actorId, 'lead outcome recorded', `lead:${leadId}`, {
      outcome: input.outcome,
      ...details,
      ...changesDetail(outcomeChanges(current, next!)),
    });
    const changed =
      input.outcome === 'quoted'
        ? current.premium !== input.premium || current.insurer !== input.insurer
        : current.lostReason !== input.lostReason || current.lostDetail !== input.lostDetail;
    // The timeline says what the outcome became (the detail of a lost one as the entry's words).
    if (changed) {
      await recordEvent(tx, 'lead', leadId, actorId, 'outcome', {
        note: input.outcome === 'lost' ? input.lostDetail : '',
        detail:
          input.outcome === 'quoted'
            ? { outcome: 'quoted', premium: input.premium, insurer: input.insurer }
            : { outcome: 'lost', lostReason: input.lostReason },
      });
    }
    return next!;
  });
}

/**
 * One change to every chosen request of `kinds`, all or none: the rows are locked in id order
 * (two bulk actions over the same rows queue rather than deadlock); a request that is gone, or
 * of another kind, fails the whole action with nothing changed. Answers how many changed and,
 * for a delete, the ids of the documents whose files the caller removes.
 */
export async function bulkChangeLeads(db: Db, actorId: string, kinds: readonly LeadKind[], change: LeadBulk): Promise<{ changed: number; files: string[] }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: leads.id, kind: leads.kind, reference: leads.reference, status: leads.status, ownerId: leads.ownerId })
      .from(leads)
      .where(leadIdsIn(kinds, change.ids))
      .orderBy(asc(leads.id))
      .for('update');
    if (rows.length !== change.ids.length) throw new HttpError(404, SOME_LEADS_GONE);
    const targets = (chosen: typeof rows) => chosen.map((row) => `lead:${row.id} ${row.reference}`);
    if (change.action === 'delete') {
      const files = await tx.delete(leadFiles).where(inArray(leadFiles.leadId, change.ids)).returning({ id: leadFiles.id });
      await tx.delete(leads).where(inArray(leads.id, change.ids));
      await auditEach(tx, actorId, 'lead deleted', targets(rows), { bulk: true });
      return { changed: rows.length, files: files.map((file) => file.id) };
    }
    if (change.action === 'status') {
      const moving = rows.filter((row) => row.status !== change.status);
      if (moving.length === 0) return { changed: 0, files: [] };
      const ids = moving.map((row) => row.id);
      await tx
        .update(leads)
        .set({ status: change.status, updatedAt: sql`now()` })
        .where(and(inArray(leads.id, ids), ne(leads.status, change.status)));
      await tx.insert(leadEvents).values(moving.map((row) => ({ leadId: row.id, userId: actorId, fromStatus: row.status, toStatus: change.status, note: '' })));
      await auditEach(tx, actorId, `lead moved to ${change.status}`, targets(moving), { bulk: true });
      await queueStatusChanged(
        tx,
        ...moving.map((row) => ({
          record: row.kind === 'renewal' ? ('renewal' as const) : ('quote' as const),
          id: row.id,
          reference: row.reference,
          from: row.status,
          to: change.status,
        })),
      );
      return { changed: ids.length, files: [] };
    }
    await holdOwner(tx, change.ownerId);
    const moving = rows.filter((row) => row.ownerId !== change.ownerId);
    if (moving.length === 0) return { changed: 0, files: [] };
    await tx
      .update(leads)
      .set({ ownerId: change.ownerId, updatedAt: sql`now()` })
      .where(
        inArray(
          leads.id,
          moving.map((row) => row.id),
        ),
      );
    await auditEach(tx, actorId, 'lead assigned', targets(moving), { to: change.ownerId, bulk: true });
    return { changed: moving.length, files: [] };
  });
}

/** Deletes a request with its documents' rows; returns the documents' ids, whose files the caller removes. */
export async function deleteLead(db: Db, actorId: string, row: LeadRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    const attached = await tx.delete(leadFiles).where(eq(leadFiles.leadId, row.id)).returning({ id: leadFiles.id });
    await tx.delete(leads).where(eq(leads.id, row.id));
    await audit(tx, actorId, 'lead deleted', `lead:${row.id} ${row.reference}`);
    return attached.map((file) => file.id);
  });
}

/** A document of one of `kinds`' requests, or undefined. */
export async function findLeadFile(db: Db, kinds: readonly LeadKind[], id: string) {
  const [file] = await db
    .select({ id: leadFiles.id, name: leadFiles.originalName, mime: leadFiles.mime })
    .from(leadFiles)
    .innerJoin(leads, eq(leads.id, leadFiles.leadId))
    .where(and(eq(leadFiles.id, id), inArray(leads.kind, [...kinds])));
  return file;
}
