import * as v from 'valibot';
import { contactStatuses } from './contact-statuses.ts';
import { createdSorts, ListPagingSchema } from './paging.ts';
import { BulkIdsSchema, DUE_SORT, note, ownerId, pipelineFilterEntries } from './pipeline.ts';

/**
 * The back-office's callback pipeline (kept apart from contact.ts, so the public callback
 * form's bundle does not carry it).
 */

const STATUS_MESSAGE = 'Choose new, contacted or closed';
const status = v.picklist(contactStatuses, STATUS_MESSAGE);

/** `GET /contacts/export?status=&owner=&from=&to=&q=`: the list's filters. */
export const ContactFilterSchema = v.object(pipelineFilterEntries(contactStatuses));
export type ContactFilter = v.InferOutput<typeof ContactFilterSchema>;

/**
 * `GET /contacts/?page=0&page_size=10&status=new…&sort=oldest`: the spec's paging with the
 * filters, and the order (newest first unless `sort=oldest`), or by next step due (`sort=due`).
 */
export const contactSorts = [...createdSorts, DUE_SORT] as const;
export type ContactSort = (typeof contactSorts)[number];
export const ContactListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  ...ContactFilterSchema.entries,
  sort: v.optional(v.union([v.literal(''), v.picklist(contactSorts)], 'Sort by newest, oldest or due'), ''),
});

/** The callback's pipeline form: a new status, a note, an owner (null for nobody), or any of them. */
export const ContactUpdateSchema = v.object({
  status: v.optional(status),
  note: v.optional(note),
  ownerId: v.optional(ownerId),
});

/** `POST /contacts/bulk`: one change to each of the selected callbacks, all or none. */
export const ContactBulkSchema = v.variant(
  'action',
  [
    v.object({ action: v.literal('status'), ids: BulkIdsSchema, status }),
    v.object({ action: v.literal('owner'), ids: BulkIdsSchema, ownerId }),
    v.object({ action: v.literal('delete'), ids: BulkIdsSchema }),
  ],
  'Choose an action: status, owner or delete',
);
export type ContactBulk = v.InferOutput<typeof ContactBulkSchema>;
