import * as v from 'valibot';

/**
 * A record named as staff know it (a contact's name, a request's reference and name, a post's
 * title, a mail's subject), read as it is now; `leadKind` says whether a request is a renewal.
 * An audit entry's target and a mail's cause are shown by it, with a link to the record.
 */
export const RecordNameViewSchema = v.object({ name: v.string(), leadKind: v.nullable(v.string()) });
export type RecordNameView = v.InferOutput<typeof RecordNameViewSchema>;
