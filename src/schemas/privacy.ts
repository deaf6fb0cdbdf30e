import * as v from 'valibot';
import { email } from './fields.ts';

/**
 * A data-subject request names the person by their email address: the back-office form and
 * the API (find, export, erase) check it with this one schema. Sent in a POST body, never in
 * an address, so it stays out of access logs.
 */
export const PrivacyRequestSchema = v.object({ email });
export type PrivacyRequest = v.InferOutput<typeof PrivacyRequestSchema>;
