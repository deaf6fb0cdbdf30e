import * as v from 'valibot';
import { searchText } from '../fields.ts';
import { humanCheck } from '../human-check.ts';
import { leadStatuses } from './kinds.ts';
import { createdSorts, ListPagingSchema } from '../paging.ts';
import { BulkIdsSchema, DUE_SORT, dueFilter, NOTE_MAX, note, ownerId } from '../pipeline.ts';

/** What a quote or renewal request carries beside its answers. */
export const LeadCreateExtrasSchema = v.object({
  /** The solved human check; empty until it is solved. */
  humanCheck: v.optional(humanCheck, ''),
  /** Honeypot: hidden from people, filled in by form-filling bots. */
  website: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export const LEAD_NOTE_MAX = NOTE_MAX;

const status = v.picklist(leadStatuses, 'Choose new, contacted, quoted, won or lost');

/** The back-office's pipeline form: a new status, a note, an owner (null for nobody), or any of them. */
export const LeadUpdateSchema = v.object({
  status: v.optional(status),
  note: v.optional(note),
  ownerId: v.optional(ownerId),
});

/** `POST /quotes/bulk`, `POST /renewals/bulk`: one change to each of the chosen requests, all or none. */
export const LeadBulkSchema = v.variant(
  'action',
  [
    v.object({ action: v.literal('status'), ids: BulkIdsSchema, status }),
    v.object({ action: v.literal('owner'), ids: BulkIdsSchema, ownerId }),
    v.object({ action: v.literal('delete'), ids: BulkIdsSchema }),
  ],
  'Choose an action: status, owner or delete',
);
export type LeadBulk = v.InferOutput<typeof LeadBulkSchema>;

/** The list's orders: received newest or oldest first, (renewals only) by renewal date, soonest or latest first, or by next step due. */
export const leadSorts = [...createdSorts, 'renewal-soonest', 'renewal-latest', DUE_SORT] as const;
export type LeadSort = (typeof leadSorts)[number];

/** The list's and the export's filters as the query string carries them (checked by the route, within the kinds its address serves). */
const filterEntries = {
  kind: v.optional(v.string()),
  status: v.optional(v.string()),
  from: v.optional(v.string()),
  to: v.optional(v.string()),
  q: v.optional(searchText),
  /** A staff member's id, or `none` for the unassigned. */
  owner: v.optional(v.string()),
  /** `overdue`: the next step was due before today. */
  due: dueFilter,
};
export const LeadExportQuerySchema = v.object(filterEntries);
/** What a list's answer may add up over every page of its filter (`sum=premium`: the board's column totals). */
export const leadSums = ['premium'] as const;
export type LeadSum = (typeof leadSums)[number];
export const LeadListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  ...filterEntries,
  sort: v.optional(v.union([v.literal(''), v.picklist(leadSorts)], 'Sort by newest, oldest, renewal-soonest, renewal-latest or due'), ''),
  sum: v.optional(v.picklist(leadSums, 'Only premium can be summed')),
});

/** A new request: the form's answers (checked by the kind's own schema), the human check and the honeypot. */
export const LeadCreateBodySchema = v.record(v.string(), v.unknown());
