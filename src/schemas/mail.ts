import * as v from 'valibot';
import { searchText } from './fields.ts';
import { ListPagingSchema } from './paging.ts';

/** Where a mail stands in the outbox (src/server/db/schema.ts `outbox.status`). */
export const mailStatuses = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** The Mail screen's filters, from its form and the address: status, and words in a recipient or the subject. */
export const MailFilterSchema = v.object({
  status: v.optional(v.picklist(mailStatuses, 'Choose queued, sent or failed')),
  q: v.optional(searchText),
});
export type MailFilter = v.InferOutput<typeof MailFilterSchema>;

export const MailListQuerySchema = v.object({ ...ListPagingSchema.entries, ...MailFilterSchema.entries });
