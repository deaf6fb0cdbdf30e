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

/** `?page=0&page_size=10`: zero-based page, size clamped to 1..100 (docs/decisions/0002-keyset-paging.md). */
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

/**
 * The staff lists' paging: the page number as above, and an optional `cursor` from an
 * earlier answer's `next_cursor` or `prev_cursor` (or `last`), which the back-office's next,
 * previous and last buttons send so a deep page costs no more than the first. With a cursor,
 * `page` only names the page the client is on (it is answered back as it came).
 */
export const ListPagingSchema = v.object({
  ...PagingSchema.entries,
  cursor: v.optional(v.pipe(v.string(), v.maxLength(400, 'This page link is no longer valid. Go back to the first page of the list.'))),
});

export type ListPaging = Paging & { cursor?: string | undefined };

/** A list's order by when its rows came in: newest first (the default) or oldest first. */
export const createdSorts = ['newest', 'oldest'] as const;
export type CreatedSort = (typeof createdSorts)[number];
/** `?sort=newest|oldest` (empty: newest first), as the callbacks, users and audit lists take it. */
export const createdSort = v.optional(v.union([v.literal(''), v.picklist(createdSorts)], 'Sort by newest or oldest'), '');

/** A page of a staff list as the keyset helper (src/server/db/keyset.ts) answers it. */
export type CountedPage = {
  page: number;
  total: number;
  totalIsEstimate: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
};

/** The paging fields of a staff list's answer: the spec's four, and the cursors and whether the total is an estimate. */
export function listPageInfo(paging: Paging, result: CountedPage) {
  return {
    ...pageInfo({ page: result.page, page_size: paging.page_size }, result.total),
    total_is_estimate: result.totalIsEstimate,
    next_cursor: result.nextCursor,
    prev_cursor: result.prevCursor,
  };
}
