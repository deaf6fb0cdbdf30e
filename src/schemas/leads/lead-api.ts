import * as v from 'valibot';
import { humanCheck } from '../human-check.ts';
import { leadStatuses } from './kinds.ts';
import { ListPagingSchema } from '../paging.ts';

/** What a quote or renewal request carries beside its answers. */
export const LeadCreateExtrasSchema = v.object({
  /** The solved human check; empty until it is solved. */
  humanCheck: v.optional(humanCheck, ''),
  /** Honeypot: hidden from people, filled in by form-filling bots. */
  website: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export const LEAD_NOTE_MAX = 2000;

/** The back-office's pipeline form: a new status, a note, or both. */
export const LeadUpdateSchema = v.object({
  status: v.optional(v.picklist(leadStatuses, 'Choose new, contacted, quoted, won or lost')),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(LEAD_NOTE_MAX, `Must be ${LEAD_NOTE_MAX} characters or fewer`))),
});

/** The list's and the export's filters as the query string carries them (checked by the route, within the kinds its address serves). */
const filterEntries = {
  kind: v.optional(v.string()),
  status: v.optional(v.string()),
  from: v.optional(v.string()),
  to: v.optional(v.string()),
  q: v.optional(v.string()),
};
export const LeadExportQuerySchema = v.object(filterEntries);
export const LeadListQuerySchema = v.object({ ...ListPagingSchema.entries, ...filterEntries });

/** A new request: the form's answers (checked by the kind's own schema), the human check and the honeypot. */
export const LeadCreateBodySchema = v.record(v.string(), v.unknown());
