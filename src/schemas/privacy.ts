import * as v from 'valibot';
import { email } from './fields.ts';

export const PERSON_DATA_MESSAGES = {
  registerId: 'Name the privacy request by its id, or leave it out',
  format: 'Choose json or html',
} as const;

/**
 * A data-subject request names the person by their email address: the back-office form and
 * the API (find, export, erase) check it with this one schema. Sent in a POST body, never in
 * an address, so it stays out of access logs. `registerId`, when sent (a request's page
 * sends it), is the register's request the look-up, export or erasure answers: its audit
 * entry names it, so the request's timeline shows it.
 */
export const PrivacyRequestSchema = v.object({
  email,
  registerId: v.optional(v.pipe(v.string(PERSON_DATA_MESSAGES.registerId), v.uuid(PERSON_DATA_MESSAGES.registerId))),
});
export type PrivacyRequest = v.InferOutput<typeof PrivacyRequestSchema>;

/**
 * The subject-access export's formats: `json`, one file with every record and document any
 * program can read; `html`, one page the person can open and read in a browser.
 */
export const exportFormats = ['json', 'html'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** `POST /privacy/export`: the person, the format (JSON unless `html` is asked for) and the request it answers, if any. */
export const PrivacyExportSchema = v.object({
  ...PrivacyRequestSchema.entries,
  format: v.optional(v.picklist(exportFormats, PERSON_DATA_MESSAGES.format), 'json'),
});
export type PrivacyExport = v.InferOutput<typeof PrivacyExportSchema>;
export type PrivacyExportValues = v.InferInput<typeof PrivacyExportSchema>;
