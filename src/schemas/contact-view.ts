import * as v from 'valibot';

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
});
export type ContactView = v.InferOutput<typeof ContactViewSchema>;
