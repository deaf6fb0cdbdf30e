import * as v from 'valibot';
import { AlsoFromViewSchema, lostReasons, NextStepViewEntries } from './follow-up.ts';
import { leadKindNames, leadStatuses } from './leads/kinds.ts';

/** A quote or renewal request as lists show it. */
export const LeadViewSchema = v.object({
  _id: v.string(),
  kind: v.picklist(leadKindNames),
  /** VQ-2026-000123 and the like. */
  reference: v.string(),
  status: v.picklist(leadStatuses),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  registration: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  updatedAt: v.string(),
  /** The staff member looking after it, if anyone is. */
  owner: v.nullable(v.object({ _id: v.string(), name: v.string() })),
  /** A renewal's renewal date (YYYY-MM-DD); null for quotes. */
  renewalDate: v.nullable(v.string()),
  ...NextStepViewEntries,
  /** The outcome once quoted or won: the premium in euro ("1250.50"), and the insurer ('' when not recorded). */
  premium: v.nullable(v.string()),
  insurer: v.string(),
  /** The outcome once lost: why, and any detail. */
  lostReason: v.nullable(v.picklist(lostReasons)),
  lostDetail: v.string(),
  /**
   * What the customer pays today, as their form gave it (a renewal's and a fleet's current
   * premium, in whole euro: "1450"); null when the form asks none or it was left empty. Not an
   * outcome: a quoted premium is `premium`.
   */
  currentPremium: v.nullable(v.string()),
  /** The insurer the customer is with today, where the form asks (a fleet's); '' otherwise. */
  currentInsurer: v.string(),
});
export type LeadView = v.InferOutput<typeof LeadViewSchema>;

/** One step of the pipeline's history. */
export const LeadEventViewSchema = v.object({
  _id: v.string(),
  fromStatus: v.nullable(v.string()),
  toStatus: v.nullable(v.string()),
  note: v.string(),
  /** Who made the change ('Website' for the request itself). */
  by: v.string(),
  createdAt: v.string(),
});
export type LeadEventView = v.InferOutput<typeof LeadEventViewSchema>;

/** A document the visitor attached (as the request shows it, and as its finished upload answers). */
export const LeadFileViewSchema = v.object({ _id: v.string(), name: v.string(), bytes: v.number() });
export type LeadFileView = v.InferOutput<typeof LeadFileViewSchema>;

/** A request with its answers (grouped as on the form), documents and history. */
export const LeadDetailViewSchema = v.object({
  ...LeadViewSchema.entries,
  files: v.array(LeadFileViewSchema),
  /** What a broker looks at first (the vehicle, its value, the cover and its start, points), each as it reads. */
  keyFacts: v.array(v.object({ label: v.string(), value: v.string() })),
  answers: v.array(
    v.object({
      title: v.string(),
      rows: v.array(
        v.object({
          label: v.string(),
          value: v.string(),
          /** A repeated group's item (a claim) in its parts; value says the same in one line. */
          parts: v.optional(v.array(v.object({ label: v.string(), value: v.string() }))),
        }),
      ),
    }),
  ),
  events: v.array(LeadEventViewSchema),
  /** The same person's other callbacks, quotes and renewals (by email), newest first. */
  alsoFrom: v.array(AlsoFromViewSchema),
});
export type LeadDetailView = v.InferOutput<typeof LeadDetailViewSchema>;
