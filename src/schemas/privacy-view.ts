import * as v from 'valibot';
import { roles } from './roles.ts';
import { leadKindNames, leadStatuses } from './leads/kinds.ts';

/** Everything held about one email address, as the Privacy requests screen lists it. */
export const PersonDataViewSchema = v.object({
  email: v.string(),
  callbacks: v.array(
    v.object({
      _id: v.string(),
      name: v.string(),
      phone: v.string(),
      subject: v.string(),
      createdAt: v.string(),
      /** Status changes and notes kept with the callback. */
      events: v.number(),
    }),
  ),
  requests: v.array(
    v.object({
      _id: v.string(),
      kind: v.picklist(leadKindNames),
      reference: v.string(),
      status: v.picklist(leadStatuses),
      name: v.string(),
      phone: v.string(),
      createdAt: v.string(),
      files: v.array(v.object({ _id: v.string(), name: v.string(), bytes: v.number() })),
      /** Status changes and notes kept with the request. */
      events: v.number(),
    }),
  ),
  /** Mails to, copied to or answering to the address, and those about its records. */
  mails: v.array(
    v.object({
      _id: v.string(),
      subject: v.string(),
      status: v.picklist(['queued', 'sent', 'failed']),
      /** False once only the envelope is kept (MAIL_BODY_RETENTION_DAYS). */
      hasBody: v.boolean(),
      createdAt: v.string(),
    }),
  ),
  user: v.nullable(v.object({ _id: v.string(), name: v.string(), isAdmin: v.boolean(), role: v.picklist(roles), createdAt: v.string() })),
});
export type PersonDataView = v.InferOutput<typeof PersonDataViewSchema>;

/** What an erasure removed: counts only, like its audit entry. */
export const ErasureViewSchema = v.object({
  /** The request's reference in the audit log (`privacy-request:<id>`), to quote to the person. */
  requestId: v.string(),
  callbacks: v.number(),
  requests: v.number(),
  files: v.number(),
  mails: v.number(),
  user: v.boolean(),
  /** The register's requests from the address, kept with their name and address replaced by 'Erased'. */
  registerEntries: v.number(),
});
export type ErasureView = v.InferOutput<typeof ErasureViewSchema>;
