import * as v from 'valibot';
import { searchText } from './fields.ts';
import { ListPagingSchema } from './paging.ts';

/** Where a mail stands in the outbox (src/server/db/schema.ts `outbox.status`). */
export const mailStatuses = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/**
 * Who a mail is for: a customer (a visitor's acknowledgement of the callback or request they
 * sent) or the team (the same record's notice to sales, sign-in links, invitations, notices).
 * src/server/mail/queries.ts (`customerMail`) says how the outbox tells them apart.
 */
export const mailAudiences = ['customer', 'team'] as const;
export type MailAudience = (typeof mailAudiences)[number];
export const MAIL_AUDIENCE_LABELS: Record<MailAudience, string> = { customer: 'Customers', team: 'Team' };

/** The Mail screen's filters, from its form and the address: status, who it is for, and words in a recipient or the subject. */
export const MailFilterSchema = v.object({
  status: v.optional(v.picklist(mailStatuses, 'Choose queued, sent or failed')),
  audience: v.optional(v.picklist(mailAudiences, 'Choose customer or team')),
  q: v.optional(searchText),
});
export type MailFilter = v.InferOutput<typeof MailFilterSchema>;

export const MailListQuerySchema = v.object({ ...ListPagingSchema.entries, ...MailFilterSchema.entries });
