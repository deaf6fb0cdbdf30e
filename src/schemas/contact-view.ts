import * as v from 'valibot';
import { contactStatuses } from './contact-statuses.ts';
import { AlsoFromViewSchema, NextStepViewEntries } from './follow-up.ts';

/** The staff member a record is assigned to. */
const OwnerSchema = v.nullable(v.object({ _id: v.string(), name: v.string() }));

/** An enquiry as the API returns it (`GET /api/v1/contacts/get/{id}`, the list, and the create answer). */
export const ContactViewSchema = v.object({
  _id: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  subject: v.string(),
  message: v.string(),
  /** ISO 8601. */
  createdAt: v.string(),
  /** Where the callback stands in the back-office's pipeline. */
  status: v.picklist(contactStatuses),
  owner: OwnerSchema,
  /** ISO 8601: the last change of status, owner, note or next step. */
  updatedAt: v.string(),
  ...NextStepViewEntries,
});
export type ContactView = v.InferOutput<typeof ContactViewSchema>;

/** One step of a callback's history: a status change and/or a note, by whom and when. */
export const ContactEventViewSchema = v.object({
  _id: v.string(),
  fromStatus: v.nullable(v.string()),
  toStatus: v.nullable(v.string()),
  note: v.string(),
  by: v.string(),
  createdAt: v.string(),
});

/** A callback with its history, newest first (`GET /api/v1/contacts/get/{id}`). */
export const ContactDetailViewSchema = v.object({
  ...ContactViewSchema.entries,
  events: v.array(ContactEventViewSchema),
  /** The same person's other callbacks, quotes and renewals (by email), newest first. */
  alsoFrom: v.array(AlsoFromViewSchema),
});
export type ContactDetailView = v.InferOutput<typeof ContactDetailViewSchema>;
