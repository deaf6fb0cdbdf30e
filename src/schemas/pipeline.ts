import * as v from 'valibot';
import { calendarDate, searchText } from './fields.ts';
import { nextStepDueFilters } from './follow-up.ts';

/**
 * What callbacks, quotes and renewals share in the back-office's pipeline: the owner, the
 * list filters as the address carries them, and the bulk actions' selection.
 */

/** The most records one bulk action takes (a page holds at most 100; the cap keeps one transaction short). */
export const BULK_MAX = 500;
/** The longest note staff may write on a callback, quote or renewal. */
export const NOTE_MAX = 2000;

const UNKNOWN_RECORD = 'Unknown record';
const NO_SUCH_STAFF = 'Choose a member of staff';

export const recordId = v.pipe(v.string(UNKNOWN_RECORD), v.uuid(UNKNOWN_RECORD));

/** The records a bulk action works on: one to BULK_MAX ids, each named once. */
export const BulkIdsSchema = v.pipe(
  v.array(recordId, 'Choose at least one record'),
  v.minLength(1, 'Choose at least one record'),
  v.maxLength(BULK_MAX, `At most ${BULK_MAX} records at once`),
  v.transform((ids) => [...new Set(ids)]),
);

/** `POST …/bulk/export`: the chosen records as CSV. */
export const BulkExportSchema = v.object({ ids: BulkIdsSchema });

/** An owner: a staff member's id, or null for nobody. */
export const ownerId = v.nullable(v.pipe(v.string(NO_SUCH_STAFF), v.uuid(NO_SUCH_STAFF)));

export const note = v.pipe(v.string(), v.trim(), v.maxLength(NOTE_MAX, `Must be ${NOTE_MAX} characters or fewer`));

/** A query value left empty (an unset filter in the address) is no filter at all. */
const blank = v.pipe(
  v.literal(''),
  v.transform(() => undefined),
);
export const optionalFilter = <S extends v.GenericSchema<string, unknown>>(schema: S, message: string) => v.optional(v.union([blank, schema], message));

/** The owner filter: a staff member's id, or `none` for the unassigned. */
export const ownerFilter = optionalFilter(v.union([v.literal('none'), v.pipe(v.string(), v.uuid())]), 'Choose a member of staff, or none');

/** The next-step filter: `overdue` for records whose next step was due before today. */
export const dueFilter = optionalFilter(v.picklist(nextStepDueFilters), 'Choose overdue, or no next-step filter');

/** The filters every pipeline list shares, as query values (`?status=new&owner=…&from=2026-11-01&to=…&q=…&due=overdue`). */
export const pipelineFilterEntries = <S extends readonly string[]>(statuses: S) => ({
  status: optionalFilter(v.picklist(statuses), 'Unknown status'),
  owner: ownerFilter,
  from: optionalFilter(calendarDate, 'Enter a date as YYYY-MM-DD'),
  to: optionalFilter(calendarDate, 'Enter a date as YYYY-MM-DD'),
  q: optionalFilter(searchText, 'Search for text'),
  due: dueFilter,
});

/**
 * The pipeline lists' order by next step: the earliest due first (in the Overdue view, the most
 * overdue), records without one last. `?sort=due`.
 */
export const DUE_SORT = 'due';

/**
 * How many records each of the pipeline lists' views holds ('Mine', 'Unassigned', 'New',
 * 'Overdue'), counted up to VIEW_COUNT_CAP each, so the count stays cheap on a large table: a
 * count at the cap means that many or more.
 */
export const VIEW_COUNT_CAP = 1000;
export const ViewCountsSchema = v.object({ mine: v.number(), unassigned: v.number(), new: v.number(), overdue: v.number() });
export type ViewCounts = v.InferOutput<typeof ViewCountsSchema>;

/** A staff member who can own a record, as the owner pickers list them. */
export const OwnerViewSchema = v.object({ _id: v.string(), name: v.string() });
export type OwnerView = v.InferOutput<typeof OwnerViewSchema>;
