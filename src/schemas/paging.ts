import * as v from 'valibot';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const wholeNumber = (fallback: number, min: number, max: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'Must be a whole number'),
      v.transform(Number),
      v.transform((n) => Math.min(max, Math.max(min, n))),
    ),
    String(fallback),
  );

/** `?page=0&page_size=10`: zero-based page, size clamped to 1..100 (DESIGN.md, lists). */
export const PagingSchema = v.object({
  page: wholeNumber(0, 0, 1_000_000),
  page_size: wholeNumber(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
});

export type Paging = v.InferOutput<typeof PagingSchema>;

/** The paging fields every list response carries. */
export function pageInfo(paging: Paging, totalItems: number) {
  return {
    page: paging.page,
    page_size: paging.page_size,
    total_pages: Math.max(1, Math.ceil(totalItems / paging.page_size)),
    total_items: totalItems,
  };
}
