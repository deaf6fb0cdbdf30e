import * as v from 'valibot';
import { contactStatuses } from './contact-statuses.ts';
import { createdSort, ListPagingSchema } from './paging.ts';
import { BulkIdsSchema, note, ownerId, pipelineFilterEntries } from './pipeline.ts';

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
 * filters, and the order (newest first unless `sort=oldest`), checked as every list's order by date is.
 */
export const ContactListQuerySchema = v.object({
  ...ListPagingSchema.entries,
  ...ContactFilterSchema.entries,
  sort: createdSort,
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
