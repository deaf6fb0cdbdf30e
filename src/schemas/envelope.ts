import * as v from 'valibot';

/**
 * The envelope every API response carries: `ok`, `message` and `errors` (one per field).
 * These schemas describe responses in the OpenAPI document; the server builds them with
 * sendOk / sendFail (src/server/http/envelope.ts).
 */
export const FieldErrorSchema = v.object({ field: v.string(), message: v.string() });
export type FieldError = v.InferOutput<typeof FieldErrorSchema>;

/** A success: the envelope plus the route's own fields. */
export const okEnvelope = <const E extends v.ObjectEntries>(entries: E) =>
  v.object({ ok: v.literal(true), message: v.string(), errors: v.array(FieldErrorSchema), ...entries });

/** Any failure (4xx, 5xx). */
export const FailEnvelopeSchema = v.object({ ok: v.literal(false), message: v.string(), errors: v.array(FieldErrorSchema) });

/** The paging fields every list response carries (see pageInfo in paging.ts). */
export const pageInfoEntries = {
  page: v.number(),
  page_size: v.number(),
  total_pages: v.number(),
  total_items: v.number(),
};

/** A staff list's paging fields (see listPageInfo in paging.ts): the four above, the cursors, and whether total_items is an estimate. */
export const listPageInfoEntries = {
  ...pageInfoEntries,
  /** True when total_items is an estimate ("about N"): more rows match than the server counts exactly. */
  total_is_estimate: v.boolean(),
  /** Send as `cursor` for the page after this one; null on the last page. */
  next_cursor: v.nullable(v.string()),
  /** Send as `cursor` for the page before this one; null on the first page. */
  prev_cursor: v.nullable(v.string()),
};
