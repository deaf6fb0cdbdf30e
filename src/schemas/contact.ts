import * as v from 'valibot';
import { email, EMAIL_MAX, phone, requiredText } from './fields.ts';
import { messages } from './messages.ts';
import { humanCheck } from './human-check.ts';

/** The callback subjects of the spec; the empty 'Please select' option is not a valid answer. */
export const callbackSubjects = ['Non-standard commercial vehicle insurance', 'Van insurance for convicted drivers'] as const;

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000, recipients: 5 } as const;

/**
 * Extra recipients of the notification, as a comma-separated string or a list. Which domains
 * are allowed is the server's decision (configuration), checked after this schema.
 */
const recipientEmails = v.optional(
  v.pipe(
    v.union([v.string(messages.invalidEmail), v.array(v.string(messages.invalidEmail))], messages.invalidEmail),
    v.transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean)),
    v.maxLength(CONTACT_LIMITS.recipients, `At most ${CONTACT_LIMITS.recipients} addresses`),
    v.everyItem((item) => item.length <= EMAIL_MAX && v.is(email, item), messages.invalidEmail),
  ),
);

/** 'Request a Callback' form and `POST /api/v1/contacts/create`. */
export const ContactCreateSchema = v.object(
  {
    name: requiredText(CONTACT_LIMITS.name),
    email,
    phone,
    subject: requiredText(CONTACT_LIMITS.subject),
    message: requiredText(CONTACT_LIMITS.message),
    recipientEmails,
    /** The solved human check (see src/server/human-check/verify.ts); empty until it is solved. */
    humanCheck: v.optional(humanCheck, ''),
    /** Honeypot: hidden from people, filled in by form-filling bots. */
    website: v.optional(v.pipe(v.string(), v.maxLength(200))),
  },
  // A field left out altogether is reported like an empty one.
  messages.required,
);

export type ContactCreateInput = v.InferInput<typeof ContactCreateSchema>;
export type ContactCreate = v.InferOutput<typeof ContactCreateSchema>;

// The view lives in its own module so the callback island's bundle need not carry it; re-exported for callers of the first published shape.
export { ContactViewSchema, type ContactView } from './contact-view.ts';
